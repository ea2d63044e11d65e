import { msg } from '../i18n/message-ref.ts';
// Division rules (docs/design.md §5): the settings matchmaking groups competitors by.
// A division takes competitors of an age range (age on tournament day), one gender or
// mixed, some competitor levels (none listed means any level), an optional weight range,
// and holds between minSize and maxSize competitors.

export const DIVISION_MESSAGES = {
  ageRange: msg('division.ageRange'),
  weightRange: msg('division.weightRange'),
  sizeRange: msg('division.sizeRange'),
} as const;

/** docs/product.md §3 genders; null is a mixed division. */
export type DivisionGender = 1 | 2 | null;

export interface DivisionRule {
  minAge: number;
  maxAge: number;
  gender: DivisionGender;
  competitorLevelIds: readonly number[];
  minWeight: number | null;
  maxWeight: number | null;
  minSize: number;
  maxSize: number;
}

/** The rule's complaints keyed by field; empty when the ranges make sense. */
export function divisionRuleErrors(d: DivisionRule): Record<string, string> {
  const errors: Record<string, string> = {};
  if (d.minAge > d.maxAge) errors.minAge = DIVISION_MESSAGES.ageRange;
  if (d.minWeight !== null && d.maxWeight !== null && d.minWeight > d.maxWeight) {
    errors.minWeight = DIVISION_MESSAGES.weightRange;
  }
  if (d.minSize > d.maxSize) errors.minSize = DIVISION_MESSAGES.sizeRange;
  return errors;
}

/** Whole years between a date of birth and tournament day, both "YYYY-MM-DD". */
export function ageOnDay(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

export interface DivisionCandidate {
  /** Age on tournament day (docs/design.md §5). */
  age: number;
  gender: 1 | 2;
  competitorLevelId: number | null;
  weight: number | null;
}

/** Whether a competitor fits a division's rule (size limits are the draft's concern). */
export function divisionAccepts(d: DivisionRule, c: DivisionCandidate): boolean {
  if (c.age < d.minAge || c.age > d.maxAge) return false;
  if (d.gender !== null && d.gender !== c.gender) return false;
  if (d.competitorLevelIds.length > 0) {
    if (c.competitorLevelId === null || !d.competitorLevelIds.includes(c.competitorLevelId)) return false;
  }
  if (d.minWeight !== null || d.maxWeight !== null) {
    if (c.weight === null) return false;
    if (d.minWeight !== null && c.weight < d.minWeight) return false;
    if (d.maxWeight !== null && c.weight > d.maxWeight) return false;
  }
  return true;
}
