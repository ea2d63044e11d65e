import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import {
  dana,
  eli,
  goOffline,
  goOnline,
  kidNames,
  parentsOf,
  pendingText,
  portRange,
  registerFamily,
  serverCompetitors,
  tabletRack,
  tapCheckIn,
} from '../src/check-in-fixtures.ts';

// Offline check-in (decision 010): an offline reload, offline check-ins sent once, two tablets on
// one competitor. Staff tablets are browser contexts reaching the server through a loopback proxy
// that can cut the network (service-worker traffic included).

const parents = parentsOf('ABCDEF');

let stack: Stack;
let browser: Browser;
const rack = tabletRack(() => browser, portRange(3800));
const tablet = (user: typeof dana) => rack.open(stack, user);

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ users: [dana, eli, ...parents] }), launchBrowser()]);
  await registerFamily(stack, parents[0]!, ['Ava', 'Ben']);
  for (let i = 1; i <= 5; i++) await registerFamily(stack, parents[i]!, kidNames(10));
}, 180_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
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
    await tapCheckIn(page, 'Ava FamilyA');
    await expect.poll(() => pendingText(page).textContent()).toBe('1 change not yet sent');
    await page.getByRole('button', { name: 'Undo check-in of Ava FamilyA' }).click();
    await goOnline(t);
    await expect.poll(() => pendingText(page).textContent(), { timeout: 15_000 }).toBe('All changes sent');
    const ava = (await serverCompetitors(stack)).find((c) => c.firstName === 'Ava');
    expect(ava?.checkedInAt).toBeNull();
    await context.close();
  });

  it('sends 50 check-ins made offline once the network is back, each applied once', async () => {
    const t = await tablet(dana);
    const { context, page } = t;
    await goOffline(t);
    for (let i = 1; i <= 5; i++) {
      for (let j = 0; j < 10; j++) {
        await tapCheckIn(page, `Kid${j} Family${String.fromCharCode(65 + i)}`);
      }
    }
    await expect.poll(() => pendingText(page).textContent()).toBe('50 changes not yet sent');
    expect(await page.getByTestId('checked-in-by').count()).toBe(50);
    expect((await serverCompetitors(stack)).filter((c) => c.checkedInAt).length).toBe(0);

    await goOnline(t);
    await expect.poll(() => pendingText(page).textContent(), { timeout: 15_000 }).toBe('All changes sent');
    const onServer = await serverCompetitors(stack);
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
    for (const t of [a, b]) await tapCheckIn(t.page, 'Ben FamilyA');
    await expect.poll(() => b.page.getByText('Checked in by Eli Entry').count()).toBe(1);

    await goOnline(a);
    await expect.poll(() => pendingText(a.page).textContent(), { timeout: 15_000 }).toBe('All changes sent');
    await goOnline(b);
    await expect.poll(() => pendingText(b.page).textContent(), { timeout: 15_000 }).toBe('All changes sent');

    const ben = (await serverCompetitors(stack)).filter((c) => c.firstName === 'Ben');
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
    await tapCheckIn(a.page, 'Ava FamilyA');
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
