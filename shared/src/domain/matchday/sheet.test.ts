import { describe, expect, it } from 'vitest';
import {
  FORMS,
  SPARRING,
  syncDivision,
  syncEntry,
  syncResult,
  syncRing,
} from '../../testing/matchday-rows.ts';
import { MemoryStore, runMutation, type MutatorContext } from '../mutators/index.ts';
import { buildBracket, resolveBracket } from './bracket.ts';
import { drawSeeds } from './draw.ts';
import { absentEntries, drawFits, presentEntries, sheetBracket, sheetEventTypes } from './sheet.ts';

// Decision 050: the printed sheet and the ring tablet read the same rules.

const director: MutatorContext = {
  now: new Date('2026-11-21T14:00:00Z'),
  actor: { personId: 1, displayName: 'Dana Director' },
  side: 'device',
};

/** The pairings of each round, as the tablet's screen resolves them before any winner. */
const tabletRounds = (draw: number[]) => {
  const rounds = new Map<number, [number | null, number | null][]>();
  for (const m of resolveBracket(buildBracket(draw, SPARRING.thirdPlace), new Map()))
    rounds.set(m.round, [...(rounds.get(m.round) ?? []), [m.a, m.b]]);
  return [...rounds.values()];
};

describe('division sheets from the live division', () => {
  it('the sheet prints the same bracket as the tablet builds from the draw', () => {
    for (const n of [2, 3, 5, 8, 11]) {
      const entrants = Array.from({ length: n }, (_, i) => ({ competitorId: i + 1, school: `S${i % 3}` }));
      const draw = drawSeeds(entrants, 42);
      const sheet = sheetBracket(draw, SPARRING.thirdPlace);
      expect(sheet.rounds.map((r) => r.map((m) => [m.a, m.b]))).toEqual(tabletRounds(draw));
    }
  });

  it('the sheet shows the draw the tablet runs: drawn before the start, kept when it starts', async () => {
    const store = new MemoryStore({
      rings: [syncRing()],
      divisions: [syncDivision({ id: 200, rules: [SPARRING], eventTypeIds: [2], ringId: 1, queueOrder: 1 })],
      divisionEntries: [11, 12, 13, 14, 15].map((c) => syncEntry(200, c)),
      divisionResults: [syncResult(200, 2)],
    });
    await runMutation(store, 'drawDivision@1', { divisionId: 200, seed: 7, redraw: false }, director);
    const printed = (await store.get('divisionResults', '200:2'))!.draw!;
    const sheet = sheetBracket(printed, SPARRING.thirdPlace);
    // The tablet starts the division with its own seed: the stored draw is the one it runs.
    await runMutation(store, 'startDivision@1', { divisionId: 200, seed: 99 }, director);
    const run = (await store.get('divisionResults', '200:2'))!.draw!;
    expect(run).toEqual(printed);
    expect(tabletRounds(run)[0]).toEqual(sheet.rounds[0]!.map((m) => [m.a, m.b]));
  });

  it('prints each event type with the judges the tablet scores with', () => {
    const types = sheetEventTypes([
      { ...FORMS, judges: 5 },
      { ...FORMS, eventTypeId: 3, title: 'Weapons', judges: 3 },
      SPARRING,
    ]);
    expect(types).toEqual([
      { id: 1, title: 'Forms', decidedBy: 'judged', judges: 5 },
      { id: 3, title: 'Weapons', decidedBy: 'judged', judges: 3 },
      { id: 2, title: 'Sparring', decidedBy: 'bracket', judges: 5 },
    ]);
  });

  it('a competitor the tablet will not run (marked as a no-show) is not listed', () => {
    const entries = [syncEntry(200, 11), syncEntry(200, 12, { noShow: true }), syncEntry(200, 13)];
    expect(presentEntries(entries).map((e) => e.competitorId)).toEqual([11, 13]);
  });

  it('the absent are those it runs who are not checked in; a no-show is not one of them', () => {
    const entries = [syncEntry(200, 11), syncEntry(200, 12, { noShow: true }), syncEntry(200, 13)];
    expect(absentEntries(entries, (id) => id === 13).map((e) => e.competitorId)).toEqual([11]);
  });

  it('a draw fits only the competitors it was drawn among', () => {
    expect(drawFits([13, 11, 12], [11, 12, 13])).toBe(true);
    expect(drawFits([13, 11, 12], [11, 13])).toBe(false);
    expect(drawFits([13, 11], [11, 12, 13])).toBe(false);
  });
});
