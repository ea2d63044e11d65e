import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SyncDivision } from '@shared/contract/sync-entities.ts';
import { recordScore } from '@shared/domain/mutators/index.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { t, tm } from '@web/lib/i18n.tsx';
import { cn } from '@web/lib/utils.ts';
import { mutate } from '@web/sync/hooks.ts';
import { checkScore, type DivisionView, type JudgedEventView } from '../model/rules.ts';
import { rememberEntry, supersededScore } from '../model/sent-entries.ts';
import { PendingMark } from './pending-mark.tsx';

// The score grid of a judged event type (decision 023): a row per competitor present, a field per
// judge (3 or 5). A score is sent when its field is left or Enter is pressed (Enter moves on to
// the next field); totals drop the highest and lowest (shared rule), the ranking says how each
// tie was broken, and a run-off round appears when the rule asks for one.

export function JudgedScores({
  division,
  event,
  view,
}: {
  division: SyncDivision;
  event: JudgedEventView;
  view: DivisionView;
}) {
  const { rules, standing } = event;
  const judges = Array.from({ length: rules.judges }, (_, i) => i + 1);
  return (
    <div className="grid gap-4" data-testid={`judged-${rules.eventTypeId}`}>
      <ScoreGrid
        caption={t('matchday.scores.caption', { event: rules.title })}
        division={division}
        event={event}
        view={view}
        round={0}
        competitorIds={view.present.map((e) => e.competitorId)}
        judges={judges}
        withRanking
      />
      {standing.ties.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={t('matchday.ties')} data-testid="ties">
          {standing.ties.map((tie) => (
            <li key={tie.key}>{tie.text}</li>
          ))}
        </ul>
      )}
      {standing.runOffs.map((runOff) => (
        <div
          key={`${runOff.round}:${runOff.competitorIds.join(',')}`}
          className="grid gap-2 rounded-md border-2 border-dashed p-3"
          data-testid="run-off"
        >
          <p className="font-semibold">
            {t('matchday.runOff.text', {
              round: runOff.round,
              names: runOff.competitorIds
                .map(view.name)
                .reduce((first, second) => t('matchday.and', { first, second })),
              place: runOff.forPlace,
            })}
          </p>
          <ScoreGrid
            caption={t('matchday.runOff.caption', { event: rules.title, round: runOff.round })}
            division={division}
            event={event}
            view={view}
            round={runOff.round}
            competitorIds={runOff.competitorIds}
            judges={judges}
            withRanking={false}
          />
        </div>
      ))}
    </div>
  );
}

