import { msg } from '../../i18n/message-ref.ts';
import { divisionAccepts } from '../division-rules.ts';
import { DomainError } from '../domain-error.ts';
import { MATCHMAKING_REFUSED, type DraftDivision, type MatchCompetitor } from './types.ts';
import { ascending, candidateOf, competitorName, sameIds } from './util.ts';

// Moving one competitor to another division of the same event types (decision 017). A move
// the target's criteria do not take is allowed, as the director's override, and recorded.

export function moveCompetitor(
  from: DraftDivision,
  to: DraftDivision,
  competitor: MatchCompetitor,
): [DraftDivision, DraftDivision] {
  if (from.key === to.key)
    throw new DomainError(MATCHMAKING_REFUSED, msg('server.matchmaking.alreadyInDivision'), 409);
  if (!from.competitorIds.includes(competitor.id)) {
    throw new DomainError(
      MATCHMAKING_REFUSED,
      msg('server.matchmaking.notInDivision', { name: competitorName(competitor), division: from.title }),
      409,
    );
  }
  if (to.competitorIds.includes(competitor.id)) {
    throw new DomainError(
      MATCHMAKING_REFUSED,
      msg('server.matchmaking.alreadyIn', { name: competitorName(competitor), division: to.title }),
      409,
    );
  }
  if (!sameIds(from.eventTypeIds, to.eventTypeIds)) {
    throw new DomainError(MATCHMAKING_REFUSED, msg('server.matchmaking.moveEventTypes'), 409);
  }
  const fits = divisionAccepts(to.criteria, candidateOf(competitor));
  return [
    { ...from, competitorIds: from.competitorIds.filter((id) => id !== competitor.id) },
    {
      ...to,
      competitorIds: ascending([...to.competitorIds, competitor.id]),
      overrides: fits
        ? to.overrides
        : [
            ...to.overrides,
            msg('server.matchmaking.movedOutsideRule', {
              name: competitorName(competitor),
              age: competitor.age,
            }),
          ],
    },
  ];
}
