import type { SyncDivision } from '@shared/contract/sync-entities.ts';
import { recordMatchWinner } from '@shared/domain/mutators/index.ts';
import { Button } from '@web/components/ui/button.tsx';
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
  if (!event.drawn) return <p>The bracket is drawn when the division starts.</p>;
  if (event.rounds.length === 0) return <p>One competitor: no match to fight.</p>;
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
                ? 'Third place match'
                : round.matches.length === 1
                  ? round.title
                  : `${round.title}, match ${i + 1}`;
            const note = supersededWinner(event.matchResult(m.id));
            if (m.isBye) {
              const through = m.a ?? m.b;
              return (
                <div
                  key={m.id}
                  className="rounded-md border border-dashed p-2 text-sm"
                  data-testid="bracket-bye"
                >
                  {through !== null ? `${view.name(through)}: bye, goes through` : 'Bye'}
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
                      To be decided
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
                        {m.winner === side && ' ✓ Winner'}
                      </span>
                      {division.status === 'current' && m.a !== null && m.b !== null && m.winner !== side && (
                        <Button
                          variant={m.winner === null ? 'default' : 'outline'}
                          className="h-11"
                          aria-label={`${view.name(side)} wins: ${label}`}
                          onClick={() => pick(m.id, side)}
                        >
                          {m.winner === null ? 'Winner' : 'Change to winner'}
                        </Button>
                      )}
                    </div>
                  ),
                )}
                {note && (
                  <p className="text-xs" data-testid="superseded-note">
                    {note}
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
