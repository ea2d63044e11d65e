import type { DivisionRule } from '../division-rules.ts';
import type { MatchLevel } from './types.ts';

// A division's title is made from its criteria, never typed (decision 017): "Girls 10-11
// Intermediate". Boys and girls under 18, men and women from 18, "Mixed" for either; the level
// names in level order; a weight range when the rule has one. A director may rename one after.

/** Ages from this on are shown as "35+" rather than a range ending at an impossible age. */
const OPEN_ENDED_AGE = 99;

function genderWord(c: DivisionRule): string {
  if (c.gender === null) return 'Mixed';
  const adult = c.minAge >= 18;
  if (c.gender === 1) return adult ? 'Men' : 'Boys';
  return adult ? 'Women' : 'Girls';
}

export function ageText(minAge: number, maxAge: number): string {
  if (maxAge >= OPEN_ENDED_AGE) return `${minAge}+`;
  return minAge === maxAge ? `${minAge}` : `${minAge}-${maxAge}`;
}

const kg = (n: number) => `${Number(n.toFixed(1))}`;

function weightText(c: DivisionRule): string {
  if (c.minWeight !== null && c.maxWeight !== null) return `${kg(c.minWeight)}-${kg(c.maxWeight)} kg`;
  if (c.maxWeight !== null) return `up to ${kg(c.maxWeight)} kg`;
  if (c.minWeight !== null) return `${kg(c.minWeight)} kg and over`;
  return '';
}

/** Level names in level order, joined by "/"; empty for "any level". */
export function levelText(levelIds: readonly number[], levels: readonly MatchLevel[]): string {
  if (levelIds.length === 0) return '';
  return levels
    .filter((l) => levelIds.includes(l.id))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((l) => l.name)
    .join('/');
}

export function divisionTitle(c: DivisionRule, levels: readonly MatchLevel[]): string {
  return [genderWord(c), ageText(c.minAge, c.maxAge), levelText(c.competitorLevelIds, levels), weightText(c)]
    .filter(Boolean)
    .join(' ');
}
