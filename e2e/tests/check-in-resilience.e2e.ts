import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { PullResponse, SyncCompetitor } from '@tournament/shared';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  launchBrowser,
  startStack,
  type Browser,
  type Stack,
} from '../src/harness.ts';
import { startCutProxy, type CutProxy } from '../src/proxy.ts';

// Issue 6 tests 3, 5, 6, 7 and 8 (tests 1, 2 and 4 are in check-in-offline.e2e.ts): a staff tablet
// is a browser context behind its own loopback proxy, which can cut the network, drop the
// server's answers to pushes, or tell the test when a push goes out.

const PROXY_PORTS = Array.from({ length: 50 }, (_, i) => 3850 + i);
const password = 'tablet-pass-1';
const dana = {
  email: 'dana@example.test',
  password,
  role: 'CheckInAdmin' as const,
  first: 'Dana',
  last: 'Door',
};
const FAMILIES = 'ABCDEFG';
const parents = [...FAMILIES].map((letter, i) => ({
  email: `parent${i}@example.test`,
  password,
  role: 'Customer' as const,
  first: 'Pat',
  last: `Family${letter}`,
}));
const KIDS = Array.from({ length: 10 }, (_, j) => `Kid${j}`);

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
const proxies: CutProxy[] = [];
const tempDirs: string[] = [];

interface Tablet {
  context: BrowserContext;
  page: Page;
  /** This tablet's own network. */
  proxy: CutProxy;
}

/** A family registered through the API as its customer: `kids` competitors named `<Kid> <Family>`. */
async function register(parent: (typeof parents)[number], kids: string[], s: Stack = stack): Promise<void> {
  const token = await s.signIn(parent.email, parent.password);
  const tournamentId = (await s.api<{ id: number }[]>('GET', '/api/tournaments')).json[0]!.id;
  const options = (
    await s.api<{ events: { id: number; name: string }[]; competitorLevels: { id: number }[] }>(
      'GET',
      `/api/registration/options/${tournamentId}`,
      undefined,
      token,
    )
  ).json;
  const created = await s.api<{ registrationId: number }>(
    'POST',
    `/api/registration/create/${tournamentId}`,
    undefined,
    token,
  );
  expect(created.status).toBe(200);
  for (const firstName of kids) {
    const res = await s.api(
      'POST',
      '/api/registration/competitor',
      {
        registrationId: created.json.registrationId,
        firstName,
        lastName: parent.last,
        dateOfBirth: '2015-05-01',
        gender: 2,
        competitorLevelId: options.competitorLevels[0]!.id,
        weightKg: null,
        school: 'Elliot Lake Karate',
        emergencyContactName: 'Sam Lee',
        emergencyContactPhone: '7055550100',
        emergencyContactRelationship: 'Parent',
        guardianConsent: true,
        eventIds: [options.events.find((e) => e.name === 'Forms')!.id],
      },
      token,
    );
    expect(res.status).toBe(200);
  }
}

/** Every competitor of the next tournament as the server has them (a fresh device's first pull). */
const probeTokens = new Map<Stack, string>();

async function serverCompetitors(s: Stack = stack): Promise<SyncCompetitor[]> {
  // One sign-in per server: sign-ins are rate limited, and the tablet signs in too.
  let token = probeTokens.get(s);
  if (!token) {
    token = await s.signIn(dana.email, dana.password);
    probeTokens.set(s, token);
  }
  const id = `probe-${Math.random()}`;
  const res = await s.api<PullResponse>(
    'POST',
    '/sync/pull',
    { clientGroupId: id, clientId: id, cookie: null, scope: 'checkin' },
    token,
  );
  expect(res.status).toBe(200);
  return res.json.patch.flatMap((op) => (op.op === 'put' && op.entity === 'competitors' ? op.rows : []));
}

/** The server's checked-in competitors of the given families, as "Kid3 FamilyB" names. */
async function checkedInOnServer(families: string): Promise<string[]> {
  return (await serverCompetitors())
    .filter((c) => c.checkedInAt && families.includes(c.lastName.replace('Family', '')))
    .map((c) => `${c.firstName} ${c.lastName}`)
    .sort();
}

function names(families: string): string[] {
  return [...families].flatMap((f) => KIDS.map((k) => `${k} Family${f}`)).sort();
}

