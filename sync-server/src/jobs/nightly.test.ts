import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitorLevels, payments, registrations } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { listBackups, registerNightlyBackup } from '../services/backups.ts';
import { registerRetention } from '../services/retention.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { insertFamily } from '../testing/fixtures.ts';
import { until } from '../testing/until.ts';
import { createJobQueue, type JobQueue } from './queue.ts';

// The nightly jobs as the server schedules them (decisions 040 and 046): the backup and the
// retention run, registered with their real cron in the server's time zone, fire at 03:30.
// pg-boss's TestClock stands in for the clock (pg-boss's and the database's `now` alike), so
// the night comes in seconds; nothing else is faked.

let t: TestApp;
let jobs: JobQueue;
const clock = new TestClock();
const backupsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-nightly-'));

/** 03:29:30 on the night after the tournament day, in the server's time zone. */
const beforeTheNight = new Date(2026, 10, 29, 3, 29, 30);

beforeAll(async () => {
  t = await createTestApp({ now: beforeTheNight.toISOString() });
  t.deps.config.backups = { dir: backupsDir, keep: 7 };
  await clock.setTime(beforeTheNight);
  jobs = createJobQueue(t.database, { clock, pollingIntervalSeconds: 1 });
  const deps: Deps = { ...t.deps, jobs };
  registerNightlyBackup(deps);
  registerRetention(deps);
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
  fs.rmSync(backupsDir, { recursive: true, force: true });
});

describe('the nightly schedule', () => {
  it('at 03:30 takes a backup and deletes a payment record older than six years, and not before', async () => {
    const tournament = (await getNextTournament(t.deps))!;
    const [level] = await t.db.select({ id: competitorLevels.id }).from(competitorLevels).limit(1);
    const { user: owner } = await t.createUser('Customer');
    const { registrationId } = await insertFamily(t, {
      ownerUserId: owner.id,
      tournamentId: tournament.id,
      competitorLevelId: level!.id,
      competitors: 1,
    });
    const sevenYearsAgo = new Date(beforeTheNight.getTime() - 7 * 365.25 * 24 * 3600 * 1000);
    await t.db
      .insert(payments)
      .values({
        id: 'pay-old',
        registrationId,
        method: 'cash',
        amount: 45,
        payerName: 'Pat',
        createdAt: sevenYearsAgo,
      });
    const oldPayment = () => t.db.select().from(payments).where(eq(payments.id, 'pay-old'));

    // Twenty seconds of the night pass before 03:30: nothing runs.
    await clock.tick(20_000);
    expect(listBackups(t.deps.config)).toEqual([]);
    expect(await oldPayment()).toHaveLength(1);

    // Past 03:30, second by second, the way the workers poll.
    await until(async () => {
      await clock.tick(1000);
      return listBackups(t.deps.config).length > 0 && (await oldPayment()).length === 0;
    }, 'the nightly backup and the retention run');
    const [backup] = listBackups(t.deps.config);
    expect(backup!.name).toMatch(/-nightly\.ndjson\.gz$/);
    expect((await t.db.select().from(registrations).where(eq(registrations.id, registrationId))).length).toBe(
      1,
    );

    // The rest of the night passes: one backup, not one per pass of the schedule.
    await clock.tick(120_000);
    await until(
      async () => (await jobs.health())?.every((q) => q.active === 0 && q.queued === 0) ?? false,
      'idle',
    );
    expect(listBackups(t.deps.config)).toHaveLength(1);
  });
});
