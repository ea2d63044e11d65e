import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  evaluateWithin,
  hydrated,
  launchBrowser,
  startStack,
  type Browser,
  type Stack,
} from '../src/harness.ts';
import {
  dana,
  deviceRows,
  goOffline,
  goOnline,
  kidNames,
  openStaffScreen,
  parentsOf,
  pendingText,
  portRange,
  registerFamily,
  serverCompetitors,
  storeSession as storeSessionOf,
  tabletRack,
  tapCheckIn,
} from '../src/check-in-fixtures.ts';

// Offline check-in through failures (decisions 010 and 011): lost push answers, a server killed
// mid-push, an app restart, an app update, an expired token, the forced logout, and two servers
// (the offline reload, the offline check-ins and two tablets on one competitor are in
// check-in-offline.e2e.ts): a staff tablet is a browser context behind its own loopback proxy,
// which can cut the network, drop the server's answers to pushes, or tell the test when a push goes
// out.

const FAMILIES = 'ABCDEFGHI';
const parents = parentsOf(FAMILIES);
const KIDS = kidNames(10);

let stack: Stack;
let browser: Browser;
const rack = tabletRack(() => browser, portRange(3850));
const tempDirs: string[] = [];

/** A family registered through the API as its customer. */
const register = (parent: (typeof parents)[number], kids: string[], s: Stack = stack) =>
  registerFamily(s, parent, kids);

/** Signs `page` in as Dana (the session the login page would store). */
const storeSession = (page: Page, s: Stack = stack) => storeSessionOf(page, s, dana);

/** /admin/check-in open with the first sync done and the service worker in control. */
const openCheckIn = (page: Page) => openStaffScreen(page);

/** A tablet signed in as Dana, in a context of its own behind its own proxy. */
const tablet = (s: Stack = stack) => rack.open(s, dana);

/** The server's checked-in competitors of the given families, as "Kid3 FamilyB" names. */
async function checkedInOnServer(families: string): Promise<string[]> {
  return (await serverCompetitors(stack))
    .filter((c) => c.checkedInAt && families.includes(c.lastName.replace('Family', '')))
    .map((c) => `${c.firstName} ${c.lastName}`)
    .sort();
}

function names(families: string): string[] {
  return [...families].flatMap((f) => KIDS.map((k) => `${k} Family${f}`)).sort();
}

async function checkIn(page: Page, families: string): Promise<void> {
  for (const name of names(families)) {
    await tapCheckIn(page, name);
  }
}

/** The names the tablet shows as checked in, among the given families. */
async function checkedInOnTablet(page: Page, families: string): Promise<string[]> {
  const shown: string[] = [];
  for (const name of names(families)) {
    const who = page
      .getByTestId('check-in-competitor')
      .filter({ hasText: name })
      .getByTestId('checked-in-by');
    if ((await who.count()) === 1 && /^Checked in by Dana Door/.test((await who.textContent()) ?? ''))
      shown.push(name);
  }
  return shown.sort();
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ users: [dana, ...parents] }), launchBrowser()]);
  for (const parent of parents) await register(parent, KIDS);
}, 240_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
  for (const d of tempDirs) await fs.rm(d, { recursive: true, force: true });
});

