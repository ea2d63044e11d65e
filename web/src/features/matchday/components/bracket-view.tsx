import { useState } from 'react';
import type { SyncDivision } from '@shared/contract/sync-entities.ts';
import type { ResolvedMatch } from '@shared/domain/matchday/index.ts';
import { recordMatchWinner } from '@shared/domain/mutators/index.ts';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/venue/confirm-dialog.tsx';
import { t, tm } from '@web/lib/i18n.tsx';
import { mutate } from '@web/sync/hooks.ts';
import type { BracketEventView, DivisionView } from '../model/rules.ts';
import { rememberEntry, supersededWinner } from '../model/sent-entries.ts';
import { PendingMark } from './pending-mark.tsx';

// The drawn bracket of a bracket event type (decision 023), round by round: each ready match has a
// "winner" button per competitor; byes say so; a decided match shows its winner (tap the other
// competitor to change it while the division runs; the later entry wins across tablets). Changing
// a winner who already fought on first lists the later results it undoes and asks.

/** A change of winner waiting for the official's answer. */
interface Change {
  matchId: string;
  label: string;
  from: number;
  to: number;
  undone: ResolvedMatch[];
}

export function BracketView({
  division,
  event,
  view,
}: {
  division: SyncDivision;
  event: BracketEventView;
  view: DivisionView;
}) {
  const [change, setChange] = useState<Change | null>(null);
  if (!event.drawn) return <p>{t('matchday.bracket.notDrawn')}</p>;
  if (event.rounds.length === 0) return <p>{t('matchday.bracket.oneCompetitor')}</p>;
  const labels = new Map<string, string>();
  for (const round of event.rounds)
    round.matches.forEach((m, i) =>
      labels.set(
        m.id,
        m.kind === 'third'
          ? t('matchday.bracket.thirdPlace')
          : round.matches.length === 1
            ? round.title
            : t('matchday.bracket.match', { round: round.title, number: i + 1 }),
      ),
    );
  const send = (matchId: string, winnerId: number) => {
    const at = new Date().toISOString();
    rememberEntry(`${division.id}:${event.rules.eventTypeId}:${matchId}`, at, winnerId);
    void mutate(recordMatchWinner, {
      divisionId: division.id,
      eventTypeId: event.rules.eventTypeId,
      matchId,
      winnerId,
      at,
    });
  };
  const pick = (m: ResolvedMatch, winnerId: number) => {
    const undone = m.winner === null ? [] : event.undoneBy(m.id, winnerId);
    if (undone.length === 0) send(m.id, winnerId);
    else setChange({ matchId: m.id, label: labels.get(m.id) ?? m.id, from: m.winner!, to: winnerId, undone });
  };
  return (
    <div className="flex flex-wrap gap-4" data-testid={`bracket-${event.rules.eventTypeId}`}>
      {change && (
        <ConfirmDialog
          title={t('matchday.change.title', { match: change.label })}
          description={t('matchday.change.undoes', {
            name: view.name(change.from),
            other: view.name(change.to),
          })}
          confirm={t('matchday.change.confirm', { count: change.undone.length })}
          keep={t('matchday.change.keep', { name: view.name(change.from) })}
          onAnswer={(yes) => {
            if (yes) send(change.matchId, change.to);
            setChange(null);
          }}
        >
          <ul className="grid list-disc gap-1 pl-5" data-testid="undone-matches">
            {change.undone.map((u) => (
              <li key={u.id}>
                {t('matchday.change.undone', {
                  match: labels.get(u.id) ?? u.id,
                  winner: view.name(u.winner!),
                })}
              </li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
      {event.rounds.map((round) => (
        <section key={round.round} aria-label={round.title} className="grid min-w-56 content-start gap-2">
          <h4 className="font-semibold">{round.title}</h4>
          {round.matches.map((m) => {
            const label = labels.get(m.id) ?? m.id;
            const note = supersededWinner(event.matchResult(m.id));
            if (m.isBye) {
              const through = m.a ?? m.b;
              return (
                <div
                  key={m.id}
                  className="rounded-md border border-dashed p-2 text-sm"
                  data-testid="bracket-bye"
                >
                  {through !== null
                    ? t('matchday.bracket.byeThrough', { name: view.name(through) })
                    : t('matchday.bracket.bye')}
                </div>
              );
            }
            return (
              <div
                key={m.id}
                role="group"
                aria-label={label}
                className="grid gap-1 rounded-md border p-2"
                data-testid="bracket-match"
              >
                <p className="text-xs font-semibold uppercase text-muted-foreground">{label}</p>
                {[m.a, m.b].map((side, k) =>
                  side === null ? (
                    <p key={k} className="flex min-h-11 items-center text-sm text-muted-foreground">
                      {t('matchday.bracket.toBeDecided')}
                    </p>
                  ) : (
                    <div key={side} className="flex items-center justify-between gap-2">
                      <span
                        className={
                          m.winner === side
                            ? 'font-semibold'
                            : m.winner !== null
                              ? 'text-muted-foreground line-through'
                              : ''
                        }
                      >
                        {view.name(side)}
                        {m.winner === side && t('matchday.bracket.winnerMark')}{' '}
                        {m.winner === side && event.matchPending(m.id) && <PendingMark />}
                      </span>
                      {division.status === 'current' && m.a !== null && m.b !== null && m.winner !== side && (
                        <Button
                          variant={m.winner === null ? 'default' : 'outline'}
                          className="h-11"
                          aria-label={t('matchday.bracket.wins', { name: view.name(side), match: label })}
                          onClick={() => pick(m, side)}
                        >
                          {m.winner === null
                            ? t('matchday.bracket.winner')
                            : t('matchday.bracket.changeWinner')}
                        </Button>
                      )}
                    </div>
                  ),
                )}
                {note && (
                  <p className="text-xs" data-testid="superseded-note">
                    {tm(note)}
                  </p>
                )}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
