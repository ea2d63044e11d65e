import { axeViolationsInBothSchemes } from '../src/axe.ts';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  kidNames,
  parentsOf,
  registerFamily,
  serverCompetitors,
  storeSession,
  type Person,
} from '../src/check-in-fixtures.ts';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';

// The director's journey on a laptop (1280x800), in a browser whose own clock is in
// Tokyo: times follow the tournament's zone (Ontario), labelled, the same on every screen, and
// CSV times carry their offset (decision 029); the registration detail is titled and shows one
// money state and one receipt link; the competitors list searches by name and says when nothing
// matches; the navigation has one order, the More menu every settings page and no second Logout,
// successes are toasts and Remove looks destructive; focus lands on the new page's heading.

const root: Person = {
  email: 'root@example.test',
  password: 'director-pass-2026',
  role: 'SuperAdmin',
  first: 'Sam',
  last: 'Root',
};
const [parent] = parentsOf('A') as [Person];
const ZONE = 'America/Toronto';

/** What the page shows, with any kind of space as one plain space. */
const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const clockIn = (iso: string, timeZone: string) =>
  plain(
    new Intl.DateTimeFormat('en-CA', {
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    }).format(new Date(iso)),
  );
const longDateIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(new Date(iso));

async function axeClean(page: Page) {
  expect(await axeViolationsInBothSchemes(page)).toEqual([]);
}

