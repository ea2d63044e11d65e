import { describe, expect, it } from 'vitest';
import { english, french } from '../../testing/english.ts';
import { EVENT_TYPES, LEVELS, makeCompetitor, makeRule } from '../../testing/matchmaking.ts';
import { combineSuggestions } from './combine.ts';
import { generateDraft } from './grouping.ts';
import { moveCompetitor } from './move.ts';
import { splitDivision } from './split.ts';
import type { DraftDivision, MatchCompetitor } from './types.ts';
import { brokenTest, divisionWarnings, isEmptyDivision, publishableDivisions } from './warnings.ts';

// The director's rules of the draft page: any division splits (by hand too), combine suggestions
// keep the rule's gender and level before age, warnings name the rule's test and the competitor,
// and an empty division is shown but never published.

const byIdOf = (list: MatchCompetitor[]) => new Map(list.map((c) => [c.id, c]));
const division = (over: Partial<DraftDivision> & { key: string }): DraftDivision => ({
  ruleId: 1,
  title: over.key,
  criteria: makeRule({ minAge: 10, maxAge: 11, gender: 2, competitorLevelIds: [2] }),
  eventTypeIds: [1],
  competitorIds: [],
  locked: false,
  note: '',
  overrides: [],
  ...over,
});

describe('splitting any division', () => {
  const people = [1, 2, 3].map((id) => makeCompetitor({ id, age: 9 + id }));
  const small = generateDraft({
    rules: [makeRule({ id: 1, minAge: 8, maxAge: 12, competitorLevelIds: [], maxSize: 8 })],
    levels: LEVELS,
    eventTypes: EVENT_TYPES,
    competitors: people,
  }).divisions[0]!;

  it('splits a division within its size, by hand, keeping its criteria', () => {
    expect(divisionWarnings(small, byIdOf(people))).toEqual([]);
    const [rest, picked] = splitDivision(small, { by: 'pick', competitorIds: [3] }, byIdOf(people), LEVELS);
    expect([rest.competitorIds, picked.competitorIds]).toEqual([[1, 2], [3]]);
    expect(picked.criteria).toEqual(small.criteria);
    expect([english(rest.title), english(picked.title)]).toEqual(['Girls 8-12 (1)', 'Girls 8-12 (2)']);
  });

  it('splits the same small division by age', () => {
    const [young, old] = splitDivision(small, { by: 'age' }, byIdOf(people), LEVELS);
    expect([young.competitorIds, old.competitorIds]).toEqual([[1], [2, 3]]);
  });
});

describe('combine suggestions', () => {
  const lone = division({ key: 'girls-10-11-int', competitorIds: [1] });
  const boys = division({
    key: 'boys-10-11-int',
    competitorIds: [2, 3],
    criteria: { ...lone.criteria, gender: 1 },
  });
  const mixed = division({
    key: 'mixed-10-11-int',
    competitorIds: [4, 5],
    criteria: { ...lone.criteria, gender: null },
  });
  const olderSameLevel = division({
    key: 'girls-12-13-int',
    competitorIds: [6, 7],
    criteria: { ...lone.criteria, minAge: 12, maxAge: 13 },
  });
  const sameAgeOtherLevel = division({
    key: 'girls-10-11-adv',
    competitorIds: [8, 9],
    criteria: { ...lone.criteria, competitorLevelIds: [3] },
  });
  const farLevel = division({
    key: 'girls-10-11-black',
    competitorIds: [10],
    criteria: { ...lone.criteria, competitorLevelIds: [4] },
  });

  it('never suggests a boys’ division for a lone girl', () => {
    const keys = combineSuggestions(lone, [lone, boys, mixed], LEVELS).map((s) => s.division.key);
    expect(keys).toEqual(['mixed-10-11-int']);
  });

  it('orders by gender, then level, then age', () => {
    const all = [lone, boys, mixed, olderSameLevel, sameAgeOtherLevel, farLevel];
    expect(combineSuggestions(lone, all, LEVELS).map((s) => s.division.key)).toEqual([
      // Same gender, same level, the next ages before...
      'girls-12-13-int',
      // ...same gender and ages at the next level, then two levels away...
      'girls-10-11-adv',
      'girls-10-11-black',
      // ...and a mixed division only after every girls' one.
      'mixed-10-11-int',
    ]);
  });
});

