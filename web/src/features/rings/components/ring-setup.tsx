import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { RingCreateSchema } from '@shared/contract/matchday.ts';
import type { SyncRing } from '@shared/contract/sync-entities.ts';
import { setRingOpen } from '@shared/domain/mutators/index.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { useAction } from '@web/lib/action.ts';
import { t } from '@web/lib/i18n.tsx';
import { useForm } from '@web/lib/form.ts';
import { TextField } from '@web/components/form/text-field.tsx';
import { mutate } from '@web/sync/hooks.ts';
import { createRing, removeRing, renameRing, reorderRings } from '../api/rings.ts';

// The rings page's setup region (online, over /api): the tournament's rings, added, renamed, opened and closed, reordered.

export function RingSetup({ rings, tournamentId }: { rings: SyncRing[]; tournamentId: number | undefined }) {
  const form = useForm({
    schema: RingCreateSchema,
    initial: { name: '' },
    toInput: (v) => ({ tournamentId, name: v.name.trim() }),
    showErrors: 'submitted',
    onSubmit: async (_checked, v) => {
      if (tournamentId === undefined) return;
      await createRing(tournamentId, v.name.trim());
      form.reset();
    },
    action: { errorPrefix: t('rings.setup.addFailed') },
  });
  const name = form.values.name;
  const reorder = useAction((ids: number[]) => reorderRings(tournamentId!, ids), {
    errorPrefix: t('rings.setup.reorderFailed'),
  });
  const onAdd = (e: FormEvent<HTMLFormElement>) => {
    if (name.trim()) void form.submit(e);
    else e.preventDefault();
  };
  const moveRing = (index: number, step: -1 | 1) => {
    const ids = rings.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + step, 0, id!);
    void reorder.run(ids);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('rings.setup.title')}</CardTitle>
        <p className="text-sm text-muted-foreground">{t('rings.setup.hint')}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {rings.length === 0 && <p>{t('rings.setup.none')}</p>}
        <ul className="grid gap-2" aria-label={t('rings.setup.list')}>
          {rings.map((ring, i) => (
            <RingRow
              key={ring.id}
              ring={ring}
              first={i === 0}
              last={i === rings.length - 1}
              onMove={(step) => moveRing(i, step)}
              busy={reorder.busy}
            />
          ))}
        </ul>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={onAdd}
          aria-label={t('rings.setup.addForm')}
        >
          <TextField
            id="new-ring-name"
            label={t('rings.setup.newName')}
            className="h-11 w-60"
            maxLength={40}
            placeholder={t('rings.setup.placeholder', { number: rings.length + 1 })}
            {...form.field('name')}
          />
          <Button type="submit" size="lg" disabled={form.busy || !name.trim() || tournamentId === undefined}>
            {t('rings.setup.add')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** How long "Undo" stays beside a ring just closed. */
export const UNDO_CLOSE_MS = 10_000;

function RingRow({
  ring,
  first,
  last,
  onMove,
  busy,
}: {
  ring: SyncRing;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  busy: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(ring.name);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // Closing a ring is undone for ten seconds by one tap (reopening it), rather than asked first.
  const [undoable, setUndoable] = useState(false);
  useEffect(() => {
    if (!undoable) return;
    const timer = setTimeout(() => setUndoable(false), UNDO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [undoable]);
  const setOpen = (isOpen: boolean) => {
    void mutate(setRingOpen, { ringId: ring.id, isOpen });
    setUndoable(!isOpen);
  };
  const rename = useAction(
    async () => {
      await renameRing(ring.id, name.trim());
      setEditing(false);
    },
    { errorPrefix: t('rings.setup.renameFailed') },
  );
  const remove = useAction(() => removeRing(ring.id), {
    errorPrefix: t('rings.setup.removeFailed'),
  });

  return (
    <li className="flex flex-wrap items-center gap-2 border-t pt-2" data-testid="ring-row">
      {editing ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void rename.run();
          }}
        >
          <Label htmlFor={`ring-name-${ring.id}`} className="sr-only">
            {t('rings.setup.nameOf', { ring: ring.name })}
          </Label>
          <Input
            id={`ring-name-${ring.id}`}
            className="h-11 w-48"
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" className="h-11" disabled={rename.busy || !name.trim()}>
            {t('rings.setup.saveName')}
          </Button>
          <Button variant="outline" className="h-11" onClick={() => setEditing(false)}>
            {t('rings.cancel')}
          </Button>
        </form>
      ) : (
        <span className="min-w-32 font-medium">{ring.name}</span>
      )}
      <Badge variant={ring.isOpen ? 'success' : 'outline'}>
        {ring.isOpen ? t('rings.open') : t('rings.closed')}
      </Badge>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button variant="outline" className="h-11" onClick={() => setOpen(!ring.isOpen)}>
          {ring.isOpen
            ? t('rings.setup.close', { ring: ring.name })
            : t('rings.setup.reopen', { ring: ring.name })}
        </Button>
        <span role="status" className="inline-flex items-center gap-2 empty:hidden">
          {undoable && !ring.isOpen && (
            <>
              {t('rings.setup.closed', { ring: ring.name })}
              <Button variant="outline" className="h-11" onClick={() => setOpen(true)}>
                {t('rings.setup.undo')}
              </Button>
            </>
          )}
        </span>
        {/* The TV by this ring shows it alone (signage's ?rings=, decision 022). */}
        <Button asChild variant="outline" className="h-11">
          <a href={`/signage/ring-assignments?rings=${ring.id}`} target="_blank" rel="noopener">
            {t('rings.setup.tv', { ring: ring.name })}
          </a>
        </Button>
        {!editing && (
          <Button
            variant="outline"
            className="h-11"
            aria-label={t('rings.setup.renameLabel', { ring: ring.name })}
            onClick={() => setEditing(true)}
          >
            {t('rings.setup.rename')}
          </Button>
        )}
        <Button
          variant="outline"
          className="h-11 w-11 p-0"
          aria-label={t('rings.setup.up', { ring: ring.name })}
          disabled={first || busy}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          className="h-11 w-11 p-0"
          aria-label={t('rings.setup.down', { ring: ring.name })}
          disabled={last || busy}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        {confirmRemove ? (
          <>
            <Button
              variant="destructive"
              className="h-11"
              disabled={remove.busy}
              onClick={() => void remove.run()}
            >
              {t('rings.setup.removeForGood', { ring: ring.name })}
            </Button>
            <Button variant="outline" className="h-11" onClick={() => setConfirmRemove(false)}>
              {t('rings.setup.keep')}
            </Button>
          </>
        ) : (
          <Button
            variant="outline"
            className="h-11"
            aria-label={t('rings.setup.removeLabel', { ring: ring.name })}
            onClick={() => setConfirmRemove(true)}
          >
            {t('rings.setup.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}
