import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { PatchOp, PullResponse, Tournament } from '@tournament/shared';
import { competitorLevels, competitors, registrations, syncTombstones } from '../db/schema.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { insertFamily } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { bumpVersion, readVersion } from './versions.ts';

// A tournament's version is taken when a transaction commits, not at its first synced write
// (0026; docs/decisions/055-commit-time-sync-versions.md): writers of one tournament do not wait
// for each other's whole transactions, and versions still become visible in commit order.
// The interleavings need two sessions: PostgreSQL runs them; PGlite (one session) checks
// what makes them possible, that an open transaction has taken no version.

let t: TestApp;
let next: Tournament;
let levelId: number;
let staff: { token: string };
let parentId: number;
let clientSeq = 0;
let postgres = false;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  const found = await getNextTournament(t.deps);
  if (!found) throw new Error('the seed has no next tournament');
  next = found;
  const [level] = await t.db.select().from(competitorLevels).limit(1);
  levelId = level?.id ?? 0;
  staff = await t.createUser('CheckInAdmin');
  parentId = (await t.createUser('Customer')).user.id;
  postgres = t.database.kind === 'postgres';
}, 120_000);
afterAll(() => t?.close());

const makeFamily = (n: number) =>
  insertFamily(t, {
    ownerUserId: parentId,
    tournamentId: next.id,
    competitorLevelId: levelId,
    competitors: n,
  });

async function pull(cookie: string | null): Promise<PullResponse> {
  clientSeq += 1;
  const res = await t.call(
    'POST',
    '/sync/pull',
    { clientGroupId: `cv-group-${clientSeq}`, clientId: `cv-${clientSeq}`, cookie, scope: 'checkin' },
    staff.token,
  );
  expect(res.status).toBe(200);
  return res.json as PullResponse;
}

const putIds = (patch: PatchOp[], entity: string) =>
  patch.flatMap((op) =>
    op.op === 'put' && op.entity === entity ? (op.rows as { id: number }[]).map((r) => r.id) : [],
  );
const delIds = (patch: PatchOp[], entity: string) =>
  patch.flatMap((op) => (op.op === 'del' && op.entity === entity ? op.ids.map(String) : []));

const versionOf = async (id: number) =>
  (await t.db.select({ v: competitors.version }).from(competitors).where(eq(competitors.id, id)))[0]?.v;

function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
}

