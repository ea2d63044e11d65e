import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@tournament/shared';
import {
  kidNames,
  parentsOf,
  registerFamily,
  serverCompetitors,
  type Person,
} from '../src/check-in-fixtures.ts';
import { launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';
import { english } from '../src/english.ts';

// The admin layout and the live dashboard in the browser against a real server
// (docs/decisions/013-admin-desk-reports-and-permissions.md): navigation by role, the
// authentication message for a customer, a refused page leaves the check-in admin where they
// were, and the dashboard follows a check-in pushed by another device without a reload.

const PASSWORD = 'desk-pass-2026';
const desk: Person = {
  email: 'desk@example.test',
  password: PASSWORD,
  role: 'CheckInAdmin',
  first: 'Dana',
  last: 'Desk',
};
const director: Person = {
  email: 'td@example.test',
  password: PASSWORD,
  role: 'TournamentDirector',
  first: 'Terry',
  last: 'Director',
};
const admin: Person = {
  email: 'root@example.test',
  password: PASSWORD,
  role: 'SuperAdmin',
  first: 'Sam',
  last: 'Root',
};
const [parent] = parentsOf('A') as [Person];

async function signIn(page: Page, who: Person) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const navLinks = async (page: Page) => {
  await adminNav(page).getByRole('link').first().waitFor();
  return (await adminNav(page).getByRole('link').allTextContents()).map((s) => s.trim());
};

describe('the admin desk', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({ users: [desk, director, admin, parent] }),
      launchBrowser(),
    ]);
    // One family of two, completed (pay at the door): two competitors expected today.
    const registrationId = await registerFamily(stack, parent, kidNames(2));
    const token = await stack.signIn(parent.email, parent.password);
    expect(
      (await stack.api('POST', `/api/registration/checkout/${registrationId}`, undefined, token)).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a check-in admin sees Registrations, Payments and Check-in, and a refused page leaves them where they were', async () => {
    const page = await newPage(browser, stack.baseUrl);
    // An address typed in: nothing to stay on, so the message shows in place of the page.
    await signIn(page, desk);
    await page.waitForURL('**/admin/registrations');
    expect(await navLinks(page)).toEqual(['Registrations', 'Payments', 'Check-in']);
    expect(await adminNav(page).getByRole('button', { name: 'More' }).count()).toBe(0);
    await page.goto('/admin/dashboard');
    await page.getByText(english(MESSAGES.noPermission)).waitFor();
    expect(await page.getByTestId('dashboard-checked-in').count()).toBe(0);

    // From a page of theirs, following the way back to the dashboard is cancelled: they stay
    // on Payments, and read the message in the page alert.
    await adminNav(page).getByRole('link', { name: 'Payments' }).click();
    await page.waitForURL('**/admin/payments');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.getByText(english(MESSAGES.noPermission)).count()).toBe(0);
    await page.goBack();
    await page
      .getByRole('alert')
      .filter({ hasText: english(MESSAGES.noPermission) })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/payments');
    expect(await page.getByTestId('dashboard-checked-in').count()).toBe(0);

    // A bare /admin takes them to registrations, where login does.
    await page.goto('/admin');
    await page.waitForURL('**/admin/registrations');
  });

  it('a tournament director sees Dashboard to Rings, Communications and Files for Families without the More menu; a super admin has More', async () => {
    const td = await newPage(browser, stack.baseUrl);
    await signIn(td, director);
    await td.waitForURL('**/admin/dashboard');
    expect(await navLinks(td)).toEqual([
      'Dashboard',
      'Competitors',
      'Registrations',
      'Payments',
      'Check-in',
      'Matchmaking',
      'Control room',
      'Matchday',
      'Rings',
      'Communications',
      'Files for Families',
    ]);
    expect(await adminNav(td).getByRole('button', { name: 'More' }).count()).toBe(0);

    const root = await newPage(browser, stack.baseUrl);
    await signIn(root, admin);
    await root.waitForURL('**/admin/dashboard');
    expect(await navLinks(root)).toHaveLength(9);
    await adminNav(root).getByRole('button', { name: 'More' }).click();
    expect((await root.getByRole('menuitem').allTextContents()).map((s) => s.trim())).toEqual([
      'Tournaments',
      'Divisions',
      'Event Types',
      'Competitor Levels',
      'Events',
      'Site Settings',
      'Audit Log',
      'Backups',
      'Personal Data',
      'Communications',
      'Files for Families',
      'Dev Outbox',
      'System',
      'Access Log',
      'Staff',
    ]);
    // The SMS and mails a server without Twilio or SMTP_URL keeps, for SuperAdmins (decision 024).
    await root.getByRole('menuitem', { name: 'Dev Outbox' }).click();
    await root.getByRole('heading', { name: 'SMS outbox' }).waitFor();
    expect(new URL(root.url()).pathname).toBe('/admin/dev-outbox');
  });

  it('a customer reads the authentication message', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, parent);
    await page.waitForURL((url) => url.pathname.startsWith('/customer/'));
    await page.goto('/admin/dashboard');
    await page.getByText(english(MESSAGES.needsAuthentication)).waitFor();
    expect(await adminNav(page).count()).toBe(0);
  });

  it('the dashboard follows a check-in pushed by another device, without a reload', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, director);
    await page.waitForURL('**/admin/dashboard');
    await page.getByTestId('dashboard-checked-in').filter({ hasText: '0 of 2 checked in' }).waitFor();
    expect(await page.getByTestId('dashboard-revenue-door').textContent()).toBe('$0');
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));

    const kid = (await serverCompetitors(stack, desk)).find((c) => c.firstName === 'Kid0')!;
    const token = await stack.signIn(desk.email, desk.password);
    const pushed = await stack.api<{ results: { status: string }[] }>(
      'POST',
      '/sync/push',
      {
        clientGroupId: 'front-desk',
        clientId: 'front-desk-1',
        mutations: [{ id: 1, name: 'checkInCompetitor@1', args: { competitorId: kid.id } }],
      },
      token,
    );
    expect(pushed.status).toBe(200);
    expect(pushed.json.results[0]?.status).toBe('applied');

    await page
      .getByTestId('dashboard-checked-in')
      .filter({ hasText: '1 of 2 checked in' })
      .waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(
      true,
    );
    expect(
      await page.getByRole('progressbar', { name: 'Competitors checked in' }).getAttribute('aria-valuenow'),
    ).toBe('1');
  });
});
