import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { PullResponse, SyncCompetitor } from '@tournament/shared';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import { startCutProxy, type CutProxy } from '../src/proxy.ts';

// Issue 6 tests 1, 2 and 4: staff tablets are browser contexts reaching the server through a
// loopback proxy that can cut the network (service-worker traffic included).

const password = 'tablet-pass-1';
const dana = {
  email: 'dana@example.test',
  password,
  role: 'CheckInAdmin' as const,
  first: 'Dana',
  last: 'Door',
};
const eli = {
  email: 'eli@example.test',
  password,
  role: 'CheckInAdmin' as const,
  first: 'Eli',
  last: 'Entry',
};
const parents = Array.from({ length: 6 }, (_, i) => ({
  email: `parent${i}@example.test`,
  password,
  role: 'Customer' as const,
  first: 'Pat',
  last: `Family${String.fromCharCode(65 + i)}`,
}));

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
const proxies: CutProxy[] = [];

interface Tablet {
  context: BrowserContext;
  page: Page;
  /** This tablet's own network: cut it to take the tablet offline. */
  proxy: CutProxy;
}

/** A family registered through the API as its customer: `kids` competitors named `<Kid><n> <Family>`. */
async function register(parent: (typeof parents)[number], kids: string[]): Promise<void> {
  const token = await stack.signIn(parent.email, parent.password);
  const tournamentId = (await stack.api<{ id: number }[]>('GET', '/api/tournaments')).json[0]!.id;
  const options = (
    await stack.api<{ events: { id: number; name: string }[]; competitorLevels: { id: number }[] }>(
      'GET',
      `/api/registration/options/${tournamentId}`,
      undefined,
      token,
    )
  ).json;
  const created = await stack.api<{ registrationId: number }>(
    'POST',
    `/api/registration/create/${tournamentId}`,
    undefined,
    token,
  );
  expect(created.status).toBe(200);
  for (const firstName of kids) {
    const res = await stack.api(
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
async function serverCompetitors(): Promise<SyncCompetitor[]> {
  const token = await stack.signIn(dana.email, dana.password);
  const id = `probe-${Math.random()}`;
  const res = await stack.api<PullResponse>(
    'POST',
    '/sync/pull',
    { clientGroupId: id, clientId: id, cookie: null, scope: 'checkin' },
    token,
  );
  expect(res.status).toBe(200);
  return res.json.patch.flatMap((op) => (op.op === 'put' && op.entity === 'competitors' ? op.rows : []));
}

/** A tablet signed in as `user`, on /admin/check-in with the first sync done and the service worker in control. */
async function tablet(user: typeof dana): Promise<Tablet> {
  const proxy = await startCutProxy(stack.baseUrl);
  proxies.push(proxy);
  const context = await browser.newContext({ baseURL: proxy.url });
  contexts.push(context);
  const page = await context.newPage();
  const auth = await stack.api<{ user: Record<string, unknown> }>('POST', '/api/users/authenticate', {
    username: user.email,
    password: user.password,
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
  await page.goto('/admin/check-in');
  await page.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor();
  await page.getByTestId('sync-last').filter({ hasText: 'Last synced' }).waitFor();
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
  );
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

const pendingText = (page: Page) => page.getByTestId('sync-pending');

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ users: [dana, eli, ...parents] }), launchBrowser()]);
  await register(parents[0]!, ['Ava', 'Ben']);
  for (let i = 1; i <= 5; i++) {
    await register(
      parents[i]!,
      Array.from({ length: 10 }, (_, j) => `Kid${j}`),
    );
  }
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  for (const p of proxies) await p.close();
  await stack?.stop();
});

