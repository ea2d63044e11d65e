import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PatchOp, PullResponse, PushResponse, SyncCompetitor, Tournament } from '@tournament/shared';
import {
  competitorLevels,
  competitors,
  registrations,
  syncClients,
  syncMutationResults,
  syncTombstones,
  tournaments,
} from '../db/schema.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { insertFamily } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { english } from '../testing/english.ts';
import { SYNC_EVENT_MESSAGES, MAX_ANONYMOUS_STREAMS_PER_ADDRESS } from '../routes/sync.ts';
import {
  MAX_NEW_CLIENTS_PER_DAY,
  MAX_UNKNOWN_RESULTS_PER_CLIENT,
  PUSH_CHUNK,
  PUSH_MESSAGES,
} from './push.ts';
import {
  bumpVersion,
  pruneTombstones,
  readVersion,
  stampRow,
  startTombstonePruning,
  SYNC_POKE_CHANNEL,
  TOMBSTONE_RETENTION_DAYS,
} from './versions.ts';

// The server side of docs/design.md §4.1 and decision 011: push, pull, scopes, pokes.

let t: TestApp;
let next: Tournament;
let levelId: number;
let staff: { token: string; user: { id: number } };
let staff2: { token: string; user: { id: number } };
let parent: { token: string; user: { id: number } };
let otherParent: { token: string; user: { id: number } };
let director: { token: string };
let clientSeq = 0;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  const found = await getNextTournament(t.deps);
  if (!found) throw new Error('the seed has no next tournament');
  next = found;
  const [level] = await t.db.select().from(competitorLevels).limit(1);
  levelId = level?.id ?? 0;
  staff = await t.createUser('CheckInAdmin', { firstName: 'Dana', lastName: 'Door' });
  staff2 = await t.createUser('CheckInAdmin', { firstName: 'Eli', lastName: 'Entry' });
  parent = await t.createUser('Customer', { firstName: 'Pat', lastName: 'Lee' });
  otherParent = await t.createUser('Customer', { firstName: 'Ola', lastName: 'Nowak' });
  director = await t.createUser('TournamentDirector');
}, 120_000);
afterAll(() => t.close());

/** A completed registration of the next tournament with `n` competitors, written as the /api would. */
const makeFamily = (ownerUserId: number, n: number, tournamentId = next.id) =>
  insertFamily(t, { ownerUserId, tournamentId, competitorLevelId: levelId, competitors: n });

function tablet(token: string) {
  clientSeq += 1;
  const clientId = `tablet-${clientSeq}`;
  const clientGroupId = `group-${clientSeq}`;
  return {
    clientId,
    async push(mutations: { id: number; name: string; args: unknown }[]) {
      return t.call('POST', '/sync/push', { clientGroupId, clientId, mutations }, token);
    },
    async pull(scope: string, cookie: string | null) {
      return t.call('POST', '/sync/pull', { clientGroupId, clientId, cookie, scope }, token);
    },
  };
}

const checkIn = (id: number, competitorId: number) => ({
  id,
  name: 'checkInCompetitor@1',
  args: { competitorId },
});

async function competitor(id: number) {
  const [row] = await t.db.select().from(competitors).where(eq(competitors.id, id));
  return row;
}

function puts(patch: PatchOp[], entity: 'competitors' | 'registrations'): Record<string, unknown>[] {
  return patch.flatMap((op) =>
    op.op === 'put' && op.entity === entity ? (op.rows as Record<string, unknown>[]) : [],
  );
}

