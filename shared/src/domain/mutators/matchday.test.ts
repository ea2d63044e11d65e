import { describe, expect, it } from 'vitest';
import {
  FORMS,
  SPARRING,
  syncDivision,
  syncEntry,
  syncResult,
  syncRing,
} from '../../testing/matchday-rows.ts';
import {
  assignDivision,
  balanceRings,
  completeDivision,
  correctResult,
  drawDivision,
  MATCHDAY_MESSAGES,
  MATCHDAY_MUTATORS,
  markNoShow,
  mayPushMutator,
  MemoryStore,
  recordMatchWinner,
  recordScore,
  reorderQueue,
  runMutation,
  setLeaderboardGroups,
  setRingOpen,
  startDivision,
  type MutatorContext,
} from './index.ts';
import { buildBracket, resolveBracket } from '../matchday/index.ts';

// The matchday mutators against an in-memory store, as a ring tablet runs them.

const now = new Date('2026-11-21T14:00:00Z');
const official: MutatorContext = {
  now,
  actor: { personId: 7, displayName: 'Olga Official' },
  side: 'device',
};
const other: MutatorContext = { now, actor: { personId: 8, displayName: 'Omar Official' }, side: 'device' };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 13, minute)).toISOString();

/** Ring 1 with a judged division (100, four girls) and a bracket division (200, five kids). */
function ringDay() {
  return new MemoryStore({
    rings: [syncRing(), syncRing({ id: 2, name: 'Ring 2', sortOrder: 2 })],
    divisions: [
      syncDivision({ ringId: 1, queueOrder: 1 }),
      syncDivision({
        id: 200,
        title: 'Sparring, Boys 8-9',
        eventTypeIds: [2],
        eventTypes: ['Sparring'],
        rules: [SPARRING],
        competitorCount: 5,
        ringId: 1,
        queueOrder: 2,
      }),
      syncDivision({ id: 300, title: 'Forms, Boys 12-13', ringId: 1, queueOrder: 3 }),
    ],
    divisionEntries: [
      ...[1, 2, 3, 4].map((c) => syncEntry(100, c)),
      ...[11, 12, 13, 14, 15].map((c) => syncEntry(200, c)),
    ],
    divisionResults: [syncResult(100, 1), syncResult(200, 2), syncResult(300, 1)],
  });
}

async function score(store: MemoryStore, competitorId: number, values: number[], round = 0, ctx = official) {
  for (const [i, value] of values.entries()) {
    await runMutation(
      store,
      'recordScore@1',
      { divisionId: 100, eventTypeId: 1, competitorId, judge: i + 1, round, value, at: at(10) },
      ctx,
    );
  }
}

