import { msg } from '../../i18n/message-ref.ts';
import { divisionAccepts, type DivisionCandidate, type DivisionRule } from '../division-rules.ts';
import { type DraftDivision, type MatchCompetitor, type MatchLevel } from './types.ts';
import { candidateOf, competitorName } from './util.ts';

// A division's warnings (decision 017): empty (never published), under its minimum, over its
// maximum, and anyone its criteria do not take (only possible after a director's move, shown with
// the override), naming the test of the rule that is broken and the competitor.

export type WarningKind = 'empty' | 'tooSmall' | 'tooLarge' | 'outsideRule';

/** The tests of a division rule a competitor can fail, in the order a director checks them. */
export type RuleTest = 'gender' | 'age' | 'weight' | 'level';

export interface DivisionWarning {
  kind: WarningKind;
  message: string;
  /** For `outsideRule`: which test of the rule the competitor fails. */
  rule?: RuleTest;
  /** For `outsideRule`: who. */
  competitorId?: number;
}

/** A division with no competitor: shown in the draft, never published, so never on a ring or a TV. */
export const isEmptyDivision = (d: { competitorIds: readonly number[] }) => d.competitorIds.length === 0;

/** The divisions of a draft that a publication carries: every one but the empty ones. */
export const publishableDivisions = <D extends { competitorIds: readonly number[] }>(
  list: readonly D[],
): D[] => list.filter((d) => !isEmptyDivision(d));

/** The first test of `rule` that `c` fails (gender, age, weight, then level); null when it fits. */
export function brokenTest(rule: DivisionRule, c: DivisionCandidate): RuleTest | null {
  if (rule.gender !== null && rule.gender !== c.gender) return 'gender';
  if (c.age < rule.minAge || c.age > rule.maxAge) return 'age';
  if (rule.minWeight !== null || rule.maxWeight !== null) {
    if (
      c.weight === null ||
      (rule.minWeight !== null && c.weight < rule.minWeight) ||
      (rule.maxWeight !== null && c.weight > rule.maxWeight)
    ) {
      return 'weight';
    }
  }
  if (!divisionAccepts(rule, c)) return 'level';
  return null;
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

const genderWord = (g: 1 | 2 | null) => (g === 1 ? 'male' : g === 2 ? 'female' : 'mixed');

/** The warning's text: the rule's test that is broken, the competitor, and what the rule takes. */
function breachMessage(
  test: RuleTest,
  rule: DivisionRule,
  c: MatchCompetitor,
  levels: readonly MatchLevel[],
): string {
  const name = competitorName(c);
  switch (test) {
    case 'gender':
      return msg('server.matchmaking.breach.gender', {
        name,
        gender: genderWord(c.gender),
        rule: genderWord(rule.gender),
      });
    case 'age':
      return msg('server.matchmaking.breach.age', { name, age: c.age, min: rule.minAge, max: rule.maxAge });
    case 'weight':
      return c.weight === null
        ? msg('server.matchmaking.breach.noWeight', { name })
        : msg('server.matchmaking.breach.weight', { name, weight: c.weight });
    case 'level': {
      const level = levels.find((l) => l.id === c.competitorLevelId)?.name;
      return level === undefined
        ? msg('server.matchmaking.breach.noLevel', { name })
        : msg('server.matchmaking.breach.level', { name, level });
    }
  }
}

export function divisionWarnings(
  d: DraftDivision,
  competitors: ReadonlyMap<number, MatchCompetitor>,
  levels: readonly MatchLevel[] = [],
): DivisionWarning[] {
  const n = d.competitorIds.length;
  if (n === 0) return [{ kind: 'empty', message: msg('server.matchmaking.empty') }];
  const out: DivisionWarning[] = [];
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
    const rule = brokenTest(d.criteria, candidateOf(c)) ?? 'level';
    out.push({
      kind: 'outsideRule',
      rule,
      competitorId: c.id,
      message: breachMessage(rule, d.criteria, c, levels),
    });
  }
  return out;
}
