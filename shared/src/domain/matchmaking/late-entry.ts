import { divisionAccepts } from '../division-rules.ts';
import { type DraftDivision, type MatchCompetitor } from './types.ts';
import { candidateOf } from './util.ts';

// Late entries (decision 017): a competitor registered after publishing is "not in a
// division yet". The suggestion is a division of that event type whose criteria take them and
// whose every event type they entered and are not yet placed in (joining it places them in all
// of them); the one covering most of their event types first, then the smallest, then in order.

export function suggestDivision(
  c: MatchCompetitor,
  eventTypeId: number,
  unplacedTypeIds: readonly number[],
  divisions: readonly DraftDivision[],
): DraftDivision | null {
  const fits = divisions
    .map((d, order) => ({ d, order }))
    .filter(
      ({ d }) =>
        d.eventTypeIds.includes(eventTypeId) &&
        d.eventTypeIds.every((t) => unplacedTypeIds.includes(t)) &&
        !d.competitorIds.includes(c.id) &&
        divisionAccepts(d.criteria, candidateOf(c)),
    )
    .sort(
      (a, b) =>
        b.d.eventTypeIds.length - a.d.eventTypeIds.length ||
        a.d.competitorIds.length - b.d.competitorIds.length ||
        a.order - b.order,
    );
  return fits[0]?.d ?? null;
}

/** Entries (competitor, event type) of `competitors` that no division holds. */
export function entriesOutside(
  competitors: readonly MatchCompetitor[],
  divisions: readonly DraftDivision[],
  eventTypeIds: readonly number[],
): { competitor: MatchCompetitor; eventTypeId: number }[] {
  const held = new Set(
    divisions.flatMap((d) => d.competitorIds.flatMap((c) => d.eventTypeIds.map((t) => `${c}:${t}`))),
  );
  const out: { competitor: MatchCompetitor; eventTypeId: number }[] = [];
  for (const c of [...competitors].sort((a, b) => a.id - b.id)) {
    for (const t of eventTypeIds) {
      if (c.eventTypeIds.includes(t) && !held.has(`${c.id}:${t}`))
        out.push({ competitor: c, eventTypeId: t });
    }
  }
  return out;
}
