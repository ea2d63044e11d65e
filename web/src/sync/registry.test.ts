import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEVICE_STORE_VERSION,
  defineEntity,
  deviceStores,
  SYNC_REGISTRY,
} from '@shared/contract/sync-entities.ts';
import type { PatchOp, PullResponse, SyncScope } from '@shared/contract/sync.ts';
import { syncCompetitor } from '@shared/testing/sync-rows.ts';
import { setSession } from '../lib/session.ts';
import { DeviceDb } from './db.ts';
import { SyncEngine } from './engine.ts';

// The device side of the entity registry (decision 019): an entity declared only here, in test
// code, gets a table, arrives by pull, is updated, deleted by tombstone and cleared, and
// shows in the replica, with no change to the device store, the patch code or the replica.
// A row two held scopes carry stays until the last of them lets it go.

const TestNoteSchema = z.object({ id: z.number().int(), body: z.string(), version: z.number().int() });
const testNotes = defineEntity({
  name: 'testNotes',
  key: 'number',
  schema: TestNoteSchema,
  scopes: ['checkin', 'signage'],
  indexes: [],
  writable: [],
  derived: [],
});
const registry = { ...SYNC_REGISTRY, testNotes };
type Note = z.infer<typeof TestNoteSchema>;

let db: DeviceDb;
let n = 0;
/** Patches the stand-in server answers next, per scope. */
let next: Record<string, PatchOp[]>;

beforeEach(() => {
  db = new DeviceDb(`registry-${++n}`, registry);
  next = {};
  setSession({ user: { personId: 7, roles: ['CheckInAdmin'], userDisplayName: 'Dana Door' }, token: 'tok' });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

function engine(scopes: SyncScope[]) {
  let version = 0;
  const fetch = async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { scope: SyncScope };
    if (String(url) !== '/sync/pull') return Response.json({ lastMutationId: 0, results: [] });
    const res: PullResponse = {
      cookie: `${body.scope}.1.${++version}.0`,
      patch: next[body.scope] ?? [],
      lastMutationIds: {},
      rejections: [],
    };
    next[body.scope] = [];
    return Response.json(res);
  };
  return new SyncEngine({ db, scopes, fetch, schedule: () => () => {} });
}

const notes = (e: SyncEngine) => e.replica.getSnapshot().rows('testNotes' as never) as unknown as Note[];
const note = (id: number, body: string): Note => ({ id, body, version: id });
/** A patch op of the test entity, which the app's PatchOp type does not name. */
const testOp = (op: { op: 'put' | 'del'; entity: 'testNotes'; rows?: Note[]; ids?: number[] }) =>
  op as unknown as PatchOp;

describe('an entity declared only in the registry', () => {
  it('gets a device table, and arrives, changes, goes by tombstone and by a clear, in the store and the replica', async () => {
    const e = engine(['checkin']);
    next.checkin = [
      { op: 'clear' },
      testOp({ op: 'put', entity: 'testNotes', rows: [note(1, 'Ring 2 mats'), note(2, 'Judges')] }),
    ];
    await e.syncOnce();
    expect(await db.entity('testNotes').count()).toBe(2);
    expect(notes(e).map((x) => x.body)).toEqual(['Ring 2 mats', 'Judges']);

    next.checkin = [testOp({ op: 'put', entity: 'testNotes', rows: [note(1, 'Ring 2 mats, taped')] })];
    await e.syncOnce();
    expect(notes(e).find((x) => x.id === 1)?.body).toBe('Ring 2 mats, taped');

    next.checkin = [testOp({ op: 'del', entity: 'testNotes', ids: [2] })];
    await e.syncOnce();
    expect(notes(e).map((x) => x.id)).toEqual([1]);
    expect(await db.entity('testNotes').get(2)).toBeUndefined();

    next.checkin = [{ op: 'clear' }];
    await e.syncOnce();
    expect(notes(e)).toEqual([]);
    expect(await db.entity('testNotes').count()).toBe(0);
  });

  it("keeps a row two held scopes carry until both let it go; a scope's clear leaves the other scope's rows", async () => {
    const e = engine(['checkin', 'signage']);
    next.checkin = [
      { op: 'clear' },
      { op: 'put', entity: 'competitors', rows: [syncCompetitor()] },
      testOp({ op: 'put', entity: 'testNotes', rows: [note(1, 'Shared')] }),
    ];
    next.signage = [
      { op: 'clear' },
      testOp({ op: 'put', entity: 'testNotes', rows: [note(1, 'Shared'), note(3, 'Signage only')] }),
    ];
    await e.syncOnce();
    expect(
      notes(e)
        .map((x) => x.id)
        .sort(),
    ).toEqual([1, 3]);

    // Signage starts afresh (a full reset with nothing): its own note goes, the shared one and
    // check-in's competitor stay.
    next.signage = [{ op: 'clear' }];
    await e.syncOnce();
    expect(notes(e).map((x) => x.id)).toEqual([1]);
    expect(e.replica.getSnapshot().rows('competitors')).toHaveLength(1);

    next.checkin = [testOp({ op: 'del', entity: 'testNotes', ids: [1] })];
    await e.syncOnce();
    expect(notes(e)).toEqual([]);
    expect(e.replica.getSnapshot().rows('competitors')).toHaveLength(1);
  });
});

describe('the device store layout', () => {
  it('follows the registry, and a change of entities or indexes comes with a new store version', () => {
    // When this fails because an entity or index was added, raise DEVICE_STORE_VERSION in
    // shared/src/contract/sync-entities.ts and update both lines (decision 011's checklist).
    expect(deviceStores()).toEqual({
      registrations: 'id, tournamentId, *$scopes',
      competitors: 'id, registrationId, *$scopes',
      payments: 'id, registrationId, *$scopes',
      rings: 'id, *$scopes',
      divisions: 'id, ringId, *$scopes',
      divisionEntries: 'id, divisionId, competitorId, *$scopes',
      divisionResults: 'id, divisionId, *$scopes',
      scores: 'id, divisionId, *$scopes',
      matchResults: 'id, divisionId, *$scopes',
      matchdaySettings: 'id, *$scopes',
    });
    expect(DEVICE_STORE_VERSION).toBe(4);
  });
});