/** Resolves once some session waits for `pid`, unless `stop()` is called first. */
function blockedBy(pid: number) {
  let stopped = false;
  const found = (async () => {
    while (!stopped) {
      const [row] = rowsOf(
        await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`,
        ),
      );
      if (Number(row?.n) > 0) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  })();
  return {
    found,
    stop() {
      stopped = true;
    },
  };
}

describe('versions taken at commit', () => {
  it('lets a second writer of the tournament commit while the first stays open; the first, committing last, gets the higher version, and a pull from between the commits returns its rows and deletions', async () => {
    const famA = await makeFamily(2);
    const famB = await makeFamily(1);
    const [a1, a2] = famA.competitorIds as [number, number];
    const [b1] = famB.competitorIds as [number];
    const before = (await readVersion(t.db, next.id)).version;

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: (pid: number) => void;
    const wrote = new Promise<number>((resolve) => (written = resolve));
    // A: the first writer, an update and a delete; it stays open until released.
    let seenInA: number | undefined;
    const txA = t.db.transaction(async (tx) => {
      await tx.update(competitors).set({ school: 'Dojo A' }).where(eq(competitors.id, a1));
      await tx.delete(competitors).where(eq(competitors.id, a2));
      seenInA = (await readVersion(tx, next.id)).version;
      const [pid] = rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`));
      written(Number(pid?.pid));
      await released;
    });

    const aPid = await wrote;
    // A stays open until released, whatever fails here.
    try {
      // Nothing taken yet: the counter is as it was, in A's own view too.
      expect(seenInA).toBe(before);
      if (postgres) {
        // B: another competitor of the same tournament, committed while A is open.
        const watch = blockedBy(aPid);
        const txB = t.db.transaction(async (tx) => {
          await tx.update(competitors).set({ school: 'Dojo B' }).where(eq(competitors.id, b1));
        });
        const outcome = await Promise.race([
          txB.then(() => 'B committed'),
          watch.found.then((blocked) => (blocked ? 'B waited for A' : 'stopped')),
        ]);
        watch.stop();
        expect(outcome).toBe('B committed');
        expect(await versionOf(b1)).toBe(before + 1);

        const between = await pull(null);
        expect(putIds(between.patch, 'competitors')).toContain(b1);
        release();
        await txA;
        expect(await versionOf(a1)).toBe(before + 2);
        const [tomb] = await t.db
          .select()
          .from(syncTombstones)
          .where(and(eq(syncTombstones.entity, 'competitors'), eq(syncTombstones.entityId, String(a2))));
        expect(tomb?.version).toBe(before + 2);
        expect((await readVersion(t.db, next.id)).version).toBe(before + 2);

        const after = await pull(between.cookie);
        expect(putIds(after.patch, 'competitors')).toEqual([a1]);
        expect(delIds(after.patch, 'competitors')).toEqual([String(a2)]);
        // A's registration (its count changed) comes too; B's, committed before the cookie, does not.
        expect(putIds(after.patch, 'registrations')).toEqual([famA.registrationId]);
      } else {
        expect(aPid).toBeGreaterThan(0);
        release();
        await txA;
        expect(await versionOf(a1)).toBe(before + 1);
        const after = await pull(null);
        expect(putIds(after.patch, 'competitors')).toContain(a1);
        expect((await readVersion(t.db, next.id)).version).toBe(before + 1);
      }
    } finally {
      release();
    }
  }, 60_000);

  it('waits for a parent row another transaction locked at the write, not at commit with the counter held: other writers of the tournament commit meanwhile', async () => {
    const famP = await makeFamily(1);
    const famB = await makeFamily(1);
    const [c] = famP.competitorIds as [number];
    const [b] = famB.competitorIds as [number];
    const before = (await readVersion(t.db, next.id)).version;

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: (pid: number) => void;
    const lockedBy = new Promise<number>((resolve) => (locked = resolve));
    // P: a push or /api edit holding the family's registration (`for update`), open.
    const txP = t.db.transaction(async (tx) => {
      await tx.select().from(registrations).where(eq(registrations.id, famP.registrationId)).for('update');
      const [pid] = rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`));
      locked(Number(pid?.pid));
      await released;
    });
    const pPid = await lockedBy;
    try {
      if (postgres) {
        // C: checks in that family's competitor; it has to wait for P somewhere.
        let cPid = 0;
        const txC = t.db.transaction(async (tx) => {
          cPid = Number(rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`))[0]?.pid);
          await tx.update(competitors).set({ school: 'Dojo C' }).where(eq(competitors.id, c));
        });
        const waiting = blockedBy(pPid);
        expect(await waiting.found).toBe(true);
        // B: another family's competitor; C must not be holding the tournament's counter.
        const watch = blockedBy(cPid);
        const txB = t.db.transaction(async (tx) => {
          await tx.update(competitors).set({ school: 'Dojo B' }).where(eq(competitors.id, b));
        });
        const outcome = await Promise.race([
          txB.then(() => 'B committed'),
          watch.found.then((blocked) => (blocked ? 'B waited for C' : 'stopped')),
        ]);
        watch.stop();
        expect(outcome).toBe('B committed');
        release();
        await txP;
        await txC;
        expect(await versionOf(b)).toBe(before + 1);
        expect(await versionOf(c)).toBe(before + 2);
      } else {
        expect(pPid).toBeGreaterThan(0);
        release();
        await txP;
        await t.db.update(competitors).set({ school: 'Dojo C' }).where(eq(competitors.id, c));
        await t.db.update(competitors).set({ school: 'Dojo B' }).where(eq(competitors.id, b));
        expect(await versionOf(c)).toBe(before + 1);
        expect(await versionOf(b)).toBe(before + 2);
      }
    } finally {
      release();
    }
  }, 60_000);

  it('gives every row, registration and tombstone one transaction touches its one version; a row inserted and deleted within it leaves a stamped tombstone, a savepoint rolled back leaves its row as it was', async () => {
    const fam = await makeFamily(3);
    const [c1, c2, c3] = fam.competitorIds as [number, number, number];
    const cookie = (await pull(null)).cookie;
    const before = (await readVersion(t.db, next.id)).version;
    const c3Version = await versionOf(c3);
    let shortLived = 0;
    await t.db.transaction(async (tx) => {
      await tx.update(competitors).set({ school: 'One' }).where(eq(competitors.id, c1));
      await tx.update(competitors).set({ school: 'Two' }).where(eq(competitors.id, c1));
      await tx.update(registrations).set({ spectators: 2 }).where(eq(registrations.id, fam.registrationId));
      await tx.delete(competitors).where(eq(competitors.id, c2));
      const [made] = await tx
        .insert(competitors)
        .values({
          registrationId: fam.registrationId,
          firstName: 'Brief',
          lastName: 'Lee',
          dateOfBirth: '2016-01-01',
          gender: 1,
          competitorLevelId: levelId,
          emergencyContactName: 'Sam',
          emergencyContactPhone: '7055550100',
          emergencyContactRelationship: 'Parent',
        })
        .returning();
      shortLived = made!.id;
      await tx.update(competitors).set({ school: 'Gone soon' }).where(eq(competitors.id, shortLived));
      await tx.delete(competitors).where(eq(competitors.id, shortLived));
      await tx
        .transaction(async (sp) => {
          await sp.update(competitors).set({ school: 'Never' }).where(eq(competitors.id, c3));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    });
    const v = before + 1;
    expect(await versionOf(c1)).toBe(v);
    expect(await versionOf(c3)).toBe(c3Version);
    const [reg] = await t.db
      .select({ version: registrations.version })
      .from(registrations)
      .where(eq(registrations.id, fam.registrationId));
    expect(reg?.version).toBe(v);
    const tombs = await t.db
      .select({ id: syncTombstones.entityId, version: syncTombstones.version })
      .from(syncTombstones)
      .where(and(eq(syncTombstones.tournamentId, next.id), eq(syncTombstones.entity, 'competitors')));
    expect(tombs.filter((r) => [String(c2), String(shortLived)].includes(r.id))).toEqual(
      expect.arrayContaining([
        { id: String(c2), version: v },
        { id: String(shortLived), version: v },
      ]),
    );
    expect(tombs.every((r) => r.version > 0)).toBe(true);
    expect((await readVersion(t.db, next.id)).version).toBe(v);

    const after = await pull(cookie);
    expect(putIds(after.patch, 'competitors')).toEqual([c1]);
    expect(delIds(after.patch, 'competitors').sort()).toEqual([String(c2), String(shortLived)].sort());
    expect(putIds(after.patch, 'registrations')).toEqual([fam.registrationId]);
  });

  it('stamps with the version a job took early (bumpVersion), in the same transaction', async () => {
    const fam = await makeFamily(1);
    const [c1] = fam.competitorIds as [number];
    const before = (await readVersion(t.db, next.id)).version;
    const early = await t.db.transaction(async (tx) => {
      const v = await bumpVersion(tx, next.id);
      await tx.update(competitors).set({ school: 'Late' }).where(eq(competitors.id, c1));
      await tx.delete(registrations).where(eq(registrations.id, fam.registrationId));
      return v;
    });
    expect(early).toBe(before + 1);
    const tombs = await t.db
      .select({ entity: syncTombstones.entity, version: syncTombstones.version })
      .from(syncTombstones)
      .where(
        and(
          eq(syncTombstones.tournamentId, next.id),
          sql`${syncTombstones.entityId} in (${String(c1)}, ${String(fam.registrationId)})`,
        ),
      );
    expect(tombs).toEqual(
      expect.arrayContaining([
        { entity: 'competitors', version: early },
        { entity: 'registrations', version: early },
      ]),
    );
    expect((await readVersion(t.db, next.id)).version).toBe(early);
  });
});
