import { msg } from '../../i18n/message-ref.ts';
import type { DivisionRule } from '../division-rules.ts';
import { divisionTitle } from './titles.ts';
import { DomainError } from '../domain-error.ts';
import { MATCHMAKING_REFUSED, type DraftDivision, type MatchLevel } from './types.ts';
import { ascending, sameIds } from './util.ts';

// Combining a small division with a neighbour (decision 017). Neighbours run the same event
// types. The rule's gender comes first, then its level, then age: the nearest have the same
// gender, then adjacent levels, then adjacent ages. A division of the other gender is never
// suggested (a lone girl is not put in a boys' division); a mixed one comes after every one of
// the same gender. The combined division's criteria widen to take both groups, which is a
// director's override of the rule: it is recorded on the division and shows on its sheet.

export interface CombineSuggestion {
  division: DraftDivision;
  /** 0 for the same gender, levels and ages; larger is further. */
  distance: number;
}

/** 0 when the ranges overlap, 1 when adjacent, 2 with one value between them... */
const gap = (aMin: number, aMax: number, bMin: number, bMax: number) => Math.max(0, bMin - aMax, aMin - bMax);

function levelSpan(ids: readonly number[], order: readonly number[]): [number, number] {
  if (ids.length === 0) return [0, order.length - 1];
  const pos = ids.map((id) => order.indexOf(id)).filter((p) => p >= 0);
  return pos.length ? [Math.min(...pos), Math.max(...pos)] : [0, order.length - 1];
}

/** Whether one is boys' (men's) and the other girls' (women's): never combined by suggestion. */
export const oppositeGenders = (a: DraftDivision, b: DraftDivision) =>
  a.criteria.gender !== null && b.criteria.gender !== null && a.criteria.gender !== b.criteria.gender;

/** Gender, then level, then age: any gender difference outweighs any level gap, any level gap any age gap. */
export function combineDistance(a: DraftDivision, b: DraftDivision, levels: readonly MatchLevel[]): number {
  const order = [...levels].sort((x, y) => x.sortOrder - y.sortOrder || x.id - y.id).map((l) => l.id);
  const ages = Math.min(gap(a.criteria.minAge, a.criteria.maxAge, b.criteria.minAge, b.criteria.maxAge), 99);
  const [aLo, aHi] = levelSpan(a.criteria.competitorLevelIds, order);
  const [bLo, bHi] = levelSpan(b.criteria.competitorLevelIds, order);
  const lv = Math.min(gap(aLo, aHi, bLo, bHi), 99);
  const gender = a.criteria.gender === b.criteria.gender ? 0 : oppositeGenders(a, b) ? 2 : 1;
  return gender * 10_000 + lv * 100 + ages;
}

/** The nearest divisions `d` could be combined with, nearest first (then by title and key). */
export function combineSuggestions(
  d: DraftDivision,
  all: readonly DraftDivision[],
  levels: readonly MatchLevel[],
  limit = 5,
): CombineSuggestion[] {
  return all
    .filter((o) => o.key !== d.key && sameIds(o.eventTypeIds, d.eventTypeIds) && !oppositeGenders(o, d))
    .map((division) => ({ division, distance: combineDistance(d, division, levels) }))
    .sort(
      (x, y) =>
        x.distance - y.distance ||
        (x.division.title < y.division.title ? -1 : x.division.title > y.division.title ? 1 : 0) ||
        (x.division.key < y.division.key ? -1 : 1),
    )
    .slice(0, limit);
}

const widerMin = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.min(a, b));
const widerMax = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(a, b));

/** `target` taking `source`'s competitors; `source` is gone afterwards. */
export function combineDivisions(
  target: DraftDivision,
  source: DraftDivision,
  levels: readonly MatchLevel[],
): DraftDivision {
  if (target.key === source.key)
    throw new DomainError(MATCHMAKING_REFUSED, msg('server.matchmaking.combineItself'), 409);
  if (!sameIds(target.eventTypeIds, source.eventTypeIds)) {
    throw new DomainError(MATCHMAKING_REFUSED, msg('server.matchmaking.combineEventTypes'), 409);
  }
  const a = target.criteria;
  const b = source.criteria;
  const criteria: DivisionRule = {
    minAge: Math.min(a.minAge, b.minAge),
    maxAge: Math.max(a.maxAge, b.maxAge),
    gender: a.gender === b.gender ? a.gender : null,
    competitorLevelIds:
      a.competitorLevelIds.length === 0 || b.competitorLevelIds.length === 0
        ? []
        : ascending([...a.competitorLevelIds, ...b.competitorLevelIds]),
    minWeight: widerMin(a.minWeight, b.minWeight),
    maxWeight: widerMax(a.maxWeight, b.maxWeight),
    minSize: Math.min(a.minSize, b.minSize),
    maxSize: Math.max(a.maxSize, b.maxSize),
  };
  return {
    ...target,
    criteria,
    title: divisionTitle(criteria, levels),
    competitorIds: ascending([...target.competitorIds, ...source.competitorIds]),
    locked: target.locked || source.locked,
    note: [target.note, source.note].filter(Boolean).join('\n'),
    overrides: [
      ...target.overrides,
      ...source.overrides,
      msg('server.matchmaking.combined', { target: target.title, source: source.title }),
    ],
  };
}
