import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { PullResponse, SyncCompetitor, SyncRegistration } from '@tournament/shared';
import { formsCompetitor, type RegistrationOptionsSeen } from './competitor-body.ts';
import type { Browser, Stack, StackUser } from './harness.ts';
import { startCutProxy, type CutProxy } from './proxy.ts';

// Shared setup of the venue-tablet end-to-end tests (check-in, door payments): the accounts,
// families registered through the API, a "tablet" (a browser context behind its own cuttable
// proxy, signed in, on a staff screen with the first sync done and the service worker in
// control), and reads of what the server holds.

export const PASSWORD = 'tablet-pass-1';

export interface Person extends StackUser {
  first: string;
  last: string;
}

export const dana: Person = {
  email: 'dana@example.test',
  password: PASSWORD,
  role: 'CheckInAdmin',
  first: 'Dana',
  last: 'Door',
};

export const eli: Person = {
  email: 'eli@example.test',
  password: PASSWORD,
  role: 'CheckInAdmin',
  first: 'Eli',
  last: 'Entry',
};

/** One customer per letter: `parent<i>@example.test`, family name `Family<letter>`. */
export function parentsOf(letters: string): Person[] {
  return [...letters].map((letter, i) => ({
    email: `parent${i}@example.test`,
    password: PASSWORD,
    role: 'Customer',
    first: 'Pat',
    last: `Family${letter}`,
  }));
}

/** `Kid0` .. `Kid<n-1>`. */
export function kidNames(n: number): string[] {
  return Array.from({ length: n }, (_, j) => `Kid${j}`);
}

/**
 * A family registered through the API as its customer: one competitor per name in `kids`,
 * named `<kid> <parent.last>`, in the Forms event. Returns the registration id.
 */
export async function registerFamily(s: Stack, parent: Person, kids: string[]): Promise<number> {
  const token = await s.signIn(parent.email, parent.password);
  const tournamentId = (await s.api<{ id: number }[]>('GET', '/api/tournaments')).json[0]!.id;
  const options = (
    await s.api<RegistrationOptionsSeen>('GET', `/api/registration/options/${tournamentId}`, undefined, token)
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
      formsCompetitor(options, created.json.registrationId, firstName, parent.last),
      token,
    );
    expect(res.status).toBe(200);
  }
  return created.json.registrationId;
}

// One sign-in per server and person: sign-ins are rate limited, and the tablets sign in too.
const probeTokens = new WeakMap<Stack, Map<string, string>>();

/** An access token for `user` on `s`, signed in once and reused. */
export async function probeToken(s: Stack, user: Person = dana): Promise<string> {
  let byUser = probeTokens.get(s);
  if (!byUser) probeTokens.set(s, (byUser = new Map()));
  let token = byUser.get(user.email);
  if (!token) {
    token = await s.signIn(user.email, user.password);
    byUser.set(user.email, token);
  }
  return token;
}

/** The whole `checkin` scope as the server has it (a fresh device's first pull), read as `user`. */
export async function serverCheckInRows(
  s: Stack,
  user: Person = dana,
): Promise<{ competitors: SyncCompetitor[]; registrations: SyncRegistration[] }> {
  const id = `probe-${Math.random()}`;
  const res = await s.api<PullResponse>(
    'POST',
    '/sync/pull',
    { clientGroupId: id, clientId: id, cookie: null, scope: 'checkin' },
    await probeToken(s, user),
  );
  expect(res.status).toBe(200);
  const competitors: SyncCompetitor[] = [];
  const registrations: SyncRegistration[] = [];
  for (const op of res.json.patch) {
    if (op.op !== 'put') continue;
    if (op.entity === 'competitors') competitors.push(...op.rows);
    if (op.entity === 'registrations') registrations.push(...op.rows);
  }
  return { competitors, registrations };
}

/** Every competitor of the next tournament as the server has them. */
export async function serverCompetitors(s: Stack, user: Person = dana): Promise<SyncCompetitor[]> {
  return (await serverCheckInRows(s, user)).competitors;
}