function ScoreGrid({
  caption,
  division,
  event,
  view,
  round,
  competitorIds,
  judges,
  withRanking,
}: {
  caption: string;
  division: SyncDivision;
  event: JudgedEventView;
  view: DivisionView;
  round: number;
  competitorIds: readonly number[];
  judges: number[];
  withRanking: boolean;
}) {
  const { rules, standing } = event;
  // Enter moves on to the next field once the score is accepted (ScoreCell checks it first).
  const moveOn = (field: HTMLInputElement) => {
    const fields = [
      ...(field.closest('table')?.querySelectorAll<HTMLInputElement>('input[data-score]') ?? []),
    ];
    const next = fields[fields.indexOf(field) + 1];
    if (next) next.focus();
    else field.blur();
  };
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('matchday.scores.competitor')}</TableHead>
          {judges.map((j) => (
            <TableHead key={j} className="text-center">
              {t('matchday.scores.judge', { judge: j })}
            </TableHead>
          ))}
          {withRanking && (
            <>
              <TableHead className="text-right">{t('matchday.scores.total')}</TableHead>
              <TableHead className="text-right">{t('matchday.scores.rank')}</TableHead>
            </>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {competitorIds.map((competitorId) => {
          const row = standing.rows.get(competitorId);
          const name = view.name(competitorId);
          return (
            <TableRow key={competitorId} data-testid="score-row">
              <TableCell className="font-medium">{name}</TableCell>
              {judges.map((judge) => (
                <TableCell key={judge} className="p-1 align-top">
                  <ScoreCell
                    division={division}
                    eventTypeId={rules.eventTypeId}
                    competitorId={competitorId}
                    judge={judge}
                    round={round}
                    label={
                      round > 0
                        ? t('matchday.scores.labelRunOff', { judge, name, round })
                        : t('matchday.scores.label', { judge, name })
                    }
                    event={event}
                    moveOn={moveOn}
                  />
                </TableCell>
              ))}
              {withRanking && (
                <>
                  <TableCell className="text-right tabular-nums" data-testid="score-total">
                    {row?.total ?? '–'}
                    {row?.dropped && (
                      <span className="block text-xs text-muted-foreground">
                        {t('matchday.scores.dropped', { scores: row.dropped })}
                      </span>
                    )}
                  </TableCell>
                  <TableCell className="text-right font-semibold" data-testid="score-rank">
                    {row?.rank ?? '–'}
                  </TableCell>
                </>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function ScoreCell({
  division,
  eventTypeId,
  competitorId,
  judge,
  round,
  label,
  event,
  moveOn,
}: {
  division: SyncDivision;
  eventTypeId: number;
  competitorId: number;
  judge: number;
  round: number;
  label: string;
  event: JudgedEventView;
  moveOn: (field: HTMLInputElement) => void;
}) {
  const standing = event.scoreOf(competitorId, judge, round);
  const shown = standing ? String(standing.value) : '';
  const [draft, setDraftState] = useState<string | null>(null);
  // The draft as last typed, for a blur that follows Enter before React renders again.
  const draftRef = useRef<string | null>(null);
  const setDraft = (text: string | null) => {
    draftRef.current = text;
    setDraftState(text);
  };
  const [error, setError] = useState<string | null>(null);
  // A score out of range keeps the focus on its field, once: leaving it again is allowed.
  const input = useRef<HTMLInputElement>(null);
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus > 0) input.current?.focus();
  }, [refocus]);
  const note = supersededScore(standing);
  const pending = event.scorePending(competitorId, judge, round);
  const id = `score-${division.id}-${eventTypeId}-${competitorId}-${judge}-${round}`;

  /** Sends the draft if it is a score; false when it is out of range (then it stays, with why). */
  const commit = (): boolean => {
    if (draftRef.current === null) return true;
    const text = draftRef.current.trim().replace(',', '.');
    setDraft(null);
    if (text === '' || text === shown) {
      setError(null);
      return true;
    }
    const checked = checkScore(text, event.rules);
    if (!checked.ok) {
      if (error !== checked.message) setRefocus((n) => n + 1);
      setError(checked.message);
      setDraft(text);
      return false;
    }
    setError(null);
    const at = new Date().toISOString();
    rememberEntry(`${division.id}:${eventTypeId}:${competitorId}:${judge}:${round}`, at, checked.value);
    void mutate(recordScore, {
      divisionId: division.id,
      eventTypeId,
      competitorId,
      judge,
      round,
      value: checked.value,
      at,
    });
    return true;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (commit()) moveOn(e.currentTarget);
  };

  return (
    <div className="grid gap-0.5">
      <input
        ref={input}
        id={id}
        data-score=""
        aria-label={label}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error || note ? `${id}-note` : undefined}
        className={cn(
          'h-11 w-16 rounded-md border border-input bg-background px-2 text-center text-base tabular-nums focus-visible:outline-2 focus-visible:outline-ring',
          error && 'border-destructive',
          note && 'border-2 border-dashed',
        )}
        value={draft ?? shown}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
      />
      {pending && <PendingMark />}
      {(error || note) && (
        <span
          id={`${id}-note`}
          className="max-w-28 text-xs"
          data-testid={note ? 'superseded-note' : 'score-error'}
        >
          {error ?? (note && tm(note))}
        </span>
      )}
    </div>
  );
}
