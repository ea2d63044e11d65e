import { msg } from '../../i18n/message-ref.ts';
import { divisionAccepts } from '../division-rules.ts';
import { divisionTitle } from './titles.ts';
import {
  type DraftDivision,
  type MatchCompetitor,
  type MatchEventType,
  type MatchLevel,
  type MatchRule,
  type Unplaced,
} from './types.ts';
import { ascending, byId, candidateOf } from './util.ts';

// Making a draft (decision 017). Per event type, each competitor entered goes to the first
// rule (settings order) that accepts them; a rule's group entered in several event types with
// exactly the same competitors becomes one division carrying those event types. Everything is
// ordered by ids and sort orders, never by arrival, so the same input gives the same draft.

export interface DraftInput {
  rules: readonly MatchRule[];
  levels: readonly MatchLevel[];
  eventTypes: readonly MatchEventType[];
  competitors: readonly MatchCompetitor[];
  /** Event types the draft covers; every type when absent. */
  eventTypeIds?: readonly number[];
}

export interface DraftResult {
  divisions: DraftDivision[];
  unplaced: Unplaced[];
}

const ruleOrder = (a: MatchRule, b: MatchRule) => a.sortOrder - b.sortOrder || a.id - b.id;
export const typeOrder = (a: MatchEventType, b: MatchEventType) => a.sortOrder - b.sortOrder || a.id - b.id;

/** Why no rule takes a competitor: the first test every rule fails, in the order a director checks. */
export function noRuleReason(
  c: MatchCompetitor,
  rules: readonly MatchRule[],
  levels: readonly MatchLevel[],
): string {
  const byAge = rules.filter((r) => c.age >= r.minAge && c.age <= r.maxAge);
  if (byAge.length === 0) return msg('server.matchmaking.noRule.age', { age: c.age });
  const byGender = byAge.filter((r) => r.gender === null || r.gender === c.gender);
  const who = { gender: c.gender === 1 ? 'male' : 'female', age: c.age };
  if (byGender.length === 0) return msg('server.matchmaking.noRule.gender', who);
  const byLevel = byGender.filter(
    (r) =>
      r.competitorLevelIds.length === 0 ||
      (c.competitorLevelId !== null && r.competitorLevelIds.includes(c.competitorLevelId)),
  );
  if (byLevel.length === 0) {
    const level = levels.find((l) => l.id === c.competitorLevelId)?.name;
    return level === undefined
      ? msg('server.matchmaking.noRule.noLevel', who)
      : msg('server.matchmaking.noRule.level', { ...who, level });
  }
  if (c.weight === null) return msg('server.matchmaking.noRule.noWeight');
  return msg('server.matchmaking.noRule.weight', { ...who, weight: c.weight });
}

/** The display order of divisions: event type, age, gender, level, weight, then title and key. */
export function sortDivisions(
  divisions: readonly DraftDivision[],
  eventTypes: readonly MatchEventType[],
  levels: readonly MatchLevel[],
): DraftDivision[] {
  const typePos = new Map([...eventTypes].sort(typeOrder).map((t, i) => [t.id, i]));
  const levelPos = new Map(
    [...levels].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((l, i) => [l.id, i]),
  );
  const firstType = (d: DraftDivision) => Math.min(...d.eventTypeIds.map((t) => typePos.get(t) ?? 1e9));
  const firstLevel = (d: DraftDivision) =>
    d.criteria.competitorLevelIds.length
      ? Math.min(...d.criteria.competitorLevelIds.map((l) => levelPos.get(l) ?? 1e9))
      : -1;
  const gender = (d: DraftDivision) => d.criteria.gender ?? 0;
  return [...divisions].sort(
    (a, b) =>
      firstType(a) - firstType(b) ||
      a.criteria.minAge - b.criteria.minAge ||
      a.criteria.maxAge - b.criteria.maxAge ||
      gender(a) - gender(b) ||
      firstLevel(a) - firstLevel(b) ||
      (a.criteria.minWeight ?? -1) - (b.criteria.minWeight ?? -1) ||
      (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

/**
 * A fresh draft. Entries already held by `locked` divisions (regenerating a draft) are left to
 * them; the locked divisions come back unchanged among the new ones.
 */
export function generateDraft(input: DraftInput, locked: readonly DraftDivision[] = []): DraftResult {
  const rules = [...input.rules].sort(ruleOrder);
  const wanted = input.eventTypeIds ? new Set(input.eventTypeIds) : null;
  const types = [...input.eventTypes].filter((t) => !wanted || wanted.has(t.id)).sort(typeOrder);
  const competitors = [...input.competitors].sort((a, b) => a.id - b.id);
  const held = new Set(
    locked.flatMap((d) => d.competitorIds.flatMap((c) => d.eventTypeIds.map((t) => `${c}:${t}`))),
  );

  // rule id -> event type id -> competitor ids
  const groups = new Map<number, Map<number, number[]>>();
  const unplaced: Unplaced[] = [];
  for (const type of types) {
    for (const c of competitors) {
      if (!c.eventTypeIds.includes(type.id) || held.has(`${c.id}:${type.id}`)) continue;
      const rule = rules.find((r) => divisionAccepts(r, candidateOf(c)));
      if (!rule) {
        unplaced.push({
          competitorId: c.id,
          eventTypeId: type.id,
          reason: noRuleReason(c, rules, input.levels),
        });
        continue;
      }
      const perType = groups.get(rule.id) ?? new Map<number, number[]>();
      groups.set(rule.id, perType);
      perType.set(type.id, [...(perType.get(type.id) ?? []), c.id]);
    }
  }

  const fresh: DraftDivision[] = [];
  const ruleById = byId(rules);
  for (const [ruleId, perType] of groups) {
    const rule = ruleById.get(ruleId);
    if (!rule) continue;
    // Event types whose group is the very same competitors share one division.
    const bySignature = new Map<string, number[]>();
    for (const type of types) {
      const ids = perType.get(type.id);
      if (!ids) continue;
      const signature = ascending(ids).join(',');
      bySignature.set(signature, [...(bySignature.get(signature) ?? []), type.id]);
    }
    for (const [signature, typeIds] of bySignature) {
      const criteria = {
        minAge: rule.minAge,
        maxAge: rule.maxAge,
        gender: rule.gender,
        competitorLevelIds: [...rule.competitorLevelIds].sort((a, b) => a - b),
        minWeight: rule.minWeight,
        maxWeight: rule.maxWeight,
        minSize: rule.minSize,
        maxSize: rule.maxSize,
      };
      fresh.push({
        key: `r${rule.id}:t${typeIds.join('.')}`,
        ruleId: rule.id,
        title: divisionTitle(criteria, input.levels),
        criteria,
        eventTypeIds: typeIds,
        competitorIds: signature.split(',').map(Number),
        locked: false,
        note: '',
        overrides: [],
      });
    }
  }
  return { divisions: sortDivisions([...locked, ...fresh], input.eventTypes, input.levels), unplaced };
}
