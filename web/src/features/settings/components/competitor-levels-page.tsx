import { CompetitorLevelInputSchema, type CompetitorLevel } from '@tournament/shared';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import {
  deleteCompetitorLevel,
  moved,
  reorderCompetitorLevels,
  saveCompetitorLevel,
  useCompetitorLevels,
} from '../api/settings.ts';
import { textBinding, useSettingsForm } from '../hooks/use-settings-form.ts';
import { MoveButtons, RemoveButton } from './row-actions.tsx';
import { Loading, SettingsShell } from './settings-shell.tsx';

const toInput = (v: { name: string }): unknown => v;

/** `/admin/competitor-levels`: an ordered list (move up/down), renamed in place (issue 8). */
export function CompetitorLevelsPage() {
  const { data, error, isLoading } = useCompetitorLevels();
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [busy, setBusy] = useState(false);
  const form = useSettingsForm(CompetitorLevelInputSchema, { name: '' }, toInput);

  async function run(action: () => Promise<unknown>, success?: string) {
    setBusy(true);
    clearAlert();
    try {
      await action();
      if (success) showAlert('success', success);
      return true;
    } catch (e) {
      showError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    const ok = await run(() => saveCompetitorLevel(null, input), `The level "${input.name}" was added.`);
    if (ok) form.reset({ name: '' });
  }

  return (
    <SettingsShell
      title="Competitor Levels"
      description="Levels from beginner up, in order; divisions and registrations use them."
    >
      <Card>
        <CardContent className="pt-6">
          <form
            noValidate
            onSubmit={onAdd}
            className="flex flex-wrap items-end gap-2"
            aria-label="New competitor level"
          >
            <div className="min-w-64 flex-1">
              <TextField label="New level" required {...textBinding(form, 'name')} />
            </div>
            <Button type="submit" disabled={busy}>
              Add level
            </Button>
          </form>
        </CardContent>
      </Card>
      <Loading error={error} isLoading={isLoading && !data} />
      {data && (
        <ol className="grid gap-2" aria-label="Competitor levels in order">
          {data.map((level, i) => (
            <LevelRow
              key={`${level.id}:${level.name}`}
              level={level}
              index={i}
              count={data.length}
              busy={busy}
              onMove={(by) =>
                run(() =>
                  reorderCompetitorLevels(
                    moved(
                      data.map((l) => l.id),
                      i,
                      by,
                    ),
                  ),
                )
              }
              onRename={(name) =>
                run(() => saveCompetitorLevel(level.id, { name }), `The level was renamed to "${name}".`)
              }
              onRemove={() =>
                run(() => deleteCompetitorLevel(level.id), `The level "${level.name}" was removed.`)
              }
            />
          ))}
        </ol>
      )}
    </SettingsShell>
  );
}

function LevelRow({
  level,
  index,
  count,
  busy,
  onMove,
  onRename,
  onRemove,
}: {
  level: CompetitorLevel;
  index: number;
  count: number;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onRename: (name: string) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
}) {
  const [name, setName] = useState(level.name);
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border p-2">
      <span className="w-6 text-right text-sm text-muted-foreground">{index + 1}.</span>
      <Input
        aria-label={`Name of level ${index + 1}`}
        className="max-w-xs flex-1"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {name.trim() !== level.name && (
        <Button size="sm" disabled={busy || !name.trim()} onClick={() => onRename(name.trim())}>
          Save name
        </Button>
      )}
      <MoveButtons label={level.name} index={index} count={count} disabled={busy} onMove={onMove} />
      <RemoveButton label={level.name} onRemove={async () => void (await onRemove())} />
    </li>
  );
}