describe('rule warnings', () => {
  const girl = makeCompetitor({ id: 1, firstName: 'Ana', lastName: 'Lee', age: 10, gender: 2 });
  const boy = makeCompetitor({ id: 2, firstName: 'Ben', lastName: 'Roy', age: 10, gender: 1 });
  const older = makeCompetitor({ id: 3, firstName: 'Cleo', lastName: 'Diaz', age: 14, gender: 2 });
  const heavy = makeCompetitor({ id: 4, firstName: 'Dina', lastName: 'Ho', weight: 60 });
  const advanced = makeCompetitor({ id: 5, firstName: 'Eve', lastName: 'Fox', competitorLevelId: 3 });
  const byId = byIdOf([girl, boy, older, heavy, advanced]);
  const girls = division({
    key: 'g',
    title: 'Girls 10-11 Intermediate',
    competitorIds: [1],
    criteria: { ...makeRule({ competitorLevelIds: [2], maxWeight: 50 }), minSize: 1 },
  });
  const warned = (d: DraftDivision) =>
    divisionWarnings(d, byId, LEVELS).map((w) => ({
      rule: w.rule,
      who: w.competitorId,
      text: english(w.message),
    }));

  it('names the rule that is broken and the competitor', () => {
    const [, withAll] = [boy, older, heavy, advanced].reduce<[DraftDivision, DraftDivision]>(
      ([from, to], c) => {
        const source = { ...from, competitorIds: [...from.competitorIds, c.id] };
        return moveCompetitor(source, to, c);
      },
      [division({ key: 'elsewhere' }), girls],
    );
    expect(warned(withAll)).toEqual([
      { rule: 'gender', who: 2, text: 'Gender rule broken: Ben Roy is male in a female division' },
      { rule: 'age', who: 3, text: 'Age rule broken: Cleo Diaz is 14, the rule takes 10 to 11' },
      { rule: 'weight', who: 4, text: 'Weight rule broken: Dina Ho weighs 60 kg' },
      { rule: 'level', who: 5, text: 'Level rule broken: Eve Fox is Advanced' },
    ]);
    expect(french(divisionWarnings(withAll, byId, LEVELS)[0]!.message)).toBe(
      'Règle de genre non respectée\u00a0: Ben Roy est un garçon ou un homme dans une division féminine',
    );
  });

  it('checks gender first, then age, weight and level', () => {
    expect(brokenTest(girls.criteria, { ...boy, age: 30, weight: 90, competitorLevelId: 4 })).toBe('gender');
    expect(brokenTest(girls.criteria, { ...girl, age: 30, weight: 90 })).toBe('age');
    expect(brokenTest(girls.criteria, { ...girl, weight: null })).toBe('weight');
    expect(brokenTest(girls.criteria, { ...girl, competitorLevelId: null })).toBe('level');
    expect(brokenTest(girls.criteria, girl)).toBeNull();
  });
});

describe('empty divisions', () => {
  const people = [makeCompetitor({ id: 1 }), makeCompetitor({ id: 2 })];
  const full = division({ key: 'full', competitorIds: [1, 2] });
  const emptied = division({ key: 'emptied', competitorIds: [] });

  it('a division left with no one says it will not be published, and nothing else', () => {
    const [left] = moveCompetitor(
      { ...emptied, competitorIds: [1] },
      { ...full, competitorIds: [2] },
      people[0]!,
    );
    expect(isEmptyDivision(left)).toBe(true);
    expect(divisionWarnings(left, byIdOf(people)).map((w) => [w.kind, english(w.message)])).toEqual([
      ['empty', 'Empty, will not be published'],
    ]);
    expect(french(divisionWarnings(left, byIdOf(people))[0]!.message)).toBe('Vide, ne sera pas publiée');
  });

  it('is dropped from what a publication carries', () => {
    expect(publishableDivisions([full, emptied]).map((d) => d.key)).toEqual(['full']);
  });
});
