import { msg } from '../../i18n/message-ref.ts';
import type { DivisionRule } from '../division-rules.ts';
import { divisionTitle, splitTitle } from './titles.ts';
import { DomainError } from '../domain-error.ts';
import { MATCHMAKING_REFUSED, type DraftDivision, type MatchCompetitor, type MatchLevel } from './types.ts';
import { ascending } from './util.ts';

// Splitting a division of any size (decisions 017 and 052) into two: by age, weight or level at the
// cut that leaves the two halves closest in size (the earlier cut on a tie), or by the
// competitors a director picks. Criteria narrow to each half, so nobody breaks a rule by a split;
// the first half keeps the division's key (its row), the second is new.

export type SplitHow =
  { by: 'age' } | { by: 'weight' } | { by: 'level' } | { by: 'pick'; competitorIds: readonly number[] };

/** The index i of the best cut of sorted distinct values: left takes values[0..i]. */
function balancedCut(values: readonly number[], countOf: (v: number) => number): number {
  const total = values.reduce((s, v) => s + countOf(v), 0);
  let best = 0;
  let bestGap = Infinity;
  let left = 0;
  for (let i = 0; i < values.length - 1; i++) {
    left += countOf(values[i]!);
    const gap = Math.abs(total - 2 * left);
    if (gap < bestGap) {
      bestGap = gap;
      best = i;
    }
  }
  return best;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function splitDivision(
  d: DraftDivision,
  how: SplitHow,
  competitors: ReadonlyMap<number, MatchCompetitor>,
  levels: readonly MatchLevel[],
): [DraftDivision, DraftDivision] {
  const members = d.competitorIds.map((id) => {
    const c = competitors.get(id);
    if (!c)
      throw new DomainError(
        MATCHMAKING_REFUSED,
        msg('server.matchmaking.unknownCompetitor', { id: String(id) }),
        409,
      );
    return c;
  });
  const make = (ids: number[], criteria: DivisionRule, key: string, title?: string): DraftDivision => ({
    ...d,
    key,
    criteria,
    title: title ?? divisionTitle(criteria, levels),
    competitorIds: ascending(ids),
  });
  const secondKey = `${d.key}/2`;

  if (how.by === 'pick') {
    const picked = new Set(how.competitorIds);
    const b = members.filter((c) => picked.has(c.id)).map((c) => c.id);
    if (b.length === 0 || b.length === members.length || b.length !== picked.size) {
      throw new DomainError(MATCHMAKING_REFUSED, msg('server.matchmaking.pickSome'), 409);
    }
    const a = members.filter((c) => !picked.has(c.id)).map((c) => c.id);
    return [
      make(a, d.criteria, d.key, splitTitle(d.title, 1)),
      make(b, d.criteria, secondKey, splitTitle(d.title, 2)),
    ];
  }

  if (how.by === 'level') {
    const order = [...levels].sort((x, y) => x.sortOrder - y.sortOrder || x.id - y.id).map((l) => l.id);
    const pos = (id: number | null) => (id === null ? -1 : order.indexOf(id));
    const present = [...new Set(members.map((c) => pos(c.competitorLevelId)))].sort((x, y) => x - y);
    if (present.length < 2)
      throw new DomainError(MATCHMAKING_REFUSED, msg('server.matchmaking.sameLevel'), 409);
    const cut =
      present[balancedCut(present, (p) => members.filter((c) => pos(c.competitorLevelId) === p).length)]!;
    // The criteria's own levels (every level when it lists none) are divided at the cut.
    const own = d.criteria.competitorLevelIds.length ? d.criteria.competitorLevelIds : order;
    const lowLevels = own.filter((id) => pos(id) <= cut);
    const highLevels = own.filter((id) => pos(id) > cut);
    const a = members.filter((c) => pos(c.competitorLevelId) <= cut).map((c) => c.id);
    const b = members.filter((c) => pos(c.competitorLevelId) > cut).map((c) => c.id);
    return [
      make(a, { ...d.criteria, competitorLevelIds: ascending(lowLevels) }, d.key),
      make(b, { ...d.criteria, competitorLevelIds: ascending(highLevels) }, secondKey),
    ];
  }

  if (how.by === 'age') {
    const ages = [...new Set(members.map((c) => c.age))].sort((x, y) => x - y);
    if (ages.length < 2) throw new DomainError(MATCHMAKING_REFUSED, msg('server.matchmaking.sameAge'), 409);
    const cut = ages[balancedCut(ages, (v) => members.filter((c) => c.age === v).length)]!;
    return [
      make(
        members.filter((c) => c.age <= cut).map((c) => c.id),
        { ...d.criteria, maxAge: Math.max(cut, d.criteria.minAge) },
        d.key,
      ),
      make(
        members.filter((c) => c.age > cut).map((c) => c.id),
        { ...d.criteria, minAge: Math.min(cut + 1, d.criteria.maxAge) },
        secondKey,
      ),
    ];
  }

  if (members.some((c) => c.weight === null)) {
    throw new DomainError(MATCHMAKING_REFUSED, msg('server.matchmaking.weightMissing'), 409);
  }
  const weights = [...new Set(members.map((c) => c.weight!))].sort((x, y) => x - y);
  if (weights.length < 2)
    throw new DomainError(MATCHMAKING_REFUSED, msg('server.matchmaking.sameWeight'), 409);
  const cut = weights[balancedCut(weights, (v) => members.filter((c) => c.weight === v).length)]!;
  return [
    make(
      members.filter((c) => c.weight! <= cut).map((c) => c.id),
      { ...d.criteria, maxWeight: cut },
      d.key,
    ),
    make(
      members.filter((c) => c.weight! > cut).map((c) => c.id),
      { ...d.criteria, minWeight: round1(cut + 0.1) },
      secondKey,
    ),
  ];
}
