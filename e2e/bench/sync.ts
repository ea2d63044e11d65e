// `npm run bench -w @tournament/e2e` (after Lighthouse): the offline engine's figures of decisions
// 010, 012 and 019 on a fresh stack with 600 competitors (then 6,000), in Chromium. Prints each
// figure beside its floor measured in the same run and browser (a bare IndexedDB transaction of the
// same size; a bare React state update of a list of the same length) and its goal; asserts nothing.
// Serves the web build as it is: run `npm run build` first.
import path from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser.ts';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import { checkInRegistrations, payInFullAtTheDoor } from '../src/door-setup.ts';
import { startCutProxy, type CutProxy } from '../src/proxy.ts';
import { startStack, type Stack } from '../src/stack.ts';

const FAMILIES = 12;
const KIDS = 50; // 12 x 50 = 600 competitors
const BIG_KIDS = 500; // 12 x 500 = 6,000 competitors, for the large first sync
const TAPS = 50;
const CROSS = 20;
const DRAIN = 1000;
const PORTS = Array.from({ length: 50 }, (_, i) => 3900 + i);

const password = 'bench-pass-1';
const staff = {
  email: 'bench-staff@example.test',
  password,
  role: 'CheckInAdmin' as const,
  first: 'Bea',
  last: 'Bench',
};
const staff2 = {
  email: 'bench-staff2@example.test',
  password,
  role: 'CheckInAdmin' as const,
  first: 'Cy',
  last: 'Bench',
};
const family = (i: number) => `Family${String.fromCharCode(65 + i)}`;
const parents = Array.from({ length: FAMILIES }, (_, i) => ({
  email: `bench-parent${i}@example.test`,
  password,
  role: 'Customer' as const,
  first: 'Pat',
  last: family(i),
}));
const kidName = (i: number, j: number) => `Kid${j} ${family(i)}`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

async function check<T>(res: Promise<{ status: number; json: T; text: string }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

/** Competitors `from` to `to - 1` in the (incomplete) registration of parent `i`, posted in parallel. */
const tokens = new Map<number, string>();
async function register(stack: Stack, i: number, from = 0, to = KIDS): Promise<void> {
  const parent = parents[i]!;
  // One sign-in per parent: sign-ins are rate limited per account.
  let token = tokens.get(i);
  if (!token) {
    token = await stack.signIn(parent.email, parent.password);
    tokens.set(i, token);
  }
  const tournamentId = (
    await check(stack.api<{ id: number }[]>('GET', '/api/tournaments'), 'tournaments')
  )[0]!.id;
  const options = await check(
    stack.api<RegistrationOptionsSeen>('GET', `/api/registration/options/${tournamentId}`, undefined, token),
    'options',
  );
  const { registrationId } = await check(
    stack.api<{ registrationId: number }>(
      'POST',
      `/api/registration/create/${tournamentId}`,
      undefined,
      token,
    ),
    'create',
  );
  await Promise.all(
    Array.from({ length: to - from }, (_, k) => from + k).map((j) =>
      check(
        stack.api(
          'POST',
          '/api/registration/competitor',
          formsCompetitor(options, registrationId, `Kid${j}`, parent.last),
          token,
        ),
        `competitor ${j} of ${parent.last}`,
      ),
    ),
  );
}

/**
 * Runs in the page before the app: times every IndexedDB transaction that adds to the
 * outbox (the enqueue of a tap), from its creation to its `complete` event.
 */
function instrumentOutbox() {
  const w = window as unknown as { __outboxTx: number[] };
  w.__outboxTx = [];
  const started = new WeakMap<IDBTransaction, number>();
  const marked = new WeakSet<IDBTransaction>();
  const origTx = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof origTx>) {
    const tx = origTx.apply(this, args);
    started.set(tx, performance.now());
    tx.addEventListener('complete', () => {
      if (marked.has(tx)) w.__outboxTx.push(performance.now() - started.get(tx)!);
    });
    return tx;
  } as typeof origTx;
  const origAdd = IDBObjectStore.prototype.add;
  IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<typeof origAdd>) {
    if (this.name === 'outbox') marked.add(this.transaction);
    return origAdd.apply(this, args);
  };
}

/**
 * The floor of the outbox write: the same transaction with plain IndexedDB in a database of
 * its own (read the last outbox id and the next mutation id, add the entry, put the optimistic
 * row and the next id), `count` times; the durations from creation to `complete`.
 */