describe('POST /sync/push', () => {
  it('applies a retried push once', async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const a = tablet(staff.token);
    const first = await a.push([checkIn(1, fam.competitorIds[0]!)]);
    expect(first.status).toBe(200);
    expect((first.json as PushResponse).results).toEqual([
      { id: 1, status: 'applied', code: null, message: null },
    ]);
    const at = (await competitor(fam.competitorIds[0]!))?.checkedInAt;
    const version = (await readVersion(t.db, next.id)).version;

    const retry = await a.push([checkIn(1, fam.competitorIds[0]!)]);
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual({ lastMutationId: 1, results: [] });
    expect((await competitor(fam.competitorIds[0]!))?.checkedInAt).toEqual(at);
    expect((await readVersion(t.db, next.id)).version).toBe(version);
  });

  it('does not apply a mutation after a gap, nor out of order before its predecessor', async () => {
    const fam = await makeFamily(parent.user.id, 3);
    const a = tablet(staff.token);
    const [c1, c2, c3] = fam.competitorIds as [number, number, number];
    const gap = await a.push([checkIn(2, c2)]);
    expect(gap.json).toEqual({ lastMutationId: 0, results: [] });
    expect((await competitor(c2))?.checkedInAt).toBeNull();

    // Sent out of order: applied in id order; 4 waits for 3.
    const res = await a.push([checkIn(2, c2), checkIn(1, c1), checkIn(4, c3)]);
    expect((res.json as PushResponse).lastMutationId).toBe(2);
    expect((res.json as PushResponse).results.map((r) => r.id)).toEqual([1, 2]);
    expect((await competitor(c1))?.checkedInAt).not.toBeNull();
    expect((await competitor(c3))?.checkedInAt).toBeNull();
  });

  it('records a refused mutation as rejected, advances the id and reports it once in pull', async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const a = tablet(staff.token);
    const res = await a.push([
      checkIn(1, 999_999),
      { id: 2, name: 'noSuchThing@1', args: {} },
      { id: 3, name: 'checkInCompetitor@1', args: { competitorId: 'x' } },
      checkIn(4, fam.competitorIds[0]!),
    ]);
    expect(res.status).toBe(200);
    const body = res.json as PushResponse;
    expect(body.lastMutationId).toBe(4);
    expect(body.results.map((r) => [r.id, r.status, r.code])).toEqual([
      [1, 'rejected', 'competitor_not_found'],
      [2, 'rejected', 'unknown_mutator'],
      [3, 'rejected', 'invalid_args'],
      [4, 'applied', null],
    ]);

    const first = (await a.pull('checkin', null)).json as PullResponse;
    expect(first.lastMutationIds).toEqual({ [a.clientId]: 4 });
    expect(first.rejections.map((r) => [r.mutationId, r.code])).toEqual([
      [1, 'competitor_not_found'],
      [2, 'unknown_mutator'],
      [3, 'invalid_args'],
    ]);
    // A pulled rejection keeps the rule's reference; the tablet shows it in its language.
    expect(english(first.rejections[0]?.message ?? '')).toBe(
      'This competitor is not registered for the next tournament.',
    );
    // The cookie acknowledges them; a lost answer (pull again with the old cookie) repeats them.
    expect(((await a.pull('checkin', first.cookie)).json as PullResponse).rejections).toEqual([]);
    expect(((await a.pull('checkin', null)).json as PullResponse).rejections).toHaveLength(3);
  });

  it('refuses check-ins from a customer (403) and from a visitor (401), applying nothing', async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const c = tablet(parent.token);
    const res = await c.push([checkIn(1, fam.competitorIds[0]!)]);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      message:
        'You do not have the required permissions to access this resource. Please contact us if you believe this is an error.',
    });
    expect((await competitor(fam.competitorIds[0]!))?.checkedInAt).toBeNull();
    expect((await tablet('').push([checkIn(1, fam.competitorIds[0]!)])).status).toBe(401);
  });

  it('refuses a device id that belongs to another user', async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const a = tablet(staff.token);
    await a.push([checkIn(1, fam.competitorIds[0]!)]);
    const res = await t.call(
      'POST',
      '/sync/push',
      {
        clientGroupId: 'group-x',
        clientId: a.clientId,
        mutations: [{ id: 2, name: 'undoCheckIn@1', args: { competitorId: fam.competitorIds[0] } }],
      },
      staff2.token,
    );
    expect(res.status).toBe(403);
    expect((await competitor(fam.competitorIds[0]!))?.checkedInAt).not.toBeNull();
  });

  it('makes one check-in when two tablets check in the same competitor, and the second learns who', async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const id = fam.competitorIds[0]!;
    const a = tablet(staff.token);
    const b = tablet(staff2.token);
    const [ra, rb] = [await a.push([checkIn(1, id)]), await b.push([checkIn(1, id)])];
    expect((ra.json as PushResponse).results[0]).toMatchObject({ status: 'applied', code: null });
    expect((rb.json as PushResponse).results[0]).toEqual({
      id: 1,
      status: 'applied',
      code: 'already_checked_in',
      message: 'Already checked in by Dana Door.',
    });
    expect((await competitor(id))?.checkedInBy).toBe(staff.user.id);
    const seen = puts(((await b.pull('checkin', null)).json as PullResponse).patch, 'competitors').find(
      (r) => r.id === id,
    );
    expect(seen).toMatchObject({ checkedInBy: staff.user.id, checkedInByName: 'Dana Door' });
  });

  it('makes one check-in when two tablets push the same competitor at the same moment', async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const id = fam.competitorIds[0]!;
    const [ra, rb] = await Promise.all([
      tablet(staff.token).push([checkIn(1, id)]),
      tablet(staff2.token).push([checkIn(1, id)]),
    ]);
    const codes = [ra, rb].map((r) => (r.json as PushResponse).results[0]?.code).sort();
    expect(codes).toEqual(['already_checked_in', null].sort());
    const winner = (ra.json as PushResponse).results[0]?.code === null ? staff : staff2;
    expect((await competitor(id))?.checkedInBy).toBe(winner.user.id);
  });

  it("a new device's first push sent twice at once (a retry racing the original) registers it once and applies once", async () => {
    const fam = await makeFamily(parent.user.id, 2);
    const a = tablet(staff.token);
    const batch = fam.competitorIds.map((cid, i) => checkIn(i + 1, cid));
    const answers = await Promise.all([a.push(batch), a.push(batch)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => (r.json as PushResponse).lastMutationId)).toEqual([2, 2]);
    // One answered both mutations; the other found them processed.
    expect(answers.map((r) => (r.json as PushResponse).results.length).sort()).toEqual([0, 2]);
    const recorded = await t.db
      .select()
      .from(syncMutationResults)
      .where(eq(syncMutationResults.clientId, a.clientId));
    expect(recorded.map((r) => r.mutationId).sort()).toEqual([1, 2]);
  });

  it('applies 50 check-ins pushed in one batch exactly once, even when the batch is pushed again', async () => {
    const fam = await makeFamily(parent.user.id, 50);
    const a = tablet(staff.token);
    const batch = fam.competitorIds.map((cid, i) => checkIn(i + 1, cid));
    const res = await a.push(batch);
    expect((res.json as PushResponse).lastMutationId).toBe(50);
    expect((res.json as PushResponse).results.filter((r) => r.status === 'applied')).toHaveLength(50);
    const again = await a.push(batch);
    expect(again.json).toEqual({ lastMutationId: 50, results: [] });
    const rows = await t.db
      .select()
      .from(competitors)
      .where(eq(competitors.registrationId, fam.registrationId));
    expect(rows.filter((r) => r.checkedInAt !== null && r.checkedInBy === staff.user.id)).toHaveLength(50);
  }, 60_000);

  it('applies the mutations around a rejected one in the same chunk, and records each once', async () => {
    const fam = await makeFamily(parent.user.id, 4);
    const [c1, c2, c3, c4] = fam.competitorIds as [number, number, number, number];
    const a = tablet(staff.token);
    const batch = [
      checkIn(1, c1),
      checkIn(2, c2),
      checkIn(3, 999_999),
      { id: 4, name: 'checkInRegistration@1', args: { registrationId: 999_999 } },
      checkIn(5, c3),
      checkIn(6, c4),
    ];
    const res = await a.push(batch);
    expect(res.status).toBe(200);
    expect((res.json as PushResponse).results.map((r) => [r.id, r.status, r.code])).toEqual([
      [1, 'applied', null],
      [2, 'applied', null],
      [3, 'rejected', 'competitor_not_found'],
      [4, 'rejected', 'registration_not_found'],
      [5, 'applied', null],
      [6, 'applied', null],
    ]);
    for (const id of [c1, c2, c3, c4]) expect((await competitor(id))?.checkedInBy).toBe(staff.user.id);
    expect((await a.push(batch)).json).toEqual({ lastMutationId: 6, results: [] });
    const pulled = (await a.pull('checkin', null)).json as PullResponse;
    expect(pulled.lastMutationIds).toEqual({ [a.clientId]: 6 });
    expect(pulled.rejections.map((r) => r.mutationId)).toEqual([3, 4]);
  });

  it('rolls back the whole chunk a failure interrupts, keeps earlier chunks, and the retry applies each once', async () => {
    const n = PUSH_CHUNK + 20;
    const fam = await makeFamily(parent.user.id, n);
    const ids = fam.competitorIds;
    // A database failure (not a rule) in the second chunk: updating this competitor raises.
    const failing = ids[PUSH_CHUNK + 10]!;
    await t.deps.database.execScript(`
      create function test_fail_update() returns trigger language plpgsql as $$
      begin raise exception 'disk on fire'; end $$;
      create trigger test_fail before update on competitors for each row
        when (old.id = ${failing}) execute function test_fail_update();`);
    const a = tablet(staff.token);
    const batch = ids.map((cid, i) => checkIn(i + 1, cid));
    try {
      const failed = await a.push(batch);
      expect(failed.status).toBe(500);
    } finally {
      await t.deps.database.execScript(
        'drop trigger test_fail on competitors; drop function test_fail_update();',
      );
    }
    // The first chunk committed with its results; nothing of the second one did.
    const checkedIn = async () =>
      (await t.db.select().from(competitors).where(eq(competitors.registrationId, fam.registrationId)))
        .filter((r) => r.checkedInAt !== null)
        .map((r) => r.id)
        .sort((x, y) => x - y);
    expect(await checkedIn()).toEqual(ids.slice(0, PUSH_CHUNK));
    expect(((await a.pull('checkin', null)).json as PullResponse).lastMutationIds).toEqual({
      [a.clientId]: PUSH_CHUNK,
    });

    // The device pushes the same batch again: only the rest is processed, each once.
    const retry = await a.push(batch);
    expect(retry.status).toBe(200);
    const body = retry.json as PushResponse;
    expect(body.lastMutationId).toBe(n);
    expect(body.results.map((r) => r.id)).toEqual(batch.slice(PUSH_CHUNK).map((m) => m.id));
    expect(body.results.every((r) => r.status === 'applied' && r.code === null)).toBe(true);
    expect(await checkedIn()).toEqual(ids);
    const recorded = await t.db
      .select()
      .from(syncMutationResults)
      .where(eq(syncMutationResults.clientId, a.clientId));
    expect(recorded.map((r) => Number(r.mutationId)).sort((x, y) => x - y)).toEqual(batch.map((m) => m.id));
  }, 60_000);

  it('checks in a whole registration (only those not yet in) and undoes one', async () => {
    const fam = await makeFamily(parent.user.id, 3);
    const [c1, c2, c3] = fam.competitorIds as [number, number, number];
    const a = tablet(staff.token);
    const b = tablet(staff2.token);
    await b.push([checkIn(1, c2)]);
    const res = await a.push([
      { id: 1, name: 'checkInRegistration@1', args: { registrationId: fam.registrationId } },
      { id: 2, name: 'undoCheckIn@1', args: { competitorId: c3 } },
    ]);
    expect((res.json as PushResponse).results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await competitor(c1))?.checkedInBy).toBe(staff.user.id);
    expect((await competitor(c2))?.checkedInBy).toBe(staff2.user.id);
    expect((await competitor(c3))?.checkedInAt).toBeNull();
  });

  it('rejects a check-in of a registration of another tournament (server-only check)', async () => {
    const [other] = await t.db
      .insert(tournaments)
      .values({
        tournamentDate: '2027-11-20',
        registrationOpensOn: '2027-09-01',
        registrationClosesAfter: '2027-11-10',
        competitorOnlineCost: 40,
        competitorDoorCost: 50,
        spectatorCost: 5,
        lunchCost: 10,
        city: 'Elliot Lake',
        venue: 'Hall',
      })
      .returning();
    const fam = await makeFamily(parent.user.id, 1, other!.id);
    const res = await tablet(staff.token).push([
      { id: 1, name: 'checkInRegistration@1', args: { registrationId: fam.registrationId } },
    ]);
    expect((res.json as PushResponse).results[0]).toMatchObject({
      status: 'rejected',
      code: 'registration_not_found',
    });
    expect((await competitor(fam.competitorIds[0]!))?.checkedInAt).toBeNull();
  });
});

