import type { MatchCompetitor } from './types.ts';

// Small helpers of the matchmaking rules (not exported from the package).

export const competitorName = (c: Pick<MatchCompetitor, 'firstName' | 'lastName'>) =>
  `${c.firstName} ${c.lastName}`;

export const byId = <T extends { id: number }>(rows: readonly T[]): Map<number, T> =>
  new Map(rows.map((r) => [r.id, r]));

export const ascending = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

export const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export const candidateOf = (c: MatchCompetitor) => ({
  age: c.age,
  gender: c.gender,
  competitorLevelId: c.competitorLevelId,
  weight: c.weight,
});