function idbFloor(page: Page, count: number): Promise<number[]> {
  return page.evaluate(
    (n) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open(`bench-floor-${Date.now()}`, 1);
        open.onupgradeneeded = () => {
          open.result.createObjectStore('outbox', { keyPath: 'id' });
          open.result.createObjectStore('pending', { keyPath: 'key' });
          open.result.createObjectStore('meta', { keyPath: 'key' });
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const times: number[] = [];
          const one = (i: number) => {
            if (i === n) {
              db.close();
              return resolve(times);
            }
            const start = performance.now();
            const tx = db.transaction(['outbox', 'pending', 'meta'], 'readwrite');
            const outbox = tx.objectStore('outbox');
            const at = new Date().toISOString();
            outbox.openCursor(null, 'prev').onsuccess = () => {
              tx.objectStore('meta').get('nextMutationId').onsuccess = () => {
                outbox.add({
                  id: i + 1,
                  name: 'checkInCompetitor@1',
                  args: { competitorId: i, at },
                  queuedAt: at,
                });
                tx.objectStore('pending').put({
                  key: `competitors:${i}`,
                  entity: 'competitors',
                  row: {
                    id: i,
                    registrationId: 1,
                    firstName: 'Kid',
                    lastName: 'Family',
                    checkedInAt: at,
                    checkedInBy: 7,
                    checkedInByName: 'Bea Bench',
                    version: 1,
                    $scopes: ['checkin'],
                  },
                });
                tx.objectStore('meta').put({ key: 'nextMutationId', value: i + 2 });
              };
            };
            tx.oncomplete = () => {
              times.push(performance.now() - start);
              one(i + 1);
            };
            tx.onerror = () => reject(tx.error);
          };
          one(0);
        };
      }),
    count,
  );
}

/** The floor of "tap to screen updated": a bare React list of `rows` rows (react-floor.tsx), tapped `taps` times. */
async function reactFloor(page: Page, rows: number, taps: number): Promise<number[]> {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'react-floor.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  await page.setContent(
    `<!doctype html><html><body><div id="root"></div><script>window.__rows = ${rows};</script></body></html>`,
  );
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  await page.locator('button[aria-label="Check in Kid0"]').waitFor();
  const times: number[] = [];
  for (let k = 0; k < taps; k++) times.push(await tap(page, `Kid${k}`));
  return times;
}

interface Tablet {
  context: BrowserContext;
  page: Page;
  proxy: CutProxy;
}

// BENCH_DATABASE_URL: run the server on that (empty) PostgreSQL database instead of PGlite.
const databaseUrl = process.env.BENCH_DATABASE_URL;
const stack = await startStack({
  users: [staff, staff2, ...parents],
  env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
});
const browser = await launchBrowser();
const tablets: Tablet[] = [];

async function newTablet(user: typeof staff): Promise<Tablet> {
  const proxy = await startCutProxy(stack.baseUrl, PORTS);
  const context = await browser.newContext({ baseURL: proxy.url });
  const auth = await stack.api<{ user: Record<string, unknown> }>('POST', '/api/users/authenticate', {
    username: user.email,
    password: user.password,
  });
  const u = auth.json.user;
  const session = JSON.stringify({
    user: {
      personId: u.personId,
      roles: u.roles,
      userDisplayName: u.userDisplayName,
      firstName: u.firstName,
      email: u.email,
    },
    token: u.token,
    refreshToken: u.refreshToken,
  });
  // tsx (esbuild keepNames) wraps named functions of the page callbacks below in __name().
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript((s) => {
    if (!localStorage.getItem('session')) localStorage.setItem('session', s);
  }, session);
  await context.addInitScript(instrumentOutbox);
  const page = await context.newPage();
  const t = { context, page, proxy };
  tablets.push(t);
  return t;
}

/** Opens /admin/check-in; ms until the totals line counts every competitor. */
async function openCheckIn(t: Tablet, total: number): Promise<number> {
  const start = performance.now();
  await t.page.goto('/admin/check-in');
  await t.page
    .getByTestId('check-in-totals')
    .filter({ hasText: new RegExp(`of ${total} competitors`) })
    .waitFor({ timeout: 60_000 });
  return performance.now() - start;
}

/** Clicks "Check in <name>" in the page; ms until the row shows its Undo button. */
function tap(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (n) =>
      new Promise<number>((resolve, reject) => {
        const button = document.querySelector<HTMLButtonElement>(`button[aria-label="Check in ${n}"]`);
        if (!button) return reject(new Error(`no button for ${n}`));
        const done = () => !!document.querySelector(`button[aria-label="Undo check-in of ${n}"]`);
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (done()) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        button.click();
      }),
    name,
  );
}

