import { describe, expect, it } from 'vitest';
import { translateText } from '../../i18n/message-ref.ts';
import { translatorFor } from '../../i18n/translators.ts';
import { EVENT_TYPES, LEVELS, makeCompetitor, makeRule } from '../../testing/matchmaking.ts';
import { generateDraft } from './grouping.ts';
import { divisionTitle } from './titles.ts';
import { divisionWarnings } from './warnings.ts';

/** What a person reads: the English text of a message reference. */
const english = (text = '') => translateText(translatorFor('en'), text);
const french = (text = '') => translateText(translatorFor('fr'), text);

const input = (competitors: ReturnType<typeof makeCompetitor>[], rules = [makeRule({ id: 1 })]) => ({
  rules,
  levels: LEVELS,
  eventTypes: EVENT_TYPES,
  competitors,
});

describe('making a draft', () => {
  it('titles a division from its rule', () => {
    expect(english(divisionTitle(makeRule(), LEVELS))).toBe('Girls 10-11 Intermediate');
    expect(
      english(
        divisionTitle(makeRule({ gender: 1, minAge: 35, maxAge: 99, competitorLevelIds: [3, 4] }), LEVELS),
      ),
    ).toBe('Men 35+ Advanced/Black Belt');
    expect(
      english(
        divisionTitle(
          makeRule({ gender: null, minAge: 6, maxAge: 6, competitorLevelIds: [], maxWeight: 30 }),
          LEVELS,
        ),
      ),
    ).toBe('Mixed 6 up to 30 kg');
    expect(
      english(divisionTitle(makeRule({ gender: 1, minAge: 8, maxAge: 9, competitorLevelIds: [1] }), LEVELS)),
    ).toBe('Boys 8-9 Beginner');
    expect(
      english(divisionTitle(makeRule({ minAge: 18, maxAge: 34, minWeight: 30, maxWeight: 40.25 }), LEVELS)),
    ).toBe('Women 18-34 Intermediate 30-40.3 kg');
    expect(
      english(divisionTitle(makeRule({ gender: 1, minAge: 18, maxAge: 99, minWeight: 70 }), LEVELS)),
    ).toBe('Men 18+ Intermediate 70 kg and over');
  });

  it('titles a division with translated words and the level names as entered', () => {
    const title = (over: Parameters<typeof makeRule>[0]) => french(divisionTitle(makeRule(over), LEVELS));
    expect(title({ gender: 2, minAge: 10, maxAge: 11 })).toBe('Filles 10-11 ans Intermediate');
    expect(title({ gender: 1, minAge: 8, maxAge: 9, competitorLevelIds: [1] })).toBe(
      'Garçons 8-9 ans Beginner',
    );
    expect(title({ gender: 2, minAge: 18, maxAge: 34, competitorLevelIds: [] })).toBe('Femmes 18-34 ans');
    expect(title({ gender: 1, minAge: 35, maxAge: 99, competitorLevelIds: [3, 4] })).toBe(
      'Hommes 35 ans et plus Advanced/Black Belt',
    );
    expect(title({ gender: null, minAge: 6, maxAge: 6, competitorLevelIds: [] })).toBe('Mixte 6 ans');
    // Weights: a range, an upper bound, a lower bound, with the decimal comma.
    expect(title({ competitorLevelIds: [], minWeight: 30, maxWeight: 40.25 })).toBe(
      'Filles 10-11 ans 30-40,3\u00a0kg',
    );
    expect(title({ gender: 1, minAge: 35, maxAge: 99, competitorLevelIds: [4], maxWeight: 70 })).toBe(
      'Hommes 35 ans et plus Black Belt jusqu’à 70\u00a0kg',
    );
    expect(title({ gender: 1, minAge: 18, maxAge: 34, competitorLevelIds: [], minWeight: 70.5 })).toBe(
      'Hommes 18-34 ans 70,5\u00a0kg et plus',
    );
  });

  it('one division carries every event type its same group entered', () => {
    const a = makeCompetitor({ id: 1, eventTypeIds: [1, 3] });
    const b = makeCompetitor({ id: 2, eventTypeIds: [1, 3] });
    const c = makeCompetitor({ id: 3, eventTypeIds: [1] });
    const { divisions } = generateDraft(input([a, b]));
    expect(divisions).toHaveLength(1);
    expect(english(divisions[0]!.title)).toBe('Girls 10-11 Intermediate');
    expect(divisions[0]).toMatchObject({
      eventTypeIds: [1, 3],
      competitorIds: [1, 2],
    });
    // A different group in Forms than in Weapons: two divisions of the same rule.
    const split = generateDraft(input([a, b, c])).divisions;
    expect(split.map((d) => [d.eventTypeIds, d.competitorIds])).toEqual([
      [[1], [1, 2, 3]],
      [[3], [1, 2]],
    ]);
  });

  it('takes the first rule in settings order, and says why no rule fits', () => {
    const rules = [
      makeRule({ id: 1, sortOrder: 2, competitorLevelIds: [] }),
      makeRule({ id: 2, sortOrder: 1 }),
    ];
    const { divisions, unplaced } = generateDraft(
      input(
        [
          makeCompetitor({ id: 1 }),
          makeCompetitor({ id: 2, age: 40 }),
          makeCompetitor({ id: 3, gender: 1 }),
          makeCompetitor({ id: 4, competitorLevelId: 4 }),
        ],
        rules,
      ),
    );
    expect(divisions.map((d) => [d.ruleId, d.competitorIds])).toEqual([
      [1, [4]],
      [2, [1]],
    ]);
    expect(unplaced.map((u) => ({ ...u, reason: english(u.reason) }))).toEqual([
      { competitorId: 2, eventTypeId: 1, reason: 'No division rule takes age 40' },
      { competitorId: 3, eventTypeId: 1, reason: 'No division rule takes males aged 10' },
    ]);
    const byLevel = generateDraft(input([makeCompetitor({ id: 5, competitorLevelId: 4 })]));
    expect(english(byLevel.unplaced[0]?.reason)).toBe(
      'No division rule takes females aged 10 at level Black Belt',
    );
    expect(french(byLevel.unplaced[0]?.reason)).toBe(
      'Aucune règle de division n’accepte les compétitrices de 10 ans au niveau Black Belt',
    );
    const noWeight = generateDraft(
      input([makeCompetitor({ id: 6, weight: null })], [makeRule({ maxWeight: 40 })]),
    );
    expect(english(noWeight.unplaced[0]?.reason)).toBe(
      'No weight recorded, and every rule that fits needs one',
    );
  });

  it('warns of divisions under their minimum and over their maximum', () => {
    const small = generateDraft(input([makeCompetitor({ id: 1 })])).divisions[0]!;
    const members = new Map([[1, makeCompetitor({ id: 1 })]]);
    const shown = (ws: { kind: string; message: string }[]) =>
      ws.map((w) => ({ ...w, message: english(w.message) }));
    expect(shown(divisionWarnings(small, members))).toEqual([
      { kind: 'tooSmall', message: 'Too small: 1 of at least 2' },
    ]);
    const many = Array.from({ length: 9 }, (_, i) => makeCompetitor({ id: i + 1 }));
    const big = generateDraft(input(many)).divisions[0]!;
    expect(shown(divisionWarnings(big, new Map(many.map((c) => [c.id, c]))))).toEqual([
      { kind: 'tooLarge', message: 'Too large: 9, at most 8' },
    ]);
  });

  it('only covers the chosen event types and leaves locked divisions alone', () => {
    const a = makeCompetitor({ id: 1, eventTypeIds: [1, 2] });
    const b = makeCompetitor({ id: 2, eventTypeIds: [1, 2] });
    const onlyForms = generateDraft({ ...input([a, b]), eventTypeIds: [1] });
    expect(onlyForms.divisions.map((d) => d.eventTypeIds)).toEqual([[1]]);
    const locked = {
      ...onlyForms.divisions[0]!,
      key: 'd9',
      locked: true,
      title: 'Renamed',
      competitorIds: [1],
    };
    const again = generateDraft({ ...input([a, b]), eventTypeIds: [1] }, [locked]);
    expect(again.divisions.find((d) => d.key === 'd9')).toEqual(locked);
    expect(again.divisions.find((d) => d.key !== 'd9')?.competitorIds).toEqual([2]);
  });
});
