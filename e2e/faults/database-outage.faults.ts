import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../src/stack.ts';
import { createFaultDatabase, type FaultDatabase } from './database.ts';
import { startPgProxy, type PgProxy } from './pg-proxy.ts';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import { DoorTablet, type WalkInRefs } from './tablet.ts';

// The server over PostgreSQL when the database goes away: connections terminated under load,
// PostgreSQL down for a while, PostgreSQL not there at start, and a SIGTERM under load. The
// server reaches PostgreSQL through a proxy the test can take down; the test reads what was
// stored through a connection of its own.

const DOOR = { email: 'door@example.com', password: 'door-tablet-2026', role: 'CheckInAdmin' as const };
const PARENT = { email: 'parent@example.com', password: 'parent-phone-2026', role: 'Customer' as const };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let db: FaultDatabase;
let proxy: PgProxy;
let stack: Stack;
let token: string;
let refs: WalkInRefs;

beforeAll(async () => {
  db = await createFaultDatabase();
  proxy = await startPgProxy();
  stack = await startStack({ env: { DATABASE_URL: db.url(proxy.port) }, users: [DOOR, PARENT] });
  token = await stack.signIn(DOOR.email, DOOR.password);
  const [level] = await db.sql<{ id: number }[]>`select id from competitor_levels order by sort_order limit 1`;
  const [event] = await db.sql<{ id: number }[]>`select id from events order by id limit 1`;
  refs = { competitorLevelId: level!.id, eventId: event!.id };
});

afterAll(async () => {
  // The server's own account of the run, for a failure's reader.
  if (process.env.FAULTS_SERVER_LOG && stack) fs.writeFileSync(process.env.FAULTS_SERVER_LOG, stack.serverLog());
  await stack?.stop();
  await proxy?.close();
  await db?.drop();
});

/** Walk-ins stored per walkInId. */
async function storedWalkIns(): Promise<Map<string, number>> {
  const rows = await db.sql<{ walkInId: string; n: number }[]>`
    select walk_in_id as "walkInId", count(*)::int as n from registrations
    where walk_in_id is not null group by walk_in_id`;
  return new Map(rows.map((r) => [r.walkInId, r.n]));
}

