import { DomainError } from '../domain-error.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, LEVELS } from '../../testing/matchmaking.ts';
import { combineDivisions } from './combine.ts';
import { generateDraft, type DraftInput } from './grouping.ts';
import { moveCompetitor } from './move.ts';
import { splitDivision, type SplitHow } from './split.ts';
import { type DraftDivision, type MatchCompetitor, type MatchRule } from './types.ts';
import { ruleBreaches } from './warnings.ts';

// The four properties asked of the matchmaking rules (decision 017), over random competitors and rules.

const levelId = fc.constantFrom(1, 2, 3, 4);
const ruleArb = fc
  .record({
    minAge: fc.integer({ min: 4, max: 40 }),
    span: fc.integer({ min: 0, max: 10 }),
    gender: fc.constantFrom<1 | 2 | null>(1, 2, null),
    levels: fc.uniqueArray(levelId, { maxLength: 3 }),
    weight: fc.option(fc.tuple(fc.integer({ min: 20, max: 60 }), fc.integer({ min: 0, max: 40 })), {
      nil: null,
    }),
    minSize: fc.integer({ min: 1, max: 4 }),
    extra: fc.integer({ min: 0, max: 6 }),
    sortOrder: fc.integer({ min: 0, max: 5 }),
  })
  .map((r) => ({
    name: '',
    sortOrder: r.sortOrder,
    minAge: r.minAge,
    maxAge: r.minAge + r.span,
    gender: r.gender,
    competitorLevelIds: r.levels,
    minWeight: r.weight ? r.weight[0] : null,
    maxWeight: r.weight ? r.weight[0] + r.weight[1] : null,
    minSize: r.minSize,
    maxSize: r.minSize + r.extra,
  }));

const competitorArb = fc.record({
  age: fc.integer({ min: 3, max: 55 }),
  gender: fc.constantFrom<1 | 2>(1, 2),
  competitorLevelId: levelId,
  weight: fc.option(
    fc.integer({ min: 150, max: 900 }).map((n) => n / 10),
    { nil: null },
  ),
  checkedIn: fc.boolean(),
  eventTypeIds: fc.uniqueArray(fc.constantFrom(1, 2, 3, 4), { minLength: 1, maxLength: 4 }),
});

const inputArb = fc
  .record({
    rules: fc.array(ruleArb, { minLength: 1, maxLength: 12 }),
    competitors: fc.array(competitorArb, { maxLength: 60 }),
    eventTypeIds: fc.option(fc.uniqueArray(fc.constantFrom(1, 2, 3, 4), { minLength: 1 }), {
      nil: undefined,
    }),
  })
  .map(({ rules, competitors, eventTypeIds }): DraftInput => ({
    rules: rules.map((r, i): MatchRule => ({ ...r, id: i + 1, name: `Rule ${i + 1}` })),
    levels: LEVELS,
    eventTypes: EVENT_TYPES,
    competitors: competitors.map((c, i): MatchCompetitor => ({
      ...c,
      id: i + 1,
      registrationId: 1 + (i % 7),
      firstName: `F${i + 1}`,
      lastName: `L${i + 1}`,
      school: '',
    })),
    ...(eventTypeIds ? { eventTypeIds } : {}),
  }));

/** Every (competitor, event type) entry a draft holds, counted. */
function entries(divisions: readonly DraftDivision[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of divisions) {
    for (const c of d.competitorIds)
      for (const t of d.eventTypeIds) m.set(`${c}:${t}`, (m.get(`${c}:${t}`) ?? 0) + 1);
  }
  return m;
}

const runs = { numRuns: 200 };

