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
      msg('server.matchmaking.notInDivision', {
        competitor: competitorName(competitor),
        division: from.title,
      }),
      409,
    );
  }
  if (to.competitorIds.includes(competitor.id)) {
    throw new DomainError(
      MATCHMAKING_REFUSED,
      msg('server.matchmaking.alreadyIn', { competitor: competitorName(competitor), division: to.title }),
      409,
    );
  }
  if (!sameIds(from.eventTypeIds, to.eventTypeIds)) {
    throw new DomainError(
      MATCHMAKING_REFUSED,
      'A competitor moves only between divisions of the same event types',
      409,
    );
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
            `Moved in outside the rule: ${competitorName(competitor)}, age ${competitor.age}`,
          ],
    },
  ];
}
