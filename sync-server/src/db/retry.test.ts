import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PushResponse } from '@tournament/shared';
import { getNextTournament } from '../services/tournaments.ts';
import { insertFamily } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { competitorLevels, competitors, registrations } from './schema.ts';
import { isRetryableTransactionError, retryTransactions, TRANSACTION_ATTEMPTS } from './retry.ts';

// A deadlock or serialization failure runs the transaction again instead of answering 500.

function failing(codes: (string | undefined)[]) {
  let calls = 0;
  const db = {
    transaction: async (fn: () => Promise<string>) => {
      const code = codes[calls];
      calls += 1;
      if (code !== undefined) {
        // As Drizzle reports it: its own error, the driver's (with the SQLSTATE) as the cause.
        throw new Error('Failed query', { cause: Object.assign(new Error('deadlock detected'), { code }) });
      }
      return fn();
    },
  };
  return { db: retryTransactions(db, async () => {}), calls: () => calls };
}

describe('retryTransactions', () => {
  it('runs a transaction aborted for a deadlock or a serialization failure again', async () => {
    const f = failing(['40P01', '40001']);
    expect(await f.db.transaction(async () => 'done')).toBe('done');
    expect(f.calls()).toBe(3);
  });

  it('does not run again after another error, and gives up after a few attempts', async () => {
    const unique = failing(['23505']);
    await expect(unique.db.transaction(async () => 'done')).rejects.toThrow('Failed query');
    expect(unique.calls()).toBe(1);
    const stuck = failing(Array.from({ length: 10 }, () => '40P01'));
    await expect(stuck.db.transaction(async () => 'done')).rejects.toThrow('Failed query');
    expect(stuck.calls()).toBe(TRANSACTION_ATTEMPTS);
    expect(isRetryableTransactionError(new Error('no code'))).toBe(false);
  });
});

describe('an /api edit racing a check-in push on one registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  }, 30_000);
  afterAll(() => t.close());

  function rowsOf(result: unknown): Record<string, unknown>[] {
    return Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
  }

  it('both succeed: the database aborts one of them for a deadlock and it runs again', async () => {
    const next = (await getNextTournament(t.deps))!;
    const [level] = await t.db.select().from(competitorLevels).limit(1);
    const staff = await t.createUser('CheckInAdmin', { firstName: 'Dana', lastName: 'Door' });
    const parent = await t.createUser('Customer');
    const family = await insertFamily(t, {
      ownerUserId: parent.user.id,
      tournamentId: next.id,
      competitorLevelId: level!.id,
      competitors: ['Yan', 'Zoe'],
    });
    const [yanId, zoeId] = family.competitorIds as [number, number];
    const postgres = t.database.kind === 'postgres';
    const deadlocks = async () =>
      Number(
        rowsOf(
          await t.db.execute(
            sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
          ),
        )[0]?.n ?? 0,
      );
    const deadlocksBefore = await deadlocks();

    // The /api side, as services/registration.ts edits: the registration locked, then its
    // competitors changed one after the other.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let apiPid: number | undefined;
    let apiAttempts = 0;
    const apiEdit = t.db.transaction(async (tx) => {
      apiAttempts += 1;
      await tx.select().from(registrations).where(eq(registrations.id, family.registrationId)).for('update');
      await tx.update(competitors).set({ school: 'Dojo Y' }).where(eq(competitors.id, yanId));
      if (apiAttempts === 1) {
        if (postgres) apiPid = Number(rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`))[0]?.pid);
        await released;
      }
      await tx.update(competitors).set({ school: 'Dojo Z' }).where(eq(competitors.id, zoeId));
    });

    let pushed: Promise<{ status: number; json: unknown }>;
    if (postgres) {
      // The push locks Zoe and, writing her, waits for a key share of the registration the /api
      // edit holds (decision 055: a first update locks its parents); then the edit asks for
      // Zoe: a deadlock. (PGlite has one connection: its transactions never interleave.)
      while (apiPid === undefined) await new Promise((r) => setTimeout(r, 10));
      pushed = t.call(
        'POST',
        '/sync/push',
        {
          clientGroupId: 'g-race',
          clientId: 'c-race',
          mutations: [{ id: 1, name: 'checkInCompetitor@1', args: { competitorId: zoeId } }],
        },
        staff.token,
      );
      const blocked = async () =>
        Number(
          rowsOf(
            await t.db.execute(
              sql`select count(*)::int as n from pg_stat_activity where ${apiPid}::int = any(pg_blocking_pids(pid))`,
            ),
          )[0]?.n,
        );
      await expect.poll(blocked, { timeout: 10_000 }).toBeGreaterThan(0);
      release();
    } else {
      release();
      pushed = t.call(
        'POST',
        '/sync/push',
        {
          clientGroupId: 'g-race',
          clientId: 'c-race',
          mutations: [{ id: 1, name: 'checkInCompetitor@1', args: { competitorId: zoeId } }],
        },
        staff.token,
      );
    }

    await apiEdit;
    const res = await pushed;
    expect(res.status).toBe(200);
    expect((res.json as PushResponse).results).toEqual([
      { id: 1, status: 'applied', code: null, message: null },
    ]);
    const [yRow] = await t.db.select().from(competitors).where(eq(competitors.id, yanId));
    const [zRow] = await t.db.select().from(competitors).where(eq(competitors.id, zoeId));
    expect(yRow?.school).toBe('Dojo Y');
    expect(zRow?.school).toBe('Dojo Z');
    expect(zRow?.checkedInBy).toBe(staff.user.id);
    if (postgres) await expect.poll(deadlocks, { timeout: 10_000 }).toBeGreaterThan(deadlocksBefore);
  }, 60_000);
});
