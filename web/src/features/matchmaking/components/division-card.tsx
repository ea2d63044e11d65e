import { useRef, useState } from 'react';
import { divisionTitle } from '@shared/domain/matchmaking/index.ts';
import { Link } from 'react-router';
import type { DraftView } from '@shared/contract/matchmaking.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import { isMessageRef } from '@shared/i18n/message-ref.ts';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { moveCompetitor, patchDivision } from '../api/matchmaking.ts';
import { isOver, isUnder, levelName, typeTitles, type DivisionView } from '../model/draft-model.ts';
import { href } from '@web/app/pages.ts';
import { holdingPlace, rememberPlace, useChangeToast } from './keep-place.ts';

// One division of a draft (decision 017): its competitors, warnings and overrides; rename,
// note, lock; split (any division of two or more), combine; move a competitor to another
// division of the same event types. Each edit keeps the director's place and says what changed,
// with Undo where the opposite edit gives back exactly what was there (decision 052).

const GENDER: Record<1 | 2, MessageKey> = { 1: 'matchmaking.gender.male', 2: 'matchmaking.gender.female' };

function MoveControl({
  view,
  division,
  competitorId,
  changed,
}: {
  view: DraftView;
  division: DivisionView;
  competitorId: number;
  changed: ReturnType<typeof useChangeToast>;
}) {
  const [to, setTo] = useState('');
  const draftId = view.draft.id;
  const name = view.competitors.find((c) => c.id === competitorId);
  const move = useAction(async () => {
    const toId = Number(to);
    // The row goes from this division: the division stays where it is on screen, and its heading
    // takes the focus the Move button had.
    await holdingPlace(division.id, () =>
      moveCompetitor(draftId, { competitorId, fromDivisionId: division.id, toDivisionId: toId }),
    );
    const target = view.divisions.find((d) => d.id === toId);
    changed(
      t('matchmaking.toast.moved', {
        name: `${name?.firstName} ${name?.lastName}`,
        division: target ? tm(target.title) : '',
      }),
      () =>
        holdingPlace(division.id, () =>
          moveCompetitor(draftId, { competitorId, fromDivisionId: toId, toDivisionId: division.id }),
        ),
    );
  });
  const targets = view.divisions.filter(
    (d) => d.id !== division.id && d.eventTypeIds.join() === division.eventTypeIds.join(),
  );
  if (targets.length === 0) return null;
  return (
    <span className="flex gap-1 print:hidden">
      <select
        aria-label={t('matchmaking.move.label', { name: `${name?.firstName} ${name?.lastName}` })}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        value={to}
        onChange={(e) => setTo(e.target.value)}
      >
        <option value="">{t('matchmaking.move.choose')}</option>
        {targets.map((d) => (
          <option key={d.id} value={d.id}>
            {tm(d.title)}
          </option>
        ))}
      </select>
      <Button size="sm" variant="outline" disabled={!to || move.busy} onClick={() => void move.run()}>
        {t('matchmaking.move')}
      </Button>
    </span>
  );
}