/** Stores `user`'s session in `page`'s origin, as the login page would (the page is left on /). */
export async function storeSession(page: Page, s: Stack, user: Person): Promise<void> {
  const auth = await s.api<{ user: Record<string, unknown> }>('POST', '/api/users/authenticate', {
    username: user.email,
    password: user.password,
  });
  expect(auth.status).toBe(200);
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

/** Opens a staff sync screen (default /admin/check-in) and waits for the first sync and the service worker. */
export async function openStaffScreen(
  page: Page,
  screen: { path: string; heading: string } = { path: '/admin/check-in', heading: 'Check-in' },
): Promise<void> {
  await page.goto(screen.path);
  await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
  await page.getByTestId('sync-last').filter({ hasText: 'Last synced' }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
  );
}

export interface Tablet {
  context: BrowserContext;
  page: Page;
  /** This tablet's own network: cut it to take the tablet offline, drop answers, watch requests. */
  proxy: CutProxy;
}

/**
 * Opens tablets for one test file and closes them (and their proxies) in `closeAll`.
 * `ports` is the file's own proxy port range, so files never fight over ports.
 */
export function tabletRack(getBrowser: () => Browser, ports: number[]) {
  const contexts: BrowserContext[] = [];
  const proxies: CutProxy[] = [];
  return {
    /** A proxy of this rack's range in front of `s` (closed by `closeAll`). */
    async proxy(s: Stack): Promise<CutProxy> {
      const proxy = await startCutProxy(s.baseUrl, ports);
      proxies.push(proxy);
      return proxy;
    },
    /** Tracks a context made elsewhere (a persistent one) so `closeAll` closes it. */
    track(context: BrowserContext): void {
      contexts.push(context);
    },
    /** A tablet signed in as `user` on `screen` (default /admin/check-in), in a fresh context. */
    async open(s: Stack, user: Person, screen?: { path: string; heading: string }): Promise<Tablet> {
      const proxy = await this.proxy(s);
      const context = await getBrowser().newContext({ baseURL: proxy.url });
      contexts.push(context);
      const page = await context.newPage();
      await storeSession(page, s, user);
      await openStaffScreen(page, screen);
      return { context, page, proxy };
    },
    async closeAll(): Promise<void> {
      for (const c of contexts) await c.close().catch(() => undefined);
      for (const p of proxies) await p.close();
    },
  };
}

/** Cuts the tablet's network, service worker included. */
export async function goOffline(t: Pick<Tablet, 'context' | 'proxy'>): Promise<void> {
  t.proxy.cut();
  await t.context.setOffline(true);
}

export async function goOnline(t: Pick<Tablet, 'context' | 'proxy'>): Promise<void> {
  t.proxy.restore();
  await t.context.setOffline(false);
}

/**
 * Taps "Check in <name>" on /admin/check-in. A family that owes money is asked first (issue
 * 19): this answers "Check in without payment" (asked once per family on a screen).
 */
export async function tapCheckIn(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Check in ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  const undo = page.getByRole('button', { name: `Undo check-in of ${name}`, exact: true });
  await dialog.or(undo).first().waitFor();
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'Check in without payment' }).click();
    await undo.waitFor();
  }
}

/** The sync indicator's count of changes not yet sent ("3 changes not yet sent", "All changes sent"). */
export const pendingText = (page: Page) => page.getByTestId('sync-pending');

/**
 * How many rows a table of the device store holds (plain IndexedDB). The screen shows a tap a
 * moment before its outbox entry is stored: a test that closes, reloads or leaves the page
 * after a tap waits for the entry here first.
 */
export function deviceRows(page: Page, table: 'outbox' | 'competitors'): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('nomac-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(0);
            return;
          }
          const req = db.transaction(name).objectStore(name).count();
          req.onsuccess = () => {
            db.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    table,
  );
}

/** A port range of `count` ports from `from`. */
export function portRange(from: number, count = 50): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}
