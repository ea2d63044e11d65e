import { msg } from '../../i18n/message-ref.ts';
import type { DivisionRule } from '../division-rules.ts';
import type { MatchLevel } from './types.ts';

// A division's title is made from its criteria, never typed (decision 017): "Girls 10-11
// Intermediate". Boys and girls under 18, men and women from 18, "Mixed" for either; the level
// names in level order; a weight range when the rule has one. A director may rename one after:
// that text is data, kept as typed.
//
// The title is a message reference (docs/decisions/037-english-and-french.md): the words the
// product adds (the gender, "35+", "up to 70 kg") are the catalog's, in the reader's language
// ("Hommes 35 ans et plus … jusqu’à 70 kg"); the level names are data, as entered. In English
// it reads exactly as the title always did.

/** Ages from this on are shown as "35+" rather than a range ending at an impossible age. */
const OPEN_ENDED_AGE = 99;

type GenderWord = 'girls' | 'boys' | 'women' | 'men' | 'mixed';

function genderWord(c: DivisionRule): GenderWord {
  if (c.gender === null) return 'mixed';
  const adult = c.minAge >= 18;
  if (c.gender === 1) return adult ? 'men' : 'boys';
  return adult ? 'women' : 'girls';
}

/** The age part's values: "10-11", a single age "6", or an open end "35+". */
function ageValues(minAge: number, maxAge: number) {
  if (maxAge >= OPEN_ENDED_AGE) return { age: 'open', minAge };
  return minAge === maxAge ? { age: 'one', minAge } : { age: 'range', minAge, maxAge };
}

/** Kilograms to one decimal, as the title always showed them (70, 32.5). */
const kg = (n: number) => Number(n.toFixed(1));

function weightValues(c: DivisionRule) {
  if (c.minWeight !== null && c.maxWeight !== null)
    return { weight: 'range', minKg: kg(c.minWeight), maxKg: kg(c.maxWeight) };
  if (c.maxWeight !== null) return { weight: 'upTo', maxKg: kg(c.maxWeight) };
  if (c.minWeight !== null) return { weight: 'over', minKg: kg(c.minWeight) };
  return { weight: 'none' };
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

/** The generated title of a division of rule `c`, as a message reference. */
export function divisionTitle(c: DivisionRule, levels: readonly MatchLevel[]): string {
  const names = levelText(c.competitorLevelIds, levels);
  return msg('division.title', {
    gender: genderWord(c),
    ...ageValues(c.minAge, c.maxAge),
    ...(names ? { withLevels: 'yes', levels: names } : { withLevels: 'no' }),
    ...weightValues(c),
  });
}

/** One of the two halves of a split division: "Girls 10-11 Intermediate (2)". */
export function splitTitle(title: string, part: 1 | 2): string {
  return msg('division.title.part', { title, part });
}