/** Signs `page` in as Dana (the session the login page would store). */
async function storeSession(page: Page, s: Stack = stack): Promise<void> {
  const auth = await s.api<{ user: Record<string, unknown> }>('POST', '/api/users/authenticate', {
    username: dana.email,
    password: dana.password,
  });
  const u = auth.json.user;
  await page.goto('/');
  await page.evaluate((session) => localStorage.setItem('session', JSON.stringify(session)), {
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
}

/** /admin/check-in open with the first sync done and the service worker in control. */
async function openCheckIn(page: Page): Promise<void> {
  await page.goto('/admin/check-in');
  await page.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor();
  await page.getByTestId('sync-last').filter({ hasText: 'Last synced' }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
  );
}

/** A tablet signed in as Dana, in a context of its own behind its own proxy. */
async function tablet(s: Stack = stack): Promise<Tablet> {
  const proxy = await startCutProxy(s.baseUrl, PROXY_PORTS);
  proxies.push(proxy);
  const context = await browser.newContext({ baseURL: proxy.url });
  contexts.push(context);
  const page = await context.newPage();
  await storeSession(page, s);
  await openCheckIn(page);
  return { context, page, proxy };
}

async function goOffline(t: Tablet) {
  t.proxy.cut();
  await t.context.setOffline(true);
}

async function goOnline(t: Tablet) {
  t.proxy.restore();
  await t.context.setOffline(false);
}

async function checkIn(page: Page, families: string): Promise<void> {
  for (const name of names(families)) {
    await page.getByRole('button', { name: `Check in ${name}`, exact: true }).click();
  }
}

const pendingText = (page: Page) => page.getByTestId('sync-pending');

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
  for (const c of contexts) await c.close();
  await browser?.close();
  for (const p of proxies) await p.close();
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

    expect(await checkedInOnServer('ABCDEFG')).toEqual(names('AB'));
    const onServer = (await serverCompetitors()).filter((c) => c.checkedInAt);
    expect(new Set(onServer.map((c) => c.id)).size).toBe(20);
    expect(onServer.every((c) => c.checkedInByName === 'Dana Door')).toBe(true);
    expect(await page.getByTestId('sync-rejections').count()).toBe(0);
    expect(await checkedInOnTablet(page, 'ABCDEFG')).toEqual(names('AB'));
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
    const proxy = await startCutProxy(stack.baseUrl, PROXY_PORTS);
    proxies.push(proxy);
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
    await goOffline({ context, page, proxy });
    await checkIn(page, 'G');
    await expect.poll(() => pendingText(page).textContent()).toBe('10 changes not yet sent');
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
    await goOnline({ context, page, proxy });
    // (Right after a page load the count reads 0 until the device store answers: wait on the server.)
    await expect.poll(() => checkedInOnServer('G'), { timeout: 60_000 }).toEqual(names('G'));
    await expect.poll(() => pendingText(page).textContent(), { timeout: 60_000 }).toBe('All changes sent');
    expect(await checkedInOnServer('G')).toEqual(names('G'));
    expect(await page.getByTestId('sync-rejections').count()).toBe(0);
    expect(await checkedInOnTablet(page, 'G')).toEqual(names('G'));
    await context.close();
  }, 180_000);

  it('the access token expires while offline: after signing in again every pending check-in is applied once', async () => {
    const t = await tablet();
    const { page } = t;
    await goOffline(t);
    await checkIn(page, 'F');
    await expect.poll(() => pendingText(page).textContent()).toBe('10 changes not yet sent');
    // While offline the token stops being valid and there is no refresh token to renew it.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('session') ?? '{}') as Record<string, unknown>;
      localStorage.setItem(
        'session',
        JSON.stringify({ ...session, token: 'expired.access.token', refreshToken: undefined }),
      );
    });
    await goOnline(t);
    await page
      .getByText('Your session expired: sign in again to send your changes. Nothing is lost.')
      .waitFor({ timeout: 30_000 });
    expect(await pendingText(page).textContent()).toBe('10 changes not yet sent');
    expect(await checkedInOnServer('F')).toEqual([]);

    await page.goto('/user/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
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
});

// Issue 6 test 8: two server processes on one PostgreSQL (pokes go through LISTEN/NOTIFY).
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