describe('check-in offline', () => {
  it('reloads /admin/check-in with no network from the service worker, with its data', async () => {
    const t = await tablet(dana);
    const { context, page } = t;
    await expect.poll(() => page.getByRole('button', { name: 'Check in Ava FamilyA' }).count()).toBe(1);
    await goOffline(t);
    await page.reload();
    await page.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Check in Ava FamilyA' }).waitFor();
    expect(await page.getByTestId('sync-online').textContent()).toContain('Offline');
    // Still usable: a check-in waits in the outbox.
    await page.getByRole('button', { name: 'Check in Ava FamilyA' }).click();
    await page.getByRole('button', { name: 'Undo check-in of Ava FamilyA' }).waitFor();
    await expect.poll(() => pendingText(page).textContent()).toBe('1 change not yet sent');
    await page.getByRole('button', { name: 'Undo check-in of Ava FamilyA' }).click();
    await goOnline(t);
    await expect.poll(() => pendingText(page).textContent(), { timeout: 15_000 }).toBe('All changes sent');
    const ava = (await serverCompetitors()).find((c) => c.firstName === 'Ava');
    expect(ava?.checkedInAt).toBeNull();
    await context.close();
  });

  it('sends 50 check-ins made offline once the network is back, each applied once', async () => {
    const t = await tablet(dana);
    const { context, page } = t;
    await goOffline(t);
    for (let i = 1; i <= 5; i++) {
      for (let j = 0; j < 10; j++) {
        await page
          .getByRole('button', { name: `Check in Kid${j} Family${String.fromCharCode(65 + i)}`, exact: true })
          .click();
      }
    }
    await expect.poll(() => pendingText(page).textContent()).toBe('50 changes not yet sent');
    expect(await page.getByTestId('checked-in-by').count()).toBe(50);
    expect((await serverCompetitors()).filter((c) => c.checkedInAt).length).toBe(0);

    await goOnline(t);
    await expect.poll(() => pendingText(page).textContent(), { timeout: 15_000 }).toBe('All changes sent');
    const onServer = await serverCompetitors();
    const done = onServer.filter((c) => c.checkedInAt);
    expect(done).toHaveLength(50);
    expect(new Set(done.map((c) => c.id)).size).toBe(50);
    expect(done.every((c) => c.checkedInByName === 'Dana Door')).toBe(true);
    expect(await page.getByTestId('sync-rejections').count()).toBe(0);
    await context.close();
  });

  it('two tablets offline check in the same competitor: one check-in, and both show who made it', async () => {
    const a = await tablet(dana);
    const b = await tablet(eli);
    await goOffline(a);
    await goOffline(b);
    for (const t of [a, b])
      await t.page.getByRole('button', { name: 'Check in Ben FamilyA', exact: true }).click();
    await expect.poll(() => b.page.getByText('Checked in by Eli Entry').count()).toBe(1);

    await goOnline(a);
    await expect.poll(() => pendingText(a.page).textContent(), { timeout: 15_000 }).toBe('All changes sent');
    await goOnline(b);
    await expect.poll(() => pendingText(b.page).textContent(), { timeout: 15_000 }).toBe('All changes sent');

    const ben = (await serverCompetitors()).filter((c) => c.firstName === 'Ben');
    expect(ben).toHaveLength(1);
    expect(ben[0]).toMatchObject({ checkedInByName: 'Dana Door' });
    for (const t of [a, b]) {
      await expect
        .poll(
          () =>
            t.page
              .getByTestId('check-in-competitor')
              .filter({ hasText: 'Ben FamilyA' })
              .getByTestId('checked-in-by')
              .textContent(),
          {
            timeout: 10_000,
          },
        )
        .toMatch(/^Checked in by Dana Door at /);
    }

    // Both online now: a check-in on one tablet appears on the other without a reload (poke, pull).
    await a.page.getByRole('button', { name: 'Check in Ava FamilyA', exact: true }).click();
    await expect
      .poll(
        () =>
          b.page
            .getByTestId('check-in-competitor')
            .filter({ hasText: 'Ava FamilyA' })
            .getByTestId('checked-in-by')
            .textContent(),
        {
          timeout: 10_000,
        },
      )
      .toMatch(/^Checked in by Dana Door at /);
  }, 120_000);
});
