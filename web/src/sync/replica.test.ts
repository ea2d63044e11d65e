import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullResponse } from '@shared/contract/sync.ts';
import { syncDivision, syncEntry, syncRing } from '@shared/testing/matchday-rows.ts';
import { recordScore } from '@shared/domain/mutators/index.ts';
import type * as Mutators from '@shared/domain/mutators/index.ts';
import { DeviceDb, getMeta, META, setMeta, wipeDeviceStore } from './db.ts';
import { Replica } from './replica.ts';

// A mutator is plain async code: on a busy tablet its replay may yield to the event loop, as
// this one does when `slowReplay.on` (a timer before it applies).
const slowReplay = vi.hoisted(() => ({ on: false }));
vi.mock('@shared/domain/mutators/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Mutators>();
  return {
    ...real,
    findMutator: (name: string) => {
      const m = real.findMutator(name);
      if (!m || !slowReplay.on) return m;
      return {
        ...m,
        apply: async (...args: Parameters<typeof m.apply>) => {
          await new Promise((resolve) => setTimeout(resolve, 0));
          return m.apply(...args);
        },
      };
    },
  };
});

// The replica's rows stay those IndexedDB holds when pulls, reloads and taps overlap (a poke's
// pull of one scope, the signage refetch of another, another tab's reload): seen as ring
// tablets whose screens lacked scores IndexedDB had (the matchday e2e test, decision 023).

let db: DeviceDb;
let n = 0;
const actor = () => ({ personId: 7, displayName: 'Olga Official' });

beforeEach(async () => {
  db = new DeviceDb(`replica-${++n}`);
  await setMeta(db, META.clientId, 'c'); // The ids the pulls below are made with.
});
afterEach(async () => {
  slowReplay.on = false;
  db.close();
  await db.delete();
});

const score = (competitorId: number) => ({
  id: `100:1:${competitorId}:1:0`,
  divisionId: 100,
  eventTypeId: 1,
  competitorId,
  judge: 1,
  round: 0,
  value: 8,
  enteredAt: '2026-11-21T13:00:00.000Z',
  enteredBy: 8,
  enteredByName: 'Omar Official',
  version: competitorId,
});

function pullOf(rows: object[], entity: string, version: number): PullResponse {
  return {
    cookie: `c${version}`,
    patch: [{ op: 'put', entity, rows: rows as never }],
    lastMutationIds: {},
    rejections: [],
  } as PullResponse;
}

/** Ring 1 running a judged division of three competitors. */
function ringDay(): PullResponse {
  return {
    cookie: 'c1',
    patch: [
      { op: 'put', entity: 'rings', rows: [syncRing()] },
      { op: 'put', entity: 'divisions', rows: [syncDivision({ ringId: 1, status: 'current' })] },
      { op: 'put', entity: 'divisionEntries', rows: [1, 2, 3].map((c) => syncEntry(100, c)) },
    ],
    lastMutationIds: {},
    rejections: [],
  };
}

describe('the replica', () => {
  it('drops a pull answered after a logout wiped the device: the next account gets no cookie for rows it never received', async () => {
    const replica = new Replica(db, actor);
    await replica.ready();
    // The director's last pull is on its way when the director logs out.
    await wipeDeviceStore(db);
    await replica.applyPull('matchday', ringDay(), 'c', ['matchday']);
    expect(await getMeta(db, META.cookie('matchday'))).toBeUndefined();
    expect(await db.entity('divisions').count()).toBe(0);
    expect(replica.getSnapshot().rows('divisions')).toEqual([]);

    // The next account's ids: its own pull lands.
    await setMeta(db, META.clientId, 'next');
    await replica.applyPull('matchday', ringDay(), 'next', ['matchday']);
    expect(await getMeta(db, META.cookie('matchday'))).toBe('c1');
    expect(replica.getSnapshot().rows('divisions')).toHaveLength(1);
    replica.dispose();
  });

  it('keeps the rows of every pull when pulls of two scopes and a reload overlap', async () => {
    const replica = new Replica(db, actor);
    await replica.ready();
    await Promise.all([
      replica.applyPull('matchday', pullOf([score(1), score(2)], 'scores', 1), 'c', ['matchday', 'signage']),
      replica.reload(),
      replica.applyPull('signage', pullOf([syncRing()], 'rings', 2), 'c', ['matchday', 'signage']),
      replica.applyPull('matchday', pullOf([score(3)], 'scores', 3), 'c', ['matchday', 'signage']),
      replica.reload(),
    ]);
    const shown = replica.getSnapshot();
    expect(
      shown
        .rows('scores')
        .map((s) => s.competitorId)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(shown.rows('rings')).toHaveLength(1);
    expect(await db.entity('scores').count()).toBe(3);
  });

  it('shows both of two taps made at once (a score field left while the next one is typed)', async () => {
    const replica = new Replica(db, actor);
    await replica.applyPull('matchday', ringDay(), 'c', ['matchday']);
    const tap = (competitorId: number) =>
      replica.mutate(recordScore, {
        divisionId: 100,
        eventTypeId: 1,
        competitorId,
        judge: 1,
        round: 0,
        value: 9,
      });
    await Promise.all([tap(1), tap(2), tap(3)]);
    expect(
      replica
        .getSnapshot()
        .rows('scores')
        .map((s) => s.competitorId)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('keeps a pull’s rows of the entity a tap writes while the tap runs', async () => {
    const replica = new Replica(db, actor);
    await replica.applyPull('matchday', ringDay(), 'c', ['matchday']);
    await Promise.all([
      replica.mutate(recordScore, {
        divisionId: 100,
        eventTypeId: 1,
        competitorId: 3,
        judge: 1,
        round: 0,
        value: 9,
      }),
      replica.applyPull('matchday', pullOf([score(1), score(2)], 'scores', 2), 'c', ['matchday']),
    ]);
    expect(
      replica
        .getSnapshot()
        .rows('scores')
        .map((s) => s.competitorId)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('shows a pull’s rows when replaying the changes not yet confirmed yields to the event loop', async () => {
    const replica = new Replica(db, actor);
    await replica.applyPull('matchday', ringDay(), 'c', ['matchday']);
    await replica.mutate(recordScore, {
      divisionId: 100,
      eventTypeId: 1,
      competitorId: 3,
      judge: 1,
      round: 0,
      value: 9,
    });
    slowReplay.on = true;
    // The server has the first two scores; the third is still queued and replays over them.
    await replica.applyPull('matchday', pullOf([score(1), score(2)], 'scores', 2), 'c', ['matchday']);
    const shown = (): number[] =>
      replica
        .getSnapshot()
        .rows('scores')
        .map((s) => s.competitorId)
        .sort();
    expect(shown()).toEqual([1, 2, 3]);
    expect(await db.entity('scores').count()).toBe(2);
    // The next pull, from the cookie stored, sends nothing again: the screen must not need it.
    await replica.applyPull('matchday', { ...pullOf([], 'scores', 2), patch: [] }, 'c', ['matchday']);
    expect(shown()).toEqual([1, 2, 3]);
  });
});
