import { msg } from '../../i18n/message-ref.ts';
import { divisionAccepts } from '../division-rules.ts';
import { type DraftDivision, type MatchCompetitor } from './types.ts';
import { candidateOf, competitorName } from './util.ts';

// A division's warnings (decision 017): under its minimum, over its maximum, and anyone its
// criteria do not take (only possible after a director's move, shown with the override).

export type WarningKind = 'tooSmall' | 'tooLarge' | 'outsideRule';

export interface DivisionWarning {
  kind: WarningKind;
  message: string;
}

/** Competitors of a division that its criteria do not accept. */
export function ruleBreaches(
  d: DraftDivision,
  competitors: ReadonlyMap<number, MatchCompetitor>,
): MatchCompetitor[] {
  return d.competitorIds
    .map((id) => competitors.get(id))
    .filter((c): c is MatchCompetitor => c !== undefined && !divisionAccepts(d.criteria, candidateOf(c)));
}

export function divisionWarnings(
  d: DraftDivision,
  competitors: ReadonlyMap<number, MatchCompetitor>,
): DivisionWarning[] {
  const out: DivisionWarning[] = [];
  const n = d.competitorIds.length;
  if (n < d.criteria.minSize) {
    out.push({
      kind: 'tooSmall',
      message: msg('server.matchmaking.tooSmall', { n, min: d.criteria.minSize }),
    });
  }
  if (n > d.criteria.maxSize) {
    out.push({
      kind: 'tooLarge',
      message: msg('server.matchmaking.tooLarge', { n, max: d.criteria.maxSize }),
    });
  }
  for (const c of ruleBreaches(d, competitors)) {
    out.push({
      kind: 'outsideRule',
      message: msg('server.matchmaking.outsideRule', { name: competitorName(c), age: c.age }),
    });
  }
  return out;
}