/** Rows of the outbox, read with plain IndexedDB. */
function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('nomac-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** Figure, measured, its floor in the same run, goal. */
const rows: [string, string, string, string][] = [];
const ms = (v: number) => `${v.toFixed(1)} ms`;

try {
  const home = await fetch(`${stack.baseUrl}/`);
  if (home.status !== 200)
    console.log(`GET / answered ${home.status}: is the web app built? (npm run build)`);

  let t0 = performance.now();
  // A few families at a time: each posts its competitors in parallel.
  for (let i = 0; i < FAMILIES; i += 4) {
    await Promise.all(Array.from({ length: Math.min(4, FAMILIES - i) }, (_, k) => register(stack, i + k)));
  }
  // Paid in full, so a tap checks in at once (decision 028: a family that owes money is asked first).
  const staffToken = await stack.signIn(staff.email, staff.password);
  await payInFullAtTheDoor(
    stack,
    staffToken,
    (await checkInRegistrations(stack, staffToken)).map((r) => r.id),
  );
  const total = FAMILIES * KIDS;
  console.log(
    `Created ${total} competitors in ${FAMILIES} registrations through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // 1. First sync on a fresh context.
  const a = await newTablet(staff);
  const firstSync = await openCheckIn(a, total);
  rows.push([
    `First sync of ${total} competitors (fresh context, page load included)`,
    ms(firstSync),
    '',
    '< 1000 ms',
  ]);
  await a.page.waitForFunction(
    async () => !!navigator.serviceWorker.controller || !!(await navigator.serviceWorker.ready),
  );

  // 2. Tap to screen updated (online, the engine syncing after each tap as it does at the venue).
  const tapTimes: number[] = [];
  for (let k = 0; k < TAPS; k++) {
    tapTimes.push(await tap(a.page, kidName(k % FAMILIES, Math.floor(k / FAMILIES))));
  }
  const floorPage = await a.context.newPage();
  const reactTimes = await reactFloor(floorPage, total, TAPS);
  await floorPage.close();
  rows.push([
    `Tap to screen updated, p50 (${TAPS} taps)`,
    ms(percentile(tapTimes, 50)),
    ms(percentile(reactTimes, 50)),
    '',
  ]);
  rows.push([
    `Tap to screen updated, p95 (${TAPS} taps)`,
    ms(percentile(tapTimes, 95)),
    ms(percentile(reactTimes, 95)),
    'one frame, 16.7 ms',
  ]);

  // 3. Outbox write: the IndexedDB transaction that committed each of those taps (outbox
  // entry and optimistic row), beside the same transaction in plain IndexedDB.
  const outboxTx = await a.page.evaluate(() => (window as unknown as { __outboxTx: number[] }).__outboxTx);
  const bare = await idbFloor(a.page, TAPS);
  rows.push([
    `Outbox write (tap commit transaction), p50 (${outboxTx.length})`,
    ms(percentile(outboxTx, 50)),
    ms(percentile(bare, 50)),
    `at most 2x the floor (${(percentile(outboxTx, 50) / percentile(bare, 50)).toFixed(2)}x)`,
  ]);
  rows.push([
    `Outbox write (tap commit transaction), p95 (${outboxTx.length})`,
    ms(percentile(outboxTx, 95)),
    ms(percentile(bare, 95)),
    '',
  ]);
  await a.page.waitForFunction(
    () => document.querySelector('[data-testid="sync-pending"]')?.textContent === 'All changes sent',
    undefined,
    { timeout: 30_000 },
  );

  // 4. Cross-device: tablet A taps, tablet B shows it.
  const b = await newTablet(staff2);
  await openCheckIn(b, total);
  await b.page.waitForFunction(
    () => document.querySelector('[data-testid="sync-pending"]')?.textContent === 'All changes sent',
  );
  // Let B's event stream open.
  await b.page.waitForTimeout(1000);
  const cross: number[] = [];
  for (let k = 0; k < CROSS; k++) {
    const n = TAPS + k;
    const name = kidName(n % FAMILIES, Math.floor(n / FAMILIES));
    await b.page.evaluate((nm) => {
      const w = window as unknown as { __seen: Record<string, number> };
      w.__seen ??= {};
      const sel = `button[aria-label="Undo check-in of ${nm}"]`;
      const observer = new MutationObserver(() => {
        if (document.querySelector(sel)) {
          observer.disconnect();
          w.__seen[nm] = performance.timeOrigin + performance.now();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    }, name);
    const clicked = await a.page.evaluate((nm) => {
      const at = performance.timeOrigin + performance.now();
      document.querySelector<HTMLButtonElement>(`button[aria-label="Check in ${nm}"]`)!.click();
      return at;
    }, name);
    const seenHandle = await b.page.waitForFunction(
      (nm) => (window as unknown as { __seen?: Record<string, number> }).__seen?.[nm],
      name,
      { timeout: 30_000, polling: 10 },
    );
    cross.push(Number(await seenHandle.jsonValue()) - clicked);
  }
  rows.push([`Tap on tablet A to shown on tablet B, p50 (${CROSS})`, ms(percentile(cross, 50)), '', '']);
  rows.push([
    `Tap on tablet A to shown on tablet B, p95 (${CROSS})`,
    ms(percentile(cross, 95)),
    '',
    '< 250 ms',
  ]);
  await b.context.close();

  // 5. 1,000 mutations queued offline, drained after reconnect. Queued by the page with
  // plain IndexedDB (the outbox format of db.ts) rather than 1,000 clicks: check in / undo
  // alternately over the competitors not yet touched.
  await a.page.waitForFunction(
    () => document.querySelector('[data-testid="sync-pending"]')?.textContent === 'All changes sent',
    undefined,
    { timeout: 30_000 },
  );
  a.proxy.cut();
  await a.context.setOffline(true);
  const untouched: number[] = await a.page.evaluate(
    (count) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('nomac-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['competitors', 'outbox', 'meta'], 'readwrite');
          const all = tx.objectStore('competitors').getAll();
          const next = tx.objectStore('meta').get('nextMutationId');
          let ids: number[] = [];
          tx.oncomplete = () => {
            db.close();
            resolve(ids);
          };
          tx.onerror = () => reject(tx.error);
          all.onsuccess = () => {
            next.onsuccess = () => {
              const competitors = all.result as { id: number; checkedInAt: string | null }[];
              ids = competitors.filter((c) => !c.checkedInAt).map((c) => c.id);
              let id = ((next.result as { value?: number } | undefined)?.value ?? 1) as number;
              const at = new Date().toISOString();
              for (let k = 0; k < count; k++) {
                const competitorId = ids[Math.floor(k / 2) % ids.length]!;
                tx.objectStore('outbox').add(
                  k % 2 === 0
                    ? { id, name: 'checkInCompetitor@1', args: { competitorId, at }, queuedAt: at }
                    : { id, name: 'undoCheckIn@1', args: { competitorId }, queuedAt: at },
                );
                id += 1;
              }
              tx.objectStore('meta').put({ key: 'nextMutationId', value: id });
            };
          };
        };
      }),
    DRAIN,
  );
  const queued = await outboxCount(a.page);
  // Where the time goes: each /sync/push and /sync/pull request, start to end of the answer.
  const requests: string[] = [];
  a.page.on('requestfinished', (req) => {
    const path = new URL(req.url()).pathname;
    if (!path.startsWith('/sync/p')) return;
    const timing = req.timing();
    requests.push(`${path} ${(timing.responseEnd - timing.requestStart).toFixed(0)} ms`);
  });
  t0 = performance.now();
  a.proxy.restore();
  await a.context.setOffline(false);
  while ((await outboxCount(a.page)) > 0) {
    if (performance.now() - t0 > 120_000) throw new Error('the outbox did not drain in 120 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const drain = performance.now() - t0;
  rows.push([
    `${queued} queued mutations drained after reconnect (${untouched.length} competitors)`,
    ms(drain),
    '',
    '< 2000 ms',
  ]);
  console.log(`Drain requests (server time included): ${requests.join(', ')}`);

  // 6. First sync of 6,000 competitors on a fresh context.
  t0 = performance.now();
  for (let i = 0; i < FAMILIES; i++) {
    for (let j = KIDS; j < BIG_KIDS; j += 50) await register(stack, i, j, Math.min(BIG_KIDS, j + 50));
  }
  const big = FAMILIES * BIG_KIDS;
  console.log(`Created ${big - total} more competitors in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const c = await newTablet(staff2);
  const bigSync = await openCheckIn(c, big);
  rows.push([
    `First sync of ${big} competitors (fresh context, page load included)`,
    ms(bigSync),
    '',
    '< 5000 ms',
  ]);
} finally {
  console.log(
    `Offline engine (decisions 010, 012, 019), Chromium, server on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  const width = Math.max(...rows.map((r) => r[0].length), 10);
  console.log(`  ${'Figure'.padEnd(width)} ${'Measured'.padStart(12)} ${'Floor'.padStart(12)}  Goal`);
  for (const [what, value, floor, goal] of rows)
    console.log(`  ${what.padEnd(width)} ${value.padStart(12)} ${floor.padStart(12)}  ${goal}`);
  for (const t of tablets) await t.context.close().catch(() => undefined);
  await browser.close();
  for (const t of tablets) await t.proxy.close();
  await stack.stop();
}