describe('check-in resilience', () => {
  it('30% of push answers lost after the server committed: 20 check-ins all applied exactly once', async () => {
    const t = await tablet();
    const { page, proxy } = t;
    proxy.dropResponses({ path: '/sync/push', fraction: 0.3, seed: 6_003 });
    await checkIn(page, 'AB');
    await expect.poll(() => pendingText(page).textContent(), { timeout: 90_000 }).toBe('All changes sent');
    // Lost answers happened, and their pushes were sent again.
    expect(proxy.dropStats().dropped).toBeGreaterThan(0);
    proxy.dropResponses(null);

    expect(await checkedInOnServer(FAMILIES)).toEqual(names('AB'));
    const onServer = (await serverCompetitors(stack)).filter((c) => c.checkedInAt);
    expect(new Set(onServer.map((c) => c.id)).size).toBe(20);
    expect(onServer.every((c) => c.checkedInByName === 'Dana Door')).toBe(true);
    expect(await page.getByTestId('sync-rejections').count()).toBe(0);
    expect(await checkedInOnTablet(page, FAMILIES)).toEqual(names('AB'));
    await t.context.close();
  }, 180_000);

  it('the server killed (kill -9) during a push and restarted: 30 offline check-ins applied exactly once', async () => {
    const t = await tablet();
    const { page, proxy } = t;
    await goOffline(t);
    await checkIn(page, 'CDE');
    await expect.poll(() => pendingText(page).textContent()).toBe('30 changes not yet sent');

    let pushSeen!: () => void;
    const firstPush = new Promise<void>((resolve) => (pushSeen = resolve));
    proxy.onRequest((p) => {
      if (!p.startsWith('/sync/push')) return;
      proxy.onRequest(null);
      stack.kill9();
      pushSeen();
    });
    await goOnline(t);
    await firstPush;
    await stack.restart();

    await expect.poll(() => pendingText(page).textContent(), { timeout: 120_000 }).toBe('All changes sent');
    expect(await checkedInOnServer('CDE')).toEqual(names('CDE'));
    expect(await page.getByTestId('sync-rejections').count()).toBe(0);
    expect(await checkedInOnTablet(page, 'CDE')).toEqual(names('CDE'));
    await t.context.close();
  }, 240_000);

  it('pending check-ins survive closing the browser (app restart) and are applied once after it', async () => {
    const proxy = await rack.proxy(stack);
    const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'nomac-e2e-profile-'));
    tempDirs.push(profile);
    const launch = () =>
      chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_FLAGS,
        baseURL: proxy.url,
      });

    let context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    await storeSession(page);
    await openCheckIn(page);
    await goOffline({ context, proxy });
    await checkIn(page, 'G');
    await expect.poll(() => pendingText(page).textContent()).toBe('10 changes not yet sent');
    // The screen counts a tap as soon as it is made, a moment before its outbox entry is stored;
    // the browser is closed once all ten are stored (a battery pulled in that moment loses the
    // last tap, as any app's unsaved input; a CI run under load closed in it once).
    await expect.poll(() => deviceRows(page, 'outbox')).toBe(10);
    await context.close();
    expect(await checkedInOnServer('G')).toEqual([]);

    // The app starts again (still offline: the service worker serves it) with the queue intact.
    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    await context.setOffline(true);
    await page.goto('/admin/check-in');
    await expect
      .poll(() => pendingText(page).textContent(), { timeout: 30_000 })
      .toBe('10 changes not yet sent');
    await goOnline({ context, proxy });
    // (Right after a page load the count reads 0 until the device store answers: wait on the server.)
    await expect.poll(() => checkedInOnServer('G'), { timeout: 60_000 }).toEqual(names('G'));
    await expect.poll(() => pendingText(page).textContent(), { timeout: 60_000 }).toBe('All changes sent');
    expect(await checkedInOnServer('G')).toEqual(names('G'));
    expect(await page.getByTestId('sync-rejections').count()).toBe(0);
    expect(await checkedInOnTablet(page, 'G')).toEqual(names('G'));
    await context.close();
  }, 180_000);

  it('an app update arrives with check-ins pending: it waits for the user, the new version loads, and each is applied once', async () => {
    const t = await tablet();
    const { page, proxy } = t;
    await goOffline(t);
    await checkIn(page, 'H');
    await expect.poll(() => pendingText(page).textContent()).toBe('10 changes not yet sent');
    // Back on the network but /sync cannot be reached, so the check-ins stay queued, while a
    // new build of the app is published (a new index.html revision in the service worker).
    proxy.block(['/sync']);
    await goOnline(t);
    const BUILD = 'e2e-build-2';
    proxy.rewrite('/sw.js', (js) => {
      const next = js.replace(
        /"revision":"[0-9a-f]+","url":"index.html"/,
        `"revision":"${BUILD}","url":"index.html"`,
      );
      expect(next).not.toBe(js);
      return next;
    });
    proxy.rewrite('/index.html', (html) =>
      html.replace('<head>', `<head><meta name="nomac-build" content="${BUILD}">`),
    );
    await evaluateWithin(
      page,
      async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      },
      30_000,
    );
    const banner = page.getByRole('status').filter({ hasText: 'Update available' });
    await banner.waitFor({ timeout: 30_000 });

    // Declining keeps the running version: the new one goes on waiting.
    const questions: string[] = [];
    page.once('dialog', (d) => {
      questions.push(d.message());
      void d.dismiss();
    });
    await banner.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => questions)
      .toEqual([
        '10 changes are not yet sent to the server. They are kept and sent after the update. Update now?',
      ]);
    const waiting = () =>
      evaluateWithin(page, async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
    expect(await waiting()).toBe(true);
    expect(await page.locator('meta[name="nomac-build"]').count()).toBe(0);

    // Confirming activates the new version, and the page reloads into it with the queue intact.
    page.once('dialog', (d) => void d.accept());
    await banner.getByRole('button', { name: 'Update' }).click();
    // The new version takes control and the page reloads into it (within the app's own
    // 10 s fallback reload when the old worker holds on).
    await expect
      .poll(
        () =>
          evaluateWithin(
            page,
            () => document.querySelector('meta[name="nomac-build"]')?.getAttribute('content') ?? null,
          ),
        { timeout: 45_000 },
      )
      .toBe(BUILD);
    await page.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor();
    expect(await waiting()).toBe(false);
    await expect.poll(() => pendingText(page).textContent()).toBe('10 changes not yet sent');
    expect(await checkedInOnServer('H')).toEqual([]);

    // The server is reachable again: every check-in queued before the update is applied once.
    proxy.block([]);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => checkedInOnServer('H'), { timeout: 60_000 }).toEqual(names('H'));
    await expect.poll(() => pendingText(page).textContent(), { timeout: 60_000 }).toBe('All changes sent');
    const h = (await serverCompetitors(stack)).filter((c) => c.lastName === 'FamilyH' && c.checkedInAt);
    expect(new Set(h.map((c) => c.id)).size).toBe(10);
    expect(await page.getByTestId('sync-rejections').count()).toBe(0);
    expect(await checkedInOnTablet(page, 'H')).toEqual(names('H'));
    proxy.rewrite('/sw.js', null);
    proxy.rewrite('/index.html', null);
    await t.context.close();
  }, 180_000);

  it('the access token expires while offline: after signing in again every pending check-in is applied once', async () => {
    const t = await tablet();
    const { page } = t;
    await goOffline(t);
    // While offline the token stops being valid and there is no refresh token to renew it.
    // (Before the taps: a push reads the token as it goes out, and one that read the good
    // token before a later swap could still reach the server once the network is back.)
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('session') ?? '{}') as Record<string, unknown>;
      localStorage.setItem(
        'session',
        JSON.stringify({ ...session, token: 'expired.access.token', refreshToken: undefined }),
      );
    });
    await checkIn(page, 'F');
    await expect.poll(() => pendingText(page).textContent()).toBe('10 changes not yet sent');
    await goOnline(t);
    await page
      .getByText('Your session expired: sign in again to send your changes. Nothing is lost.')
      .waitFor({ timeout: 30_000 });
    expect(await pendingText(page).textContent()).toBe('10 changes not yet sent');
    expect(await checkedInOnServer('F')).toEqual([]);

    await page.goto('/user/login');
    // The sign-in page arrives rendered by the server, before the app knows the token is
    // refused: once hydrated it tries the signed-in pages, the server's 401 signs the device
    // out (the changes are kept), and the app comes back here for Dana to sign in again.
    await hydrated(page);
    await expect
      .poll(() => page.evaluate(() => [location.pathname, localStorage.getItem('session')]), {
        timeout: 15_000,
      })
      .toEqual(['/user/login', null]);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByLabel('Email').fill(dana.email);
    await page.getByLabel(/^Password/).fill(dana.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname !== '/user/login');
    await page.goto('/admin/check-in');
    // (Right after a page load the count reads 0 until the device store answers: wait on the server.)
    await expect.poll(() => checkedInOnServer('F'), { timeout: 60_000 }).toEqual(names('F'));
    await expect.poll(() => pendingText(page).textContent(), { timeout: 60_000 }).toBe('All changes sent');
    expect(await checkedInOnServer('F')).toEqual(names('F'));
    expect(await page.getByTestId('sync-rejections').count()).toBe(0);
    expect(await checkedInOnTablet(page, 'F')).toEqual(names('F'));
    await t.context.close();
  }, 180_000);

  it('a 401 from /api forces logout: queued check-ins are kept until Dana signs in again and then sent once; with none queued the device is wiped', async () => {
    const t = await tablet();
    const { page, proxy } = t;
    await goOffline(t);
    await checkIn(page, 'I');
    await expect.poll(() => pendingText(page).textContent()).toBe('10 changes not yet sent');
    // Online again, /sync not reachable yet, and the session's token no longer valid.
    proxy.block(['/sync']);
    await goOnline(t);
    const invalidateToken = () =>
      page.evaluate(() => {
        const session = JSON.parse(localStorage.getItem('session') ?? '{}') as Record<string, unknown>;
        localStorage.setItem(
          'session',
          JSON.stringify({ ...session, token: 'revoked.access.token', refreshToken: undefined }),
        );
      });
    await invalidateToken();
    // A staff page calls /api: 401, forced logout (docs/product.md §4), back to /.
    await page.goto('/admin/registrations');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const notice = page.getByText(
      'Changes made on this device are not yet sent. Sign in again to send them.',
    );
    await notice.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    expect(await deviceRows(page, 'outbox')).toBe(10);
    expect(await checkedInOnServer('I')).toEqual([]);

    // Dana signs in again: her queued check-ins go out, each once.
    proxy.block([]);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByLabel('Email').fill(dana.email);
    await page.getByLabel(/^Password/).fill(dana.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname !== '/user/login');
    await page.goto('/admin/check-in');
    await expect.poll(() => checkedInOnServer('I'), { timeout: 60_000 }).toEqual(names('I'));
    await expect.poll(() => pendingText(page).textContent(), { timeout: 60_000 }).toBe('All changes sent');
    const i = (await serverCompetitors(stack)).filter((c) => c.lastName === 'FamilyI' && c.checkedInAt);
    expect(new Set(i.map((c) => c.id)).size).toBe(10);
    expect(i.every((c) => c.checkedInByName === 'Dana Door')).toBe(true);
    expect(await page.getByTestId('sync-rejections').count()).toBe(0);

    // Nothing queued now: the next forced logout wipes the device store, and says nothing is unsent.
    expect(await deviceRows(page, 'competitors')).toBeGreaterThan(0);
    await invalidateToken();
    await page.goto('/admin/registrations');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await expect.poll(() => deviceRows(page, 'competitors'), { timeout: 10_000 }).toBe(0);
    expect(await deviceRows(page, 'outbox')).toBe(0);
    expect(await notice.count()).toBe(0);
    await t.context.close();
  }, 180_000);
});