describe('POST /sync/pull', () => {
  it('answers a first pull with a full reset, then only what changed, then deletions', async () => {
    const fam = await makeFamily(parent.user.id, 2);
    const a = tablet(staff.token);
    const first = (await a.pull('checkin', null)).json as PullResponse;
    expect(first.patch[0]).toEqual({ op: 'clear' });
    const reg = puts(first.patch, 'registrations').find((r) => r.id === fam.registrationId);
    expect(reg).toMatchObject({
      familyName: 'Lee',
      ownerFirstName: 'Pat',
      isCompleted: true,
      competitorCount: 2,
    });
    expect(reg?.balanceOwing).toBe(2 * next.competitorOnlineCost);
    expect(
      puts(first.patch, 'competitors').filter((c) => c.registrationId === fam.registrationId),
    ).toHaveLength(2);

    const quiet = (await a.pull('checkin', first.cookie)).json as PullResponse;
    expect(quiet.patch).toEqual([]);

    await a.push([checkIn(1, fam.competitorIds[0]!)]);
    const changed = (await a.pull('checkin', quiet.cookie)).json as PullResponse;
    expect(changed.patch).toHaveLength(1);
    const rows = puts(changed.patch, 'competitors') as SyncCompetitor[];
    expect(rows.map((r) => r.id)).toEqual([fam.competitorIds[0]]);
    expect(rows[0]).toMatchObject({ checkedInBy: staff.user.id, checkedInByName: 'Dana Door' });

    // A change made outside /sync (here straight in the table, as any /api service writes) is stamped too.
    await t.db
      .update(competitors)
      .set({ firstName: 'Renamed' })
      .where(eq(competitors.id, fam.competitorIds[1]!));
    await t.db.delete(competitors).where(eq(competitors.id, fam.competitorIds[0]!));
    const later = (await a.pull('checkin', changed.cookie)).json as PullResponse;
    expect(later.patch).toContainEqual({ op: 'del', entity: 'competitors', ids: [fam.competitorIds[0]] });
    expect(puts(later.patch, 'competitors').map((c) => [c.id, c.firstName])).toEqual([
      [fam.competitorIds[1], 'Renamed'],
    ]);
    // Removing a competitor changes its registration's count and balance: the registration comes too.
    expect(puts(later.patch, 'registrations')).toEqual([
      expect.objectContaining({
        id: fam.registrationId,
        competitorCount: 1,
        balanceOwing: next.competitorOnlineCost,
      }),
    ]);
  });

  it('carries a change made through the /api (a spectator pass) with its new balance owing', async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const a = tablet(staff.token);
    const before = (await a.pull('checkin', null)).json as PullResponse;
    // A completed registration is changed by a director (decision 018), through the /api.
    const added = await t.call(
      'POST',
      `/api/registration/spectator/${fam.registrationId}`,
      undefined,
      director.token,
    );
    expect(added.status).toBe(200);
    const after = (await a.pull('checkin', before.cookie)).json as PullResponse;
    expect(puts(after.patch, 'registrations')).toEqual([
      expect.objectContaining({
        id: fam.registrationId,
        balanceOwing: next.competitorOnlineCost + next.spectatorCost,
      }),
    ]);
  });

  it("answers a malformed cookie, another scope's, or one older than the pruned tombstones with a full reset", async () => {
    const a = tablet(staff.token);
    const first = (await a.pull('checkin', null)).json as PullResponse;
    expect(((await a.pull('checkin', 'garbage')).json as PullResponse).patch[0]).toEqual({ op: 'clear' });
    const signage = (await a.pull('signage', null)).json as PullResponse;
    expect(((await a.pull('checkin', signage.cookie)).json as PullResponse).patch[0]).toEqual({
      op: 'clear',
    });

    const fam = await makeFamily(parent.user.id, 1);
    await t.db.delete(registrations).where(eq(registrations.id, fam.registrationId));
    const tomb = await t.db
      .select()
      .from(syncTombstones)
      .where(eq(syncTombstones.entityId, String(fam.registrationId)));
    expect(tomb.map((x) => x.entity)).toContain('registrations');
    t.clock.advance(1000);
    expect(await pruneTombstones(t.db, next.id, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    const reset = (await a.pull('checkin', first.cookie)).json as PullResponse;
    expect(reset.patch[0]).toEqual({ op: 'clear' });
    expect(puts(reset.patch, 'registrations').some((r) => r.id === fam.registrationId)).toBe(false);
    // The new cookie is newer than the pruned tombstones: incremental again.
    expect(((await a.pull('checkin', reset.cookie)).json as PullResponse).patch).toEqual([]);
  });

  it('refuses the checkin scope to a customer (403) and a visitor (401), matchday to check-in staff', async () => {
    expect((await tablet(parent.token).pull('checkin', null)).status).toBe(403);
    expect((await tablet('').pull('checkin', null)).status).toBe(401);
    expect((await tablet(staff.token).pull('matchday', null)).status).toBe(403);
    const matchday = await tablet(director.token).pull('matchday', null);
    expect(matchday.status).toBe(200);
    // No rings yet: ring officials get only the competitors, for their check-in state (decision 021).
    const patch = (matchday.json as PullResponse).patch;
    expect(patch[0]).toEqual({ op: 'clear' });
    expect(patch.slice(1).map((op) => (op.op === 'put' ? op.entity : op.op))).toEqual(['competitors']);
    expect((await tablet('').pull('customer', null)).status).toBe(401);
  });

  it('gives a customer only their own registrations, without the names of staff', async () => {
    const mine = await makeFamily(otherParent.user.id, 1);
    await tablet(staff.token).push([checkIn(1, mine.competitorIds[0]!)]);
    const res = (await tablet(otherParent.token).pull('customer', null)).json as PullResponse;
    expect(puts(res.patch, 'registrations').map((r) => r.id)).toEqual([mine.registrationId]);
    const kids = puts(res.patch, 'competitors');
    expect(kids.map((c) => c.id)).toEqual(mine.competitorIds);
    expect(kids[0]).toMatchObject({ checkedInBy: null, checkedInByName: null });
    expect(kids[0]?.checkedInAt).not.toBeNull();
  });

  it('gives signage, without login, a valid cookie and no personal data', async () => {
    await makeFamily(parent.user.id, 2);
    const res = await tablet('').pull('signage', null);
    expect(res.status).toBe(200);
    const body = res.json as PullResponse;
    expect(body.patch.filter((op) => op.op !== 'clear')).toEqual([]);
    expect(res.text).not.toMatch(/Lee|Kid1|Pat/);
    const again = (await tablet('').pull('signage', body.cookie)).json as PullResponse;
    expect(again.patch).toEqual([]);
  });
});

describe('bumpVersion and stampRow', () => {
  it('give one version per transaction, the same the triggers stamp, above every earlier one', async () => {
    const fam = await makeFamily(parent.user.id, 2);
    const before = (await readVersion(t.db, next.id)).version;
    const seen = await t.db.transaction(async (tx) => {
      const v1 = await bumpVersion(tx, next.id);
      const v2 = await bumpVersion(tx, next.id);
      await tx.update(competitors).set({ school: 'Dojo' }).where(eq(competitors.id, fam.competitorIds[0]!));
      const v3 = await stampRow(tx, 'competitors', fam.competitorIds[1]!, next.id);
      return [v1, v2, v3];
    });
    expect(seen).toEqual([before + 1, before + 1, before + 1]);
    expect((await competitor(fam.competitorIds[0]!))?.version).toBe(before + 1);
    expect((await competitor(fam.competitorIds[1]!))?.version).toBe(before + 1);
    expect((await readVersion(t.db, next.id)).version).toBe(before + 1);
  });
});

/** Reads an SSE body until `pattern` appears; answers everything read. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pattern: RegExp,
  seen = '',
): Promise<string> {
  const decoder = new TextDecoder();
  let text = seen;
  while (!pattern.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
    text += decoder.decode(value);
  }
  return text;
}

describe('tombstone pruning', () => {
  it('the server prunes deletions older than the retention at start and on its timer; an older cookie then gets a full reset', async () => {
    const fam = await makeFamily(parent.user.id, 2);
    const a = tablet(staff.token);
    const before = (await a.pull('checkin', null)).json as PullResponse;
    await t.db.delete(competitors).where(eq(competitors.id, fam.competitorIds[0]!));

    // Days pass for the pruner (tombstones carry the database's real time; the suite's clock
    // stays, as the next tournament depends on it).
    let daysLater = 0;
    const day = 24 * 60 * 60 * 1000;
    const pruner = startTombstonePruning(
      { database: t.database, now: () => new Date(Date.now() + daysLater * day) },
      { everyMs: 60 * 60 * 1000 },
    );
    try {
      // The run at start: the deletion is younger than the retention, so it stays.
      expect(await pruner.runOnce()).toBe(0);
      const incremental = (await a.pull('checkin', before.cookie)).json as PullResponse;
      expect(incremental.patch).toContainEqual({
        op: 'del',
        entity: 'competitors',
        ids: [fam.competitorIds[0]],
      });

      daysLater = TOMBSTONE_RETENTION_DAYS + 1;
      expect(await pruner.runOnce()).toBeGreaterThan(0);
      const reset = (await a.pull('checkin', before.cookie)).json as PullResponse;
      expect(reset.patch[0]).toEqual({ op: 'clear' });
      const ids = puts(reset.patch, 'competitors').map((r) => r.id);
      expect(ids).toContain(fam.competitorIds[1]);
      expect(ids).not.toContain(fam.competitorIds[0]);
    } finally {
      await pruner.stop();
    }
    // Stopped: no more runs.
    expect(await pruner.runOnce()).toBe(0);
  });
});

/** A ticket for `scope`, traded for `token` (POST /sync/events/ticket). */
async function ticketFor(token: string, scope: string): Promise<string> {
  const res = await t.call('POST', '/sync/events/ticket', { scope }, token);
  expect(res.status).toBe(200);
  return (res.json as { ticket: string }).ticket;
}

describe('GET /sync/events', () => {
  it('pokes a connected client when a push changes its tournament (a ticket in the query)', async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const res = await t.app.request(
      `/sync/events?scope=checkin&ticket=${await ticketFor(staff2.token, 'checkin')}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const hello = await readUntil(reader, /: connected/);
    await tablet(staff.token).push([checkIn(1, fam.competitorIds[0]!)]);
    const text = await readUntil(reader, /event: poke\ndata: .*\n\n/, hello);
    const data = /event: poke\ndata: (.*)\n/.exec(text)?.[1] ?? '{}';
    // A check-in changes competitors, which the checkin, customer and matchday scopes carry.
    expect(JSON.parse(data)).toEqual({
      tournamentId: next.id,
      version: (await readVersion(t.db, next.id)).version,
      scopes: ['checkin', 'customer', 'matchday'],
    });
    await reader.cancel();
  });

  it('does not poke a stream of a scope whose rows a push did not change', async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const signage = (await t.app.request(`/sync/events?scope=signage`)).body!.getReader();
    const checkin = (
      await t.app.request(`/sync/events?scope=checkin&ticket=${await ticketFor(staff2.token, 'checkin')}`)
    ).body!.getReader();
    const hello = await readUntil(signage, /: connected/);
    await readUntil(checkin, /: connected/);
    try {
      await tablet(staff.token).push([checkIn(1, fam.competitorIds[0]!)]);
      // Both streams hear the same NOTIFY: once the checkin one is poked, the signage one had its chance.
      await readUntil(checkin, /event: poke/);
      const signagePoked = await Promise.race([
        readUntil(signage, /event: poke/, hello).then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((r) => setTimeout(() => r(false), 500)),
      ]);
      expect(signagePoked).toBe(false);
    } finally {
      await Promise.all([signage.cancel(), checkin.cancel()]);
    }
  });

  it('refuses the checkin scope to a visitor and a customer, and opens signage to anyone', async () => {
    expect((await t.call('GET', '/sync/events?scope=checkin')).status).toBe(401);
    expect((await t.call('POST', '/sync/events/ticket', { scope: 'checkin' }, parent.token)).status).toBe(
      403,
    );
    expect((await t.call('POST', '/sync/events/ticket', { scope: 'checkin' })).status).toBe(401);
    expect((await t.call('GET', '/sync/events?scope=checkin&ticket=forged')).status).toBe(401);
    const res = await t.app.request('/sync/events?scope=signage');
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await readUntil(reader, /: connected/);
    await reader.cancel();
  });
});

describe('sync on tournament day, safe from strangers (decision 018)', () => {
  it('never takes the access token in the URL: a token in the query opens nothing', async () => {
    expect((await t.call('GET', `/sync/events?scope=checkin&token=${staff.token}`)).status).toBe(401);
  });

  it('gives a ticket good for its own scope only, and no use as an access token', async () => {
    const ticket = await ticketFor(staff.token, 'checkin');
    expect((await t.call('GET', `/sync/events?scope=customer&ticket=${ticket}`)).status).toBe(401);
    expect((await tablet(ticket).pull('checkin', null)).status).toBe(401);
    expect((await t.call('POST', '/sync/events/ticket', { scope: 'matchday' }, staff.token)).status).toBe(
      403,
    );
  });

  it('ends a stream when the access token it was opened with expires', async () => {
    const volunteer = await t.createUser('CheckInAdmin', { firstName: 'Short', lastName: 'Shift' });
    // Access tokens last 15 minutes: open the stream a moment before this one's end.
    const late = 15 * 60 * 1000 - 1500;
    t.clock.advance(late);
    try {
      const ticket = await ticketFor(volunteer.token, 'checkin');
      const reader = (await t.app.request(`/sync/events?scope=checkin&ticket=${ticket}`)).body!.getReader();
      await readUntil(reader, /: connected/);
      // It ends by itself, long before the first heartbeat would come. (A poke may come first:
      // on PostgreSQL an earlier test's NOTIFY can arrive late, and that is no fault.)
      await expect(readUntil(reader, /: heartbeat/)).rejects.toThrow(/stream ended/);
    } finally {
      t.clock.advance(-late);
    }
  });

  it('limits the open streams of scopes open to visitors per address', async () => {
    const open: ReadableStreamDefaultReader<Uint8Array>[] = [];
    try {
      for (let i = 0; i < MAX_ANONYMOUS_STREAMS_PER_ADDRESS; i++) {
        const res = await t.app.request('/sync/events?scope=signage');
        expect(res.status).toBe(200);
        open.push(res.body!.getReader());
      }
      const refused = await t.call('GET', '/sync/events?scope=signage');
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ message: english(SYNC_EVENT_MESSAGES.tooManyStreams) });
      // One closes: another may open.
      await open.pop()!.cancel();
      await vi.waitFor(async () => {
        const again = await t.app.request('/sync/events?scope=signage');
        expect(again.status).toBe(200);
        open.push(again.body!.getReader());
      });
    } finally {
      await Promise.all(open.map((r) => r.cancel()));
    }
  });

  it('stores no results of unknown mutation names past a small allowance, yet processes each once', async () => {
    const device = tablet(staff.token);
    const junk = Array.from({ length: MAX_UNKNOWN_RESULTS_PER_CLIENT + 5 }, (_, i) => ({
      id: i + 1,
      name: `junk${i}@1`,
      args: {},
    }));
    const res = (await device.push(junk)).json as PushResponse;
    expect(res.lastMutationId).toBe(junk.length);
    expect(res.results.every((r) => r.status === 'rejected' && r.code === 'unknown_mutator')).toBe(true);
    const kept = await t.db
      .select()
      .from(syncMutationResults)
      .where(eq(syncMutationResults.clientId, device.clientId));
    expect(kept).toHaveLength(MAX_UNKNOWN_RESULTS_PER_CLIENT);
  });

  it('limits the new device ids one account registers in a day', async () => {
    const who = await t.createUser('CheckInAdmin', { firstName: 'Many', lastName: 'Tablets' });
    for (let i = 0; i < MAX_NEW_CLIENTS_PER_DAY; i++) {
      expect((await tablet(who.token).push([])).status).toBe(200);
    }
    const known = tablet(who.token);
    const refused = await known.push([]);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ message: english(PUSH_MESSAGES.tooManyDevices) });
    const [seen] = await t.db.select().from(syncClients).where(eq(syncClients.clientId, known.clientId));
    expect(seen).toBeUndefined();
  });
});

if (process.env.DATABASE_URL) {
  describe('two server processes on one PostgreSQL', () => {
    let other: TestApp;
    beforeAll(async () => {
      other = await createTestApp({ now: '2026-11-22T12:00:00Z', databaseUrl: t.databaseUrl, seed: false });
    }, 30_000);
    afterAll(() => other.close());

    it('a push on one reaches a listener on the other through NOTIFY', async () => {
      const fam = await makeFamily(parent.user.id, 1);
      const received = new Promise<string>((resolve) => {
        void other.database
          .listen(SYNC_POKE_CHANNEL, (payload) => {
            if (JSON.parse(payload).tournamentId === next.id) resolve(payload);
          })
          .then(() => tablet(staff.token).push([checkIn(1, fam.competitorIds[0]!)]));
      });
      expect(JSON.parse(await received)).toEqual({
        tournamentId: next.id,
        version: (await readVersion(t.db, next.id)).version,
        scopes: ['checkin', 'customer', 'matchday'],
      });
    });
  });
}

describe('no /sync answer is stored by a browser or proxy cache', () => {
  it("every answer says no-store: pulls of the families' check-in rows, pushes, tickets, the event stream and refusals", async () => {
    const fam = await makeFamily(parent.user.id, 1);
    const device = tablet(staff.token);
    const answers: [string, { status: number; headers: Headers }][] = [
      ['pull', await device.pull('checkin', null)],
      ['push', await device.push([checkIn(1, fam.competitorIds[0]!)])],
      ['ticket', await t.call('POST', '/sync/events/ticket', { scope: 'checkin' }, staff.token)],
      ['an expired or forged token', await tablet('not-a-token').pull('checkin', null)],
      ['a customer pulling checkin', await tablet(parent.token).pull('checkin', null)],
      ['a malformed push', await t.call('POST', '/sync/push', { clientId: 7 }, staff.token)],
      ['an unknown /sync path', await t.call('GET', '/sync/nothing-here')],
      ['a body over the limit', await t.call('POST', '/sync/push', 'x'.repeat(2 * 1024 * 1024), staff.token)],
    ];
    const stream = await t.app.request(
      `/sync/events?scope=checkin&ticket=${await ticketFor(staff.token, 'checkin')}`,
    );
    await stream.body?.cancel();
    answers.push(['the event stream', stream]);
    expect(answers.map(([what, res]) => [what, res.status])).toEqual([
      ['pull', 200],
      ['push', 200],
      ['ticket', 200],
      ['an expired or forged token', 401],
      ['a customer pulling checkin', 403],
      ['a malformed push', 400],
      ['an unknown /sync path', 404],
      ['a body over the limit', 413],
      ['the event stream', 200],
    ]);
    expect(answers.map(([what, res]) => [what, res.headers.get('cache-control')])).toEqual(
      answers.map(([what]) => [what, 'no-store']),
    );
  });
});