describe('matchmaking properties', () => {
  it('every entry of a chosen event type lands in exactly one division of that type, or in no-rule-fits with a reason', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { divisions, unplaced } = generateDraft(input);
        const held = entries(divisions);
        const missing = new Set(unplaced.map((u) => `${u.competitorId}:${u.eventTypeId}`));
        const types = input.eventTypeIds ?? EVENT_TYPES.map((t) => t.id);
        for (const c of input.competitors) {
          for (const t of [1, 2, 3, 4]) {
            const key = `${c.id}:${t}`;
            const expected = types.includes(t) && c.eventTypeIds.includes(t);
            const count = held.get(key) ?? 0;
            if (!expected) {
              expect(count).toBe(0);
              expect(missing.has(key)).toBe(false);
            } else {
              expect(count + (missing.has(key) ? 1 : 0)).toBe(1);
            }
          }
        }
        expect(unplaced.every((u) => u.reason.length > 0)).toBe(true);
      }),
      runs,
    );
  });

  it('no division of a fresh draft breaks its rule', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const byId = new Map(input.competitors.map((c) => [c.id, c]));
        for (const d of generateDraft(input).divisions) {
          expect(ruleBreaches(d, byId)).toEqual([]);
          expect(d.overrides).toEqual([]);
          const rule = input.rules.find((r) => r.id === d.ruleId)!;
          expect(d.criteria).toMatchObject({ minAge: rule.minAge, maxAge: rule.maxAge, gender: rule.gender });
        }
      }),
      runs,
    );
  });

  it('the same input gives the same draft, whatever order it arrives in', () => {
    fc.assert(
      fc.property(inputArb, fc.integer(), (input, seed) => {
        const shuffle = <T>(xs: readonly T[]) =>
          [...xs]
            .map((x, i) => ({ x, k: Math.sin(seed + i) }))
            .sort((a, b) => a.k - b.k)
            .map((p) => p.x);
        const a = generateDraft(input);
        const b = generateDraft({
          ...input,
          rules: shuffle(input.rules),
          competitors: shuffle(input.competitors).map((c) => ({
            ...c,
            eventTypeIds: shuffle(c.eventTypeIds),
          })),
          eventTypes: shuffle(input.eventTypes),
        });
        expect(b).toEqual(a);
      }),
      runs,
    );
  });

  it('split, combine and move never lose or duplicate a competitor, and any rule break is an override', () => {
    const opArb = fc.array(
      fc.record({
        kind: fc.constantFrom('split', 'combine', 'move'),
        a: fc.nat(),
        b: fc.nat(),
        by: fc.constantFrom<SplitHow['by']>('age', 'weight', 'level', 'pick'),
        pick: fc.uniqueArray(fc.nat({ max: 10 }), { minLength: 1, maxLength: 4 }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(inputArb, opArb, (input, ops) => {
        const byId = new Map(input.competitors.map((c) => [c.id, c]));
        let divisions = generateDraft(input).divisions;
        const before = entries(divisions);
        let n = 0;
        for (const op of ops) {
          if (divisions.length === 0) break;
          const d = divisions[op.a % divisions.length]!;
          try {
            if (op.kind === 'split') {
              const how: SplitHow =
                op.by === 'pick'
                  ? {
                      by: 'pick',
                      competitorIds: op.pick.map((i) => d.competitorIds[i % d.competitorIds.length]!),
                    }
                  : { by: op.by };
              const [x, y] = splitDivision(d, how, byId, LEVELS);
              divisions = [...divisions.filter((o) => o.key !== d.key), x, { ...y, key: `n${n++}` }];
            } else if (op.kind === 'combine') {
              const other = divisions[op.b % divisions.length]!;
              const c = combineDivisions(d, other, LEVELS);
              divisions = [...divisions.filter((o) => o.key !== d.key && o.key !== other.key), c];
            } else {
              const to = divisions[op.b % divisions.length]!;
              const who = byId.get(d.competitorIds[op.b % Math.max(1, d.competitorIds.length)] ?? -1);
              if (!who) continue;
              const [f, t] = moveCompetitor(d, to, who);
              divisions = divisions.map((o) => (o.key === f.key ? f : o.key === t.key ? t : o));
            }
          } catch (e) {
            if (!(e instanceof DomainError)) throw e;
          }
          expect(entries(divisions)).toEqual(before);
          for (const x of divisions) {
            if (ruleBreaches(x, byId).length > 0) expect(x.overrides.length).toBeGreaterThan(0);
          }
        }
      }),
      runs,
    );
  });
});