async function healthStatus(): Promise<number> {
  return (await stack.api('GET', '/api/health')).status;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

function serverCrashLines(): string[] {
  return stack.serverLog().split('\n').filter((l) => /uncaught|unhandled rejection|TypeError/i.test(l));
}

describe('the server over PostgreSQL when the database goes away', () => {
  it('connections terminated twice under 3 concurrent writers: the server stays up, answers 503 or 200, and every acknowledged walk-in is stored once', async () => {
    const tablets = [1, 2, 3].map(() => new DoorTablet(stack.baseUrl, token, refs));
    let writing = true;
    const loops = tablets.map(async (tablet) => {
      while (writing) {
        tablet.queueWalkIn();
        const outcome = await tablet.push();
        if (outcome.status !== 200) await pause(200); // The engine's backoff, shortened.
      }
      // Whatever is still queued goes once the database is back, as the device's outbox does.
      for (let attempt = 0; attempt < 50; attempt++) {
        if ((await tablet.push()).status === 200) break;
        await pause(200);
      }
    });

    // Each terminate waits for writes to be under way, so it lands in the middle of them.
    await until('writes under way', async () => (await db.busyServerConnections()) > 0);
    expect(await db.terminateServerConnections()).toBeGreaterThan(0);
    await pause(4_000);
    await until('writes under way again', async () => (await db.busyServerConnections()) > 0);
    expect(await db.terminateServerConnections()).toBeGreaterThan(0);
    await pause(2_000);
    writing = false;
    await Promise.all(loops);

    const outcomes = tablets.flatMap((t) => t.outcomes);
    const refused = outcomes.filter((o) => o.status !== 200);
    // Never a 500 or a dropped connection: a 503 with Retry-After, which the device retries.
    expect(refused.filter((o) => o.status !== 503)).toEqual([]);
    for (const o of refused) {
      expect(o.retryAfter).toBe('5');
      expect(o.message).toBe('The service is briefly unavailable. Please try again in a moment.');
    }
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(10);

    const acknowledged = tablets.flatMap((t) => t.acknowledged);
    const stored = await storedWalkIns();
    expect(acknowledged.filter((id) => stored.get(id) !== 1)).toEqual([]);
    expect([...stored.values()].filter((n) => n !== 1)).toEqual([]);

    expect(await healthStatus()).toBe(200);
    expect(serverCrashLines()).toEqual([]);
  });

  it('while PostgreSQL is down every request answers 503; once it is back the same process answers again and hears other servers’ invalidations', async () => {
    const relistens = () => stack.serverLog().split('listening for cache invalidations again').length - 1;
    const relistenedBefore = relistens();
    await proxy.down();
    expect(await healthStatus()).toBe(503);
    const tablet = new DoorTablet(stack.baseUrl, token, refs);
    const walkInId = tablet.queueWalkIn();
    expect(await tablet.push()).toEqual({
      status: 503,
      retryAfter: '5',
      message: 'The service is briefly unavailable. Please try again in a moment.',
    });

    await proxy.up();
    await until('healthy again', async () => (await healthStatus()) === 200);
    // A pooled connection may still learn of the outage on its first query: the device's
    // retry goes through once the pool has made its connections again.
    await until('the push accepted', async () => (await tablet.push()).status === 200);
    expect(tablet.outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect((await storedWalkIns()).get(walkInId)).toBe(1);

    // LISTEN is made again: another server's cache invalidation (here the test's own NOTIFY
    // after changing the tournament behind this server's back) reaches this process.
    await until('LISTEN made again', async () => relistens() > relistenedBefore);
    const venue = async () => (await stack.api<{ venue: string }[]>('GET', '/api/tournaments')).json[0]?.venue;
    const before = await venue();
    await db.sql`update tournaments set venue = 'Collège Notre-Dame gym'`;
    expect(await venue()).toBe(before); // Cached: nothing said yet.
    await db.sql`select pg_notify('cache_invalidate', 'tournaments')`;
    await until('the invalidation heard', async () => (await venue()) === 'Collège Notre-Dame gym');
    expect(serverCrashLines()).toEqual([]);
  });

  it('PostgreSQL unreachable at start: the server says where and why in one line a try, tries again, and serves once it is reachable, with no stack trace', async () => {
    const closed = await startPgProxy();
    await closed.down();
    // PostgreSQL comes up after the server (a host booting): the proxy opens once the server
    // has said twice that it cannot reach it.
    let opening: Promise<void> = Promise.resolve();
    const late = await startStack({
      env: { DATABASE_URL: db.url(closed.port) },
      onSpawn: (log) => {
        opening = until('two tries', async () => log().split('cannot reach the database').length > 2, 60_000).then(
          () => closed.up(),
        );
      },
    });
    try {
      await opening;
      const log = late.serverLog();
      const tries = log.split('\n').filter((l) => l.includes('cannot reach the database'));
      expect(tries.length).toBeGreaterThanOrEqual(2);
      expect(tries[0]).toContain(`cannot reach the database at 127.0.0.1:${closed.port}/${db.name} (ECONNREFUSED); trying again in 1 s`);
      expect(log).not.toMatch(/\n\s+at .+:\d+:\d+/); // No stack frame anywhere.
      expect((await late.api('GET', '/api/health')).status).toBe(200);
    } finally {
      await late.stop();
      await closed.close();
    }
  });

  it('a push batch with one poisoned walk-in (a NUL in a name) rejects that one alone; the walk-ins around it are stored', async () => {
    const tablet = new DoorTablet(stack.baseUrl, token, refs);
    const before = tablet.queueWalkIn();
    const poisoned = tablet.queueWalkIn({ lastName: 'Wal\u0000ker' });
    const after = tablet.queueWalkIn();
    const outcome = await tablet.push();
    expect(outcome.status).toBe(200);
    expect(tablet.results).toEqual([
      { id: 1, status: 'applied', code: null, message: null },
      { id: 2, status: 'rejected', code: 'invalid_args', message: expect.any(String) },
      { id: 3, status: 'applied', code: null, message: null },
    ]);
    const stored = await storedWalkIns();
    expect([before, poisoned, after].map((id) => stored.get(id) ?? 0)).toEqual([1, 0, 1]);
  });

  it('ten requests at once with one Idempotency-Key, on several connections, add one competitor and all get its answer', async () => {
    const parentToken = await stack.signIn(PARENT.email, PARENT.password);
    const [tournament] = (await stack.api<{ id: number }[]>('GET', '/api/tournaments')).json;
    const options = (
      await stack.api<RegistrationOptionsSeen>('GET', `/api/registration/options/${tournament!.id}`, undefined, parentToken)
    ).json;
    const created = await stack.api<{ registrationId: number }>(
      'POST',
      `/api/registration/create/${tournament!.id}`,
      undefined,
      parentToken,
    );
    expect(created.status).toBe(200);
    const { registrationId } = created.json;
    const body = JSON.stringify(formsCompetitor(options, registrationId, 'Maya', 'Lee'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await fetch(`${stack.baseUrl}/api/registration/competitor`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${parentToken}`,
            'Idempotency-Key': 'maya-save-tap',
          },
          body,
        });
        return { status: res.status, text: await res.text() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    const [row] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from competitors where registration_id = ${registrationId}`;
    expect(row?.n).toBe(1);
  });

  it('SIGTERM under load: the pushes in flight finish and are answered, then the process exits 0', async () => {
    const tablets = [1, 2, 3, 4].map(() => new DoorTablet(stack.baseUrl, token, refs));
    for (const tablet of tablets) for (let i = 0; i < 10; i++) tablet.queueWalkIn();
    const pushes = tablets.map((t) => t.push());
    await until('pushes under way', async () => (await db.busyServerConnections()) > 0);
    const exitCode = await stack.sigterm();
    const outcomes = await Promise.all(pushes);

    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200, 200]);
    expect(exitCode).toBe(0);
    const stored = await storedWalkIns();
    const acknowledged = tablets.flatMap((t) => t.acknowledged);
    expect(acknowledged).toHaveLength(40);
    expect(acknowledged.filter((id) => stored.get(id) !== 1)).toEqual([]);
  });
});