describe('matchday mutators', () => {
  it('starts a division on its ring; a second division cannot start while one is running', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1, at: at(0) }, official);
    expect(await store.get('divisions', 100)).toMatchObject({ status: 'current', startedAt: at(0) });
    await expect(
      runMutation(store, 'startDivision@1', { divisionId: 200, seed: 1 }, official),
    ).rejects.toThrow(MATCHDAY_MESSAGES.ringBusy('Ring 1', 'Forms, Girls 10-11'));
    // Starting it again from another tablet changes nothing and says so.
    expect(await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 2 }, other)).toEqual({
      divisionId: 100,
      started: false,
    });
  });

  it('refuses results before the division starts and after it completes', async () => {
    const store = ringDay();
    const args = { divisionId: 100, eventTypeId: 1, competitorId: 1, judge: 1, round: 0, value: 8 };
    await expect(runMutation(store, 'recordScore@1', args, official)).rejects.toThrow(
      MATCHDAY_MESSAGES.notStarted,
    );
  });

  it('scores a judged division with five judges, breaks a tie by the low score, and completes it', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    // Kid1 and Kid2 have the same middle three (25.5); Kid2's low score is higher.
    await score(store, 1, [8.5, 8.5, 8.5, 9.9, 7.0]);
    await score(store, 2, [8.5, 8.5, 8.5, 9.0, 8.0]);
    await score(store, 3, [9.5, 9.5, 9.5, 9.5, 9.5]);
    await score(store, 4, [6, 6, 6, 6, 6]);
    await runMutation(store, 'completeDivision@1', { divisionId: 100, at: at(20) }, official);
    expect(await store.get('divisionResults', '100:1')).toMatchObject({
      placings: [
        { competitorId: 3, place: 1 },
        { competitorId: 2, place: 2 },
        { competitorId: 1, place: 3 },
        { competitorId: 4, place: 4 },
      ],
      completedAt: at(20),
    });
    expect(await store.get('divisions', 100)).toMatchObject({ status: 'completed', completedAt: at(20) });
    // The next division can start now.
    await runMutation(store, 'startDivision@1', { divisionId: 200, seed: 9 }, official);
    expect((await store.get('divisions', 200))?.status).toBe('current');
  });

  it('refuses to complete with a score missing, and changes nothing', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    await score(store, 1, [8, 8, 8, 8, 8]);
    await expect(runMutation(store, 'completeDivision@1', { divisionId: 100 }, official)).rejects.toThrow(
      MATCHDAY_MESSAGES.incomplete('Forms'),
    );
    expect((await store.get('divisions', 100))?.status).toBe('current');
  });

  it('refuses a score out of the event type’s range or for a judge it does not have', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    const base = { divisionId: 100, eventTypeId: 1, competitorId: 1, round: 0 };
    await expect(
      runMutation(store, 'recordScore@1', { ...base, judge: 1, value: 10.5 }, official),
    ).rejects.toThrow(MATCHDAY_MESSAGES.scoreOutOfRange(0, 10));
    await expect(
      runMutation(store, 'recordScore@1', { ...base, judge: 6, value: 8 }, official),
    ).rejects.toThrow();
  });

  it('keeps the later of two entries of one judge’s score, whatever order they arrive in', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    const base = { divisionId: 100, eventTypeId: 1, competitorId: 1, judge: 3, round: 0 };
    // The later tap (13:12, Omar) arrives first; the earlier one (13:11, Olga) arrives after.
    await runMutation(store, 'recordScore@1', { ...base, value: 9.1, at: at(12) }, other);
    const late = await runMutation(store, 'recordScore@1', { ...base, value: 7.2, at: at(11) }, official);
    expect(late).toMatchObject({ recorded: false, standing: { value: 9.1, enteredByName: 'Omar Official' } });
    expect((await store.get('scores', '100:1:1:3:0'))?.value).toBe(9.1);
  });

  it('draws a bracket when the division starts and takes winners only from the match’s two competitors', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    await score(store, 1, [8, 8, 8, 8, 8]);
    await score(store, 2, [7, 7, 7, 7, 7]);
    await score(store, 3, [6, 6, 6, 6, 6]);
    await score(store, 4, [5, 5, 5, 5, 5]);
    await runMutation(store, 'completeDivision@1', { divisionId: 100 }, official);
    await runMutation(store, 'startDivision@1', { divisionId: 200, seed: 42 }, official);
    const draw = (await store.get('divisionResults', '200:2'))?.draw;
    expect([...(draw ?? [])].sort((a, b) => a - b)).toEqual([11, 12, 13, 14, 15]);
    const ready = resolveBracket(buildBracket(draw!, 'shared'), new Map()).find((m) => m.ready)!;
    await expect(
      runMutation(
        store,
        'recordMatchWinner@1',
        { divisionId: 200, eventTypeId: 2, matchId: ready.id, winnerId: 999 },
        official,
      ),
    ).rejects.toThrow(MATCHDAY_MESSAGES.notInMatch);
    await runMutation(
      store,
      'recordMatchWinner@1',
      { divisionId: 200, eventTypeId: 2, matchId: ready.id, winnerId: ready.a! },
      official,
    );
    expect((await store.get('matchResults', `200:2:${ready.id}`))?.winnerId).toBe(ready.a);
  });

  it('completes a bracket division once every match is decided', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 200, seed: 3 }, official);
    // Division 100 is first on the ring but 200 may start: nothing is running.
    const draw = (await store.get('divisionResults', '200:2'))!.draw!;
    const bracket = buildBracket(draw, 'shared');
    const winners = new Map<string, number>();
    for (;;) {
      const ready = resolveBracket(bracket, winners).filter((m) => m.ready);
      if (ready.length === 0) break;
      for (const m of ready) {
        winners.set(m.id, m.a!);
        await runMutation(
          store,
          'recordMatchWinner@1',
          { divisionId: 200, eventTypeId: 2, matchId: m.id, winnerId: m.a! },
          official,
        );
      }
    }
    await runMutation(store, 'completeDivision@1', { divisionId: 200 }, official);
    const placings = (await store.get('divisionResults', '200:2'))!.placings!;
    expect(placings.filter((p) => p.place === 1)).toHaveLength(1);
    expect(placings.filter((p) => p.place === 2)).toHaveLength(1);
  });

  it('lets a director’s reorder and an official’s completion both stand', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    for (const c of [1, 2, 3, 4]) await score(store, c, [c, c, c, c, c]);
    await runMutation(store, 'completeDivision@1', { divisionId: 100 }, official);
    // The director's order was made before the completion reached the server: 100 is passed over.
    await runMutation(store, 'reorderQueue@1', { ringId: 1, divisionIds: [300, 100, 200] }, other);
    expect((await store.get('divisions', 100))?.status).toBe('completed');
    expect((await store.get('divisions', 300))?.queueOrder).toBeLessThan(
      (await store.get('divisions', 200))!.queueOrder,
    );
  });

  it('moves an upcoming division to another ring at a position, but not one that has started', async () => {
    const store = ringDay();
    await runMutation(store, 'assignDivision@1', { divisionId: 300, ringId: 2, position: 0 }, official);
    expect(await store.get('divisions', 300)).toMatchObject({ ringId: 2, queueOrder: 1 });
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    await expect(
      runMutation(store, 'assignDivision@1', { divisionId: 100, ringId: 2 }, official),
    ).rejects.toThrow(MATCHDAY_MESSAGES.startedStays);
  });

  it('balances upcoming divisions over the open rings', async () => {
    const store = ringDay();
    await runMutation(store, 'balanceRings@1', {}, official);
    const rings = new Set([100, 200, 300].map((id) => store.map('divisions').get(id)!.ringId));
    expect(rings).toEqual(new Set([1, 2]));
  });

  it('corrects a completed result only with a possible podium of the division’s competitors', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    for (const c of [1, 2, 3, 4]) await score(store, c, [c, c, c, c, c]);
    await runMutation(store, 'completeDivision@1', { divisionId: 100 }, official);
    await expect(
      runMutation(
        store,
        'correctResult@1',
        {
          divisionId: 100,
          eventTypeId: 1,
          placings: [
            { competitorId: 1, place: 1 },
            { competitorId: 2, place: 1 },
          ],
        },
        official,
      ),
    ).rejects.toThrow(MATCHDAY_MESSAGES.badPlacings);
    await runMutation(
      store,
      'correctResult@1',
      {
        divisionId: 100,
        eventTypeId: 1,
        placings: [
          { competitorId: 3, place: 1 },
          { competitorId: 4, place: 2 },
          { competitorId: 2, place: 3 },
          { competitorId: 1, place: 4 },
        ],
      },
      official,
    );
    expect(await store.get('divisionResults', '100:1')).toMatchObject({
      placings: [
        { competitorId: 3, place: 1 },
        { competitorId: 4, place: 2 },
        { competitorId: 2, place: 3 },
        { competitorId: 1, place: 4 },
      ],
      correctedByName: 'Olga Official',
    });
  });

  it('marks a no-show, whose scores are then refused', async () => {
    const store = ringDay();
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    await runMutation(store, 'markNoShow@1', { divisionId: 100, competitorId: 4, noShow: true }, official);
    await expect(
      runMutation(
        store,
        'recordScore@1',
        { divisionId: 100, eventTypeId: 1, competitorId: 4, judge: 1, round: 0, value: 8 },
        official,
      ),
    ).rejects.toThrow(MATCHDAY_MESSAGES.noShow);
    // Three competitors present: placings 1 to 3 once scored.
    for (const c of [1, 2, 3]) await score(store, c, [c, c, c, c, c]);
    await runMutation(store, 'completeDivision@1', { divisionId: 100 }, official);
    expect((await store.get('divisionResults', '100:1'))?.placings).toHaveLength(3);
  });

  it('uses the judges the event type has: three', async () => {
    const store = new MemoryStore({
      rings: [syncRing()],
      divisions: [syncDivision({ ringId: 1, queueOrder: 1, rules: [{ ...FORMS, judges: 3 }] })],
      divisionEntries: [syncEntry(100, 1)],
      divisionResults: [syncResult(100, 1)],
    });
    await runMutation(store, 'startDivision@1', { divisionId: 100, seed: 1 }, official);
    await expect(
      runMutation(
        store,
        'recordScore@1',
        { divisionId: 100, eventTypeId: 1, competitorId: 1, judge: 4, round: 0, value: 8 },
        official,
      ),
    ).rejects.toThrow(MATCHDAY_MESSAGES.judgeOutOfRange(3));
  });
});