describe("the director's journey on a laptop", () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let registrationId: number;
  let checkedInAt: string;
  let createdAt: string;
  const pageErrors: Error[] = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [root, parent] }), launchBrowser()]);
    // A family of two completes paying at the door (receipt 1: paid $0), pays the balance in cash
    // at the door (receipt 2), and Kid0 is checked in.
    registrationId = await registerFamily(stack, parent, kidNames(2));
    const parentToken = await stack.signIn(parent.email, parent.password);
    expect(
      (await stack.api('POST', `/api/registration/checkout/${registrationId}`, undefined, parentToken))
        .status,
    ).toBe(200);
    const token = await stack.signIn(root.email, root.password);
    const balance = (
      await stack.api<{ cost: number }>('GET', `/api/registration/${registrationId}`, undefined, parentToken)
    ).json.cost;
    const kid = (await serverCompetitors(stack, root)).find((c) => c.firstName === 'Kid0')!;
    const pushed = await stack.api<{ results: { status: string }[] }>(
      'POST',
      '/sync/push',
      {
        clientGroupId: 'director-laptop',
        clientId: 'director-laptop-1',
        mutations: [
          {
            id: 1,
            name: 'recordDoorPayment@1',
            args: { paymentId: randomUUID(), registrationId, method: 'cash', amount: balance },
          },
          { id: 2, name: 'checkInCompetitor@1', args: { competitorId: kid.id } },
        ],
      },
      token,
    );
    expect(pushed.json.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    checkedInAt = (await serverCompetitors(stack, root)).find((c) => c.firstName === 'Kid0')!.checkedInAt!;
    const list = await stack.api<{ rows: { registrationId: number; createdAt: string }[] }>(
      'GET',
      '/api/admin/registrations',
      undefined,
      token,
    );
    createdAt = list.json.rows.find((r) => r.registrationId === registrationId)!.createdAt;

    const context = await browser.newContext({
      baseURL: stack.baseUrl,
      viewport: { width: 1280, height: 800 },
      timezoneId: 'Asia/Tokyo',
    });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e));
    await storeSession(page, stack, root);
    // A loaded machine takes up to two minutes to start the stack; idle, about ten seconds.
  }, 240_000);
  afterAll(async () => {
    expect(pageErrors.map((e) => e.message)).toEqual([]);
    await browser?.close();
    await stack?.stop();
  });

  it('1. shows every time in the tournament zone, labelled, alike on every screen, and CSV times with their offset', async () => {
    const expected = clockIn(checkedInAt, ZONE);
    expect(expected).toMatch(/^\d{1,2}:\d{2} [ap]\.m\. E[SD]T$/);

    await page.goto(`/admin/registration/${registrationId}`);
    const badge = page.getByText(/^Checked in /).first();
    await badge.waitFor();
    expect(plain(await badge.textContent())).toBe(`Checked in ${expected}`);

    await page.goto('/admin/competitors');
    const row = page.getByRole('row').filter({ hasText: 'FamilyA, Kid0' });
    await row.waitFor();
    expect(plain(await row.getByRole('cell').last().textContent())).toBe(`Yes, ${expected}`);

    await page.goto('/admin/check-in');
    const checkedIn = page.getByTestId('checked-in-by').first();
    await checkedIn.waitFor({ timeout: 30_000 });
    expect(plain(await checkedIn.textContent())).toMatch(
      new RegExp(` at ${expected.replaceAll('.', '\\.')}$`),
    );

    // A registration is listed on its day in Ontario, in the long form.
    await page.goto('/admin/registrations');
    const listed = page.getByRole('row').filter({ hasText: 'Pat FamilyA' });
    await listed.waitFor();
    expect(plain(await listed.getByRole('cell').last().textContent())).toBe(longDateIn(createdAt, ZONE));

    const token = await stack.signIn(root.email, root.password);
    const csv = await stack.api('GET', '/api/admin/competitors.csv?checkedIn=yes', undefined, token);
    const cells = csv.text.trimEnd().split('\r\n')[1]!.split(',');
    const iso = cells.find((c) => /^\d{4}-\d{2}-\d{2}T/.test(c))!;
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00$/);
    expect(new Date(iso).getTime()).toBe(Math.floor(new Date(checkedInAt).getTime() / 1000) * 1000);
  });

  it('2. the registration detail: a title with the family name, the money state once, one receipt link, balanced columns', async () => {
    await page.goto(`/admin/registration/${registrationId}`);
    const title = page.getByRole('heading', { level: 1, name: 'Registration of Pat FamilyA' });
    await title.waitFor();
    await expect.poll(() => page.title()).toContain('Registration of Pat FamilyA');
    await page.getByRole('heading', { name: 'Competitors' }).waitFor();
    expect(await page.getByRole('link', { name: 'View the receipt' }).count()).toBe(1);
    // The receipt made at completion ("paid $0 of ...") is superseded: not shown beside the current one.
    expect(await page.getByText(/paid \$0 of/).isVisible()).toBe(false);
    await page.getByText(/Earlier receipts \(1\)/).click();
    await page.getByText('Superseded').waitFor();
    // Two columns of one width, side by side.
    const staff = (await page.getByRole('region', { name: 'Staff details' }).boundingBox())!;
    const registration = (await page.getByTestId('registration-column').boundingBox())!;
    expect(Math.abs(staff.width - registration.width)).toBeLessThan(4);
    expect(Math.abs(staff.y - registration.y)).toBeLessThan(4);
    await axeClean(page);
  });

  it('3. the competitors list searches by name and says when the filters match nothing', async () => {
    await page.goto('/admin/competitors');
    await page.getByRole('row').filter({ hasText: 'FamilyA, Kid1' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('kid1');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'FamilyA, Kid' }).count()).toBe(1);
    await page.getByLabel('Gender').selectOption({ label: 'Male' });
    await page.getByText('No competitors match these filters.').waitFor();
    await axeClean(page);
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'FamilyA, Kid' }).count()).toBe(2);
  });

  it('4. one navigation order, a full More menu with one Logout, toasts for successes, and a destructive Remove', async () => {
    await page.goto('/admin/tournaments');
    await page.getByRole('heading', { level: 1, name: 'Tournaments' }).waitFor();
    const settingsNav = (
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link').allTextContents()
    ).map(plain);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'More' }).click();
    const more = (await page.getByRole('menuitem').allTextContents()).map(plain);
    expect(more).toEqual(expect.arrayContaining(['Site Settings', 'Audit Log']));
    expect(more.filter((label) => settingsNav.includes(label))).toEqual(settingsNav);
    expect(more).not.toContain('Logout');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);

    // Remove is not another Edit.
    const edit = page.getByRole('button', { name: /^Edit the tournament/ }).first();
    const remove = page.getByRole('button', { name: /^Remove the tournament/ }).first();
    const look = (l: typeof edit) =>
      l.evaluate((b) => `${getComputedStyle(b).color} ${getComputedStyle(b).borderColor}`);
    expect(await look(remove)).not.toBe(await look(edit));

    // A success is a toast, and the page does not move.
    await page.goto('/admin/site-settings');
    const save = page.getByRole('button', { name: 'Save site settings' });
    await save.waitFor();
    await page.getByLabel(/^Time zone/).selectOption(ZONE);
    const before = (await save.boundingBox())!.y;
    await save.click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('The site settings were saved.')
      .waitFor();
    expect(await page.locator('#main').getByText('The site settings were saved.').count()).toBe(0);
    expect((await save.boundingBox())!.y).toBe(before);
    await axeClean(page);
  });

  it('5. focus moves to the new page heading and its title is announced, but not on a first load', async () => {
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Competitors' }).click();
    await page.waitForURL('**/admin/competitors');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(plain(await page.evaluate(() => document.activeElement?.textContent ?? ''))).toBe('Competitors');
    await expect
      .poll(async () => plain(await page.getByTestId('route-announcer').textContent()))
      .toBe(plain(await page.title()));
    expect(await page.title()).toMatch(/Competitors$/);
  });
});