// Two server processes on one PostgreSQL (pokes go through LISTEN/NOTIFY, decision 011).
describe('two servers on one PostgreSQL', () => {
  const database = `nomac_e2e_${process.pid}_${Date.now()}`;
  const pg = ['-h', '127.0.0.1', '-U', 'postgres'];
  let a: Stack | undefined;
  let b: Stack | undefined;
  let tournamentsBefore: unknown[] = [];

  beforeAll(async () => {
    execFileSync('createdb', [...pg, database]);
    const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` };
    a = await startStack({ users: [dana, parents[0]!], env });
    tournamentsBefore = (await a.api<unknown[]>('GET', '/api/tournaments')).json;
    // The second process migrates and seeds nothing new, and shares the first one's data.
    b = await startStack({ env });
  }, 240_000);

  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    execFileSync('dropdb', [...pg, '--if-exists', '--force', database]);
  });

  it('a check-in through server A shows on a tablet connected to server B within 2 s', async () => {
    const serverA = a!;
    const serverB = b!;
    await register(parents[0]!, ['Ava', 'Ben'], serverA);
    // B did not seed again: both see exactly the tournaments A had before B started.
    expect((await serverA.api<unknown[]>('GET', '/api/tournaments')).json).toEqual(tournamentsBefore);
    expect((await serverB.api<unknown[]>('GET', '/api/tournaments')).json).toEqual(tournamentsBefore);
    expect((await serverCompetitors(serverB)).map((c) => c.firstName).sort()).toEqual(['Ava', 'Ben']);

    const t = await tablet(serverB);
    const ava = t.page.getByTestId('check-in-competitor').filter({ hasText: 'Ava FamilyA' });
    await ava.waitFor();
    expect(await ava.getByTestId('checked-in-by').count()).toBe(0);
    // The tablet has opened its live event stream to server B before the check-in on server A
    // (were it still connecting, the pull the engine makes on connect would show the check-in).
    await t.page.getByTestId('sync-online').filter({ hasText: 'Online' }).waitFor();
    await expect.poll(() => t.proxy.seen('/sync/events')).toBeGreaterThan(0);

    const avaId = (await serverCompetitors(serverA)).find((c) => c.firstName === 'Ava')!.id;
    const token = await serverA.signIn(dana.email, dana.password);
    const started = Date.now();
    const pushed = await serverA.api<{ results: { id: number; status: string }[] }>(
      'POST',
      '/sync/push',
      {
        clientGroupId: 'front-desk',
        clientId: 'front-desk-1',
        mutations: [{ id: 1, name: 'checkInCompetitor@1', args: { competitorId: avaId } }],
      },
      token,
    );
    expect(pushed.status).toBe(200);
    await ava
      .getByTestId('checked-in-by')
      .filter({ hasText: /^Checked in by Dana Door at / })
      .waitFor({ timeout: 2_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(2_000);
    expect((await serverCompetitors(serverB)).find((c) => c.id === avaId)?.checkedInByName).toBe('Dana Door');
    await t.context.close();
  }, 120_000);
});