describe('who may push the matchday mutators (decision 042)', () => {
  it('a RingOfficial runs the ring: start, no-show, score, winner, complete, correct', () => {
    for (const mutator of [
      startDivision,
      markNoShow,
      recordScore,
      recordMatchWinner,
      completeDivision,
      correctResult,
    ])
      expect(mayPushMutator(mutator, ['RingOfficial']), mutator.name).toBe(true);
  });

  it('only directors set the day up: rings, queues, balancing, draws and leaderboard groups', () => {
    for (const mutator of [
      setRingOpen,
      assignDivision,
      reorderQueue,
      balanceRings,
      drawDivision,
      setLeaderboardGroups,
    ]) {
      expect(mayPushMutator(mutator, ['RingOfficial']), mutator.name).toBe(false);
      expect(mayPushMutator(mutator, ['TournamentDirector']), mutator.name).toBe(true);
      expect(mayPushMutator(mutator, ['SuperAdmin']), mutator.name).toBe(true);
    }
  });

  it('check-in staff and customers push none of them', () => {
    for (const mutator of MATCHDAY_MUTATORS) {
      expect(mayPushMutator(mutator, ['CheckInAdmin']), mutator.name).toBe(false);
      expect(mayPushMutator(mutator, ['Customer']), mutator.name).toBe(false);
    }
  });

  it('a director draws a bracket before the start; a late no-show redraws only when confirmed', async () => {
    const store = ringDay();
    const draw = (redraw: boolean, seed = 3) =>
      runMutation(store, 'drawDivision@1', { divisionId: 200, seed, redraw }, official);
    expect(await draw(false)).toEqual({ divisionId: 200, drawn: 1 });
    const first = (await store.get('divisionResults', '200:2'))!.draw!;
    expect([...first].sort((a, b) => a - b)).toEqual([11, 12, 13, 14, 15]);
    // Drawing again while it still fits keeps the printed draw.
    expect(await draw(false, 4)).toEqual({ divisionId: 200, drawn: 0 });
    expect((await store.get('divisionResults', '200:2'))!.draw).toEqual(first);
    await runMutation(store, 'markNoShow@1', { divisionId: 200, competitorId: 13, noShow: true }, official);
    await expect(draw(false, 4)).rejects.toThrow(MATCHDAY_MESSAGES.redrawNeedsConfirmation);
    expect(await draw(true, 4)).toEqual({ divisionId: 200, drawn: 1 });
    expect([...(await store.get('divisionResults', '200:2'))!.draw!].sort((a, b) => a - b)).toEqual([
      11, 12, 14, 15,
    ]);
    // Once the division runs, its draw stays.
    await store.put('divisions', { ...(await store.get('divisions', 200))!, status: 'current' });
    await expect(draw(true)).rejects.toThrow(MATCHDAY_MESSAGES.drawStarted);
  });
});
