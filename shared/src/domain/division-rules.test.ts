import { describe, expect, it } from 'vitest';
import {
  ageOnDay,
  DIVISION_MESSAGES,
  divisionAccepts,
  divisionRuleErrors,
  type DivisionRule,
} from './division-rules.ts';

const makeRule = (over: Partial<DivisionRule> = {}): DivisionRule => ({
  minAge: 8,
  maxAge: 10,
  gender: null,
  competitorLevelIds: [],
  minWeight: null,
  maxWeight: null,
  minSize: 2,
  maxSize: 8,
  ...over,
});
const makeCandidate = (over: Partial<Parameters<typeof divisionAccepts>[1]> = {}) => ({
  age: 9,
  gender: 1 as const,
  competitorLevelId: 1,
  weight: 30,
  ...over,
});

describe('division rules', () => {
  it('accepts sensible ranges', () => {
    expect(divisionRuleErrors(makeRule())).toEqual({});
  });

  it('names each range that is upside down', () => {
    expect(divisionRuleErrors(makeRule({ minAge: 11, minWeight: 40, maxWeight: 30, minSize: 9 }))).toEqual({
      minAge: DIVISION_MESSAGES.ageRange,
      minWeight: DIVISION_MESSAGES.weightRange,
      minSize: DIVISION_MESSAGES.sizeRange,
    });
  });

  it('counts age on tournament day, birthday included', () => {
    expect(ageOnDay('2017-05-01', '2027-05-01')).toBe(10);
    expect(ageOnDay('2017-05-02', '2027-05-01')).toBe(9);
  });

  it('takes competitors inside the age range only', () => {
    expect(divisionAccepts(makeRule(), makeCandidate({ age: 8 }))).toBe(true);
    expect(divisionAccepts(makeRule(), makeCandidate({ age: 11 }))).toBe(false);
  });

  it('a gendered division takes that gender; a mixed one takes both', () => {
    expect(divisionAccepts(makeRule({ gender: 2 }), makeCandidate({ gender: 1 }))).toBe(false);
    expect(divisionAccepts(makeRule({ gender: null }), makeCandidate({ gender: 2 }))).toBe(true);
  });

  it('a division listing levels takes only those levels', () => {
    expect(
      divisionAccepts(makeRule({ competitorLevelIds: [2, 3] }), makeCandidate({ competitorLevelId: 1 })),
    ).toBe(false);
    expect(
      divisionAccepts(makeRule({ competitorLevelIds: [2, 3] }), makeCandidate({ competitorLevelId: 3 })),
    ).toBe(true);
  });

  it('a weight range needs a known weight inside it', () => {
    const rule = makeRule({ minWeight: 25, maxWeight: 35 });
    expect(divisionAccepts(rule, makeCandidate({ weight: 36 }))).toBe(false);
    expect(divisionAccepts(rule, makeCandidate({ weight: null }))).toBe(false);
    expect(divisionAccepts(rule, makeCandidate({ weight: 35 }))).toBe(true);
  });
});