export function DivisionCard({ view, division }: { view: DraftView; division: DivisionView }) {
  const [editing, setEditing] = useState(false);
  // A generated title is a message reference (shared titles.ts): the field shows its text, and
  // the title is sent only when changed, so a note's edit leaves it generated (read in each
  // reader's language) rather than typed in this one.
  const shownTitle = tm(division.title);
  const [title, setTitle] = useState(shownTitle);
  const [note, setNote] = useState(division.note);
  const editButton = useRef<HTMLButtonElement>(null);
  const changed = useChangeToast();
  const draftId = view.draft.id;
  const startEditing = () => {
    setTitle(shownTitle);
    setNote(division.note);
    setEditing(true);
  };
  const save = useAction(async () => {
    const before = { title: division.title, note: division.note };
    const renamed = title !== shownTitle;
    await patchDivision(draftId, division.id, { ...(renamed ? { title } : {}), note });
    setEditing(false);
    // The form has gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => editButton.current?.focus());
    // A typed title goes back as typed, a generated one as "the title of its criteria"; a
    // generated title of another kind (a split's "(1)") cannot be sent back, so no Undo then.
    const typed = !isMessageRef(before.title);
    const generated = before.title === divisionTitle(division.criteria, view.levels);
    const undo =
      renamed && !typed && !generated
        ? undefined
        : () =>
            patchDivision(draftId, division.id, {
              ...(renamed ? { title: typed ? before.title : null } : {}),
              note: before.note,
            });
    changed(
      renamed
        ? t('matchmaking.toast.renamed', { from: shownTitle, to: title })
        : t('matchmaking.toast.noted', { division: shownTitle }),
      undo,
      () => editButton.current?.focus(),
    );
  });
  const lock = useAction(async () => {
    const locked = !division.locked;
    await patchDivision(draftId, division.id, { locked });
    changed(
      t(locked ? 'matchmaking.toast.locked' : 'matchmaking.toast.unlocked', { division: shownTitle }),
      () => patchDivision(draftId, division.id, { locked: !locked }),
    );
  });
  const people = division.competitorIds
    .map((id) => view.competitors.find((c) => c.id === id))
    .filter((c) => c !== undefined);
  const empty = people.length === 0;
  return (
    <Card data-testid="division" aria-labelledby={`division-${division.id}`}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle as="h3" id={`division-${division.id}`} tabIndex={-1}>
            {shownTitle}
          </CardTitle>
          <div className="flex flex-wrap gap-1">
            {division.locked && <Badge variant="secondary">{t('matchmaking.locked')}</Badge>}
            {division.overrides.length > 0 && <Badge variant="outline">{t('matchmaking.override')}</Badge>}
            {division.warnings.map((w) => (
              <Badge key={w.message} variant="danger">
                {tm(w.message)}
              </Badge>
            ))}
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          {typeTitles(view, division.eventTypeIds)} · {t('matchmaking.competitors', { count: people.length })}
        </p>
        {division.overrides.map((o) => (
          <p key={o} className="text-sm">
            {t('matchmaking.overrideText', { text: tm(o) })}
          </p>
        ))}
        {division.note && !editing && (
          <p className="text-sm">{t('matchmaking.noteText', { text: division.note })}</p>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {editing ? (
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void save.run();
            }}
          >
            <label className="grid gap-1 text-sm">
              {t('matchmaking.division.title')}
              <Input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={120} />
            </label>
            <label className="grid gap-1 text-sm">
              {t('matchmaking.division.note')}
              <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
            </label>
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={save.busy}>
                {t('matchmaking.save')}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
                {t('matchmaking.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button ref={editButton} size="sm" variant="outline" onClick={startEditing}>
              {t('matchmaking.division.edit')}
            </Button>
            <Button size="sm" variant="outline" disabled={lock.busy} onClick={() => void lock.run()}>
              {division.locked ? t('matchmaking.division.unlock') : t('matchmaking.division.lock')}
            </Button>
            {people.length >= 2 && (
              <Button asChild size="sm" variant={isOver(division) ? 'default' : 'outline'}>
                <Link
                  to={href('splitDivision', { draftId, draftDivisionId: division.id })}
                  onClick={rememberPlace}
                >
                  {t('matchmaking.division.split')}
                </Link>
              </Button>
            )}
            {!empty && (
              <Button asChild size="sm" variant={isUnder(division) ? 'default' : 'outline'}>
                <Link
                  to={href('combineDivision', { draftId, draftDivisionId: division.id })}
                  onClick={rememberPlace}
                >
                  {t('matchmaking.division.combine')}
                </Link>
              </Button>
            )}
            <Button asChild size="sm" variant="ghost">
              <Link to={href('divisionSheet', { draftDivisionId: division.id })}>
                {t('matchmaking.division.sheet')}
              </Link>
            </Button>
          </div>
        )}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('matchmaking.col.name')}</TableHead>
              <TableHead>{t('matchmaking.col.age')}</TableHead>
              <TableHead>{t('matchmaking.col.gender')}</TableHead>
              <TableHead>{t('matchmaking.col.level')}</TableHead>
              <TableHead>{t('matchmaking.col.weight')}</TableHead>
              <TableHead>{t('matchmaking.col.school')}</TableHead>
              <TableHead className="print:hidden">{t('matchmaking.col.move')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {people.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  {c.firstName} {c.lastName}
                </TableCell>
                <TableCell>{c.age}</TableCell>
                <TableCell>{t(GENDER[c.gender])}</TableCell>
                <TableCell>{levelName(view, c.competitorLevelId)}</TableCell>
                <TableCell>
                  {c.weight === null ? '' : t('matchmaking.weight', { weight: c.weight })}
                </TableCell>
                <TableCell>{c.school}</TableCell>
                <TableCell className="print:hidden">
                  <MoveControl view={view} division={division} competitorId={c.id} changed={changed} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
