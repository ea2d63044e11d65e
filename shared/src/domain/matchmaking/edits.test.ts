import { msg } from '../../i18n/message-ref.ts';
import { describe, expect, it } from 'vitest';
import { english, french } from '../../testing/english.ts';
import { EVENT_TYPES, LEVELS, makeCompetitor, makeRule } from '../../testing/matchmaking.ts';
import { combineDivisions, combineSuggestions } from './combine.ts';
import { generateDraft } from './grouping.ts';
import { suggestDivision } from './late-entry.ts';
import { moveCompetitor } from './move.ts';
import { publishDiff } from './publish-diff.ts';
import { splitDivision } from './split.ts';
import { divisionTitle } from './titles.ts';
import type { MatchCompetitor } from './types.ts';

/** The English text of what `fn` throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return english((e as Error).message);
  }
  return 'nothing thrown';
}

const rule = makeRule({ id: 1, minAge: 8, maxAge: 11, competitorLevelIds: [], maxSize: 4 });
const people = [
  makeCompetitor({ id: 1, age: 8, weight: 30, competitorLevelId: 1 }),
  makeCompetitor({ id: 2, age: 9, weight: 31, competitorLevelId: 1 }),
  makeCompetitor({ id: 3, age: 10, weight: 40, competitorLevelId: 2 }),
  makeCompetitor({ id: 4, age: 11, weight: 41, competitorLevelId: 3 }),
  makeCompetitor({ id: 5, age: 11, weight: 45, competitorLevelId: 3 }),
];
const byId = new Map<number, MatchCompetitor>(people.map((c) => [c.id, c]));
const division = generateDraft({
  rules: [rule],
  levels: LEVELS,
  eventTypes: EVENT_TYPES,
  competitors: people,
}).divisions[0]!;

describe('split, combine, move', () => {
  it('splits by age at the most even cut and narrows the ages', () => {
    const [a, b] = splitDivision(division, { by: 'age' }, byId, LEVELS);
    expect([a.competitorIds, b.competitorIds]).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect([english(a.title), english(b.title)]).toEqual(['Girls 8-9', 'Girls 10-11']);
    expect(a.key).toBe(division.key);
  });

  it('splits by weight and by level, and by the competitors picked', () => {
    const [light, heavy] = splitDivision(division, { by: 'weight' }, byId, LEVELS);
    expect([light.criteria.maxWeight, heavy.criteria.minWeight]).toEqual([31, 31.1]);
    expect(heavy.competitorIds).toEqual([3, 4, 5]);
    const [low, high] = splitDivision(division, { by: 'level' }, byId, LEVELS);
    expect([english(low.title), english(high.title)]).toEqual([
      'Girls 8-11 Beginner',
      'Girls 8-11 Intermediate/Advanced/Black Belt',
    ]);
    const [rest, picked] = splitDivision(division, { by: 'pick', competitorIds: [2, 5] }, byId, LEVELS);
    expect([rest.competitorIds, picked.competitorIds]).toEqual([
      [1, 3, 4],
      [2, 5],
    ]);
    // Picked: the same criteria, numbered halves, in the reader's language.
    expect([english(rest.title), english(picked.title)]).toEqual(['Girls 8-11 (1)', 'Girls 8-11 (2)']);
    expect(french(picked.title)).toBe('Filles 8-11 ans (2)');
    const renamed = { ...division, title: 'Les petites' };
    const [, second] = splitDivision(renamed, { by: 'pick', competitorIds: [2, 5] }, byId, LEVELS);
    expect(french(second.title)).toBe('Les petites (2)');
    expect(
      refusal(() => splitDivision(division, { by: 'pick', competitorIds: [1, 2, 3, 4, 5] }, byId, LEVELS)),
    ).toBe("Pick some of the division's competitors, not none or all");
  });

  it('suggests the nearest neighbour of the same event types and combines, recording the override', () => {
    const [young, old] = splitDivision(division, { by: 'age' }, byId, LEVELS);
    const boys = {
      ...young,
      key: 'boys',
      criteria: { ...young.criteria, gender: 1 as const },
      title: 'Boys 8-9',
    };
    const weapons = { ...old, key: 'weapons', eventTypeIds: [3] };
    const suggestions = combineSuggestions(old, [young, old, boys, weapons], LEVELS);
    expect(suggestions.map((s) => s.division.key)).toEqual([young.key]);
    const combined = combineDivisions(young, old, LEVELS);
    expect(combined.competitorIds).toEqual([1, 2, 3, 4, 5]);
    expect(english(combined.title)).toBe('Girls 8-11');
    expect(combined.overrides.map(english)).toEqual(['Combined Girls 8-9 with Girls 10-11']);
    expect(french(combined.overrides[0]!)).toBe('Regroupement de Filles 8-9 ans avec Filles 10-11 ans');
    expect(() => combineDivisions(young, weapons, LEVELS)).toThrow(
      msg('server.matchmaking.combineEventTypes'),
    );
  });

  it('moves a competitor, recording a move outside the rule', () => {
    const [young, old] = splitDivision(division, { by: 'age' }, byId, LEVELS);
    const [from, to] = moveCompetitor(young, old, byId.get(1)!);
    expect(from.competitorIds).toEqual([2]);
    expect(to.competitorIds).toEqual([1, 3, 4, 5]);
    expect(to.overrides.map(english)).toEqual(['Moved in outside the rule: First1 Last1, age 8']);
    expect(refusal(() => moveCompetitor(young, old, byId.get(4)!))).toBe('First4 Last4 is not in Girls 8-9');
  });
});

describe('publishing and late entries', () => {
  it('lists divisions added, removed, renamed and competitors moved', () => {
    const before = [
      { id: 1, title: 'Girls 8-11', eventTypeIds: [1, 3], competitorIds: [1, 2, 3] },
      { id: 2, title: 'Boys 8-11', eventTypeIds: [1], competitorIds: [4] },
    ];
    const after = [
      { id: 1, title: 'Girls 8-9', eventTypeIds: [1, 3], competitorIds: [1, 2] },
      { id: 3, title: 'Girls 10-11', eventTypeIds: [1, 3], competitorIds: [3] },
    ];
    expect(publishDiff(before, after)).toEqual({
      added: [{ id: 3, title: 'Girls 10-11' }],
      removed: [{ id: 2, title: 'Boys 8-11' }],
      renamed: [{ id: 1, from: 'Girls 8-11', to: 'Girls 8-9' }],
      moved: [
        { competitorId: 3, fromId: 1, fromTitle: 'Girls 8-11', toId: 3, toTitle: 'Girls 10-11' },
        { competitorId: 4, fromId: 2, fromTitle: 'Boys 8-11', toId: null, toTitle: null },
      ],
    });
  });

  it('compares titles by their text: an English title stored as it read is the same generated title', () => {
    const generated = divisionTitle(makeRule({ minAge: 8, maxAge: 9, competitorLevelIds: [] }), LEVELS);
    const before = [{ id: 1, title: 'Girls 8-9', eventTypeIds: [1], competitorIds: [1] }];
    const after = [{ id: 1, title: generated, eventTypeIds: [1], competitorIds: [1] }];
    expect(publishDiff(before, after, english).renamed).toEqual([]);
    expect(publishDiff(before, after).renamed).toEqual([{ id: 1, from: 'Girls 8-9', to: generated }]);
  });

  it('suggests a division that takes a late entry in all of its event types', () => {
    const forms = { ...division, key: 'f', eventTypeIds: [1] };
    const both = { ...division, key: 'fw', eventTypeIds: [1, 3] };
    const late = makeCompetitor({ id: 9, age: 9, eventTypeIds: [1, 3] });
    expect(suggestDivision(late, 1, [1, 3], [forms, both])?.key).toBe('fw');
    expect(suggestDivision(late, 1, [1], [forms, both])?.key).toBe('f');
    expect(suggestDivision({ ...late, age: 30 }, 1, [1], [forms, both])).toBeNull();
  });
});
