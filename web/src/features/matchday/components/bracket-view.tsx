import type { SyncDivision } from '@shared/contract/sync-entities.ts';
import { recordMatchWinner } from '@shared/domain/mutators/index.ts';
import { Button } from '@web/components/ui/button.tsx';
import { t, tm } from '@web/lib/i18n.tsx';
import { mutate } from '@web/sync/hooks.ts';
import type { BracketEventView, DivisionView } from '../model/rules.ts';
import { rememberEntry, supersededWinner } from '../model/sent-entries.ts';

// The drawn bracket of a bracket event type (decision 023), round by round: each ready match has a
// "winner" button per competitor; byes say so; a decided match shows its winner (tap the other
// competitor to change it while the division runs; the later entry wins across tablets).

export function BracketView({
  division,
  event,
  view,
}: {
  division: SyncDivision;
  event: BracketEventView;
  view: DivisionView;
}) {
  if (!event.drawn) return <p>{t('matchday.bracket.notDrawn')}</p>;
  if (event.rounds.length === 0) return <p>{t('matchday.bracket.oneCompetitor')}</p>;
  const pick = (matchId: string, winnerId: number) => {
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
  return (
    <div className="flex flex-wrap gap-4" data-testid={`bracket-${event.rules.eventTypeId}`}>
      {event.rounds.map((round) => (
        <section key={round.round} aria-label={round.title} className="grid min-w-56 content-start gap-2">
          <h4 className="font-semibold">{round.title}</h4>
          {round.matches.map((m, i) => {
            const label =
              m.kind === 'third'
                ? t('matchday.bracket.thirdPlace')
                : round.matches.length === 1
                  ? round.title
                  : t('matchday.bracket.match', { round: round.title, number: i + 1 });
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
                        {m.winner === side && t('matchday.bracket.winnerMark')}
                      </span>
                      {division.status === 'current' && m.a !== null && m.b !== null && m.winner !== side && (
                        <Button
                          variant={m.winner === null ? 'default' : 'outline'}
                          className="h-11"
                          aria-label={t('matchday.bracket.wins', { name: view.name(side), match: label })}
                          onClick={() => pick(m.id, side)}
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
