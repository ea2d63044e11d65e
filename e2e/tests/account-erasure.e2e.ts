import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';
import {
  dana,
  parentsOf,
  portRange,
  registerFamily,
  storeSession,
  tabletRack,
  type Person,
} from '../src/check-in-fixtures.ts';

// "Delete my account" (docs/decisions/046-erasure-and-retention.md): a parent on a phone deletes
// their account from "Your data" on /customer/home, typing the password again; they can no longer
// sign in, and a check-in tablet that held their children drops them at its next sync, with no
// reload and no one signing out.

const [parent, other] = parentsOf('QR') as [Person, Person];
const PHONE = { width: 390, height: 844 };
const admin: Person = {
  email: 'root@example.test',
  password: 'root-pass-2026',
  role: 'SuperAdmin',
  first: 'Root',
  last: 'Admin',
};

let stack: Stack;
let browser: Browser;
const rack = tabletRack(() => browser, portRange(4470, 10));

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ users: [dana, parent, other, admin] }),
    launchBrowser(),
  ]);
  for (const [who, kids] of [
    [parent, ['Ava', 'Ben']],
    [other, ['Cy']],
  ] as const) {
    const registrationId = await registerFamily(stack, who, [...kids]);
    const token = await stack.signIn(who.email, who.password);
    const done = await stack.api('POST', `/api/registration/checkout/${registrationId}`, undefined, token);
    expect(done.status).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
});

describe('Delete my account', () => {
  it('a parent deletes their account with their password; they cannot sign in; the check-in tablet drops their children', async () => {
    const tablet = await rack.open(stack, dana);
    const ava = tablet.page.getByRole('button', { name: 'Check in Ava FamilyQ', exact: true });
    await expect.poll(() => ava.count(), { timeout: 20_000 }).toBe(1);

    const page = await newPage(browser, stack.baseUrl, { viewport: PHONE });
    await storeSession(page, stack, parent);
    await page.goto('/customer/home');
    await page.getByRole('heading', { name: 'Your data', level: 2 }).waitFor();
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account now' }).click();
    await dialog.getByText('That password is not right. Your account was not deleted.').waitFor();
    // A wrong password signs no one out and deletes nothing.
    expect(
      await stack.api('POST', '/api/users/authenticate', {
        username: parent.email,
        password: parent.password,
      }),
    ).toMatchObject({ status: 200 });

    await dialog.getByLabel('Password').fill(parent.password);
    await dialog.getByRole('button', { name: 'Delete my account now' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account has been deleted. Thank you for taking part.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

    // The password no longer signs in, on the sign-in page as through the API.
    await page.goto('/user/login');
    await page.getByLabel('Email').fill(parent.email);
    await page.getByLabel(/^Password/).fill(parent.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('The e-mail address or password is incorrect.').waitFor();
    expect(
      (
        await stack.api('POST', '/api/users/authenticate', {
          username: parent.email,
          password: parent.password,
        })
      ).status,
    ).toBe(401);

    // The tablet, still on its screen, drops Ava and Ben at its next sync; the other family stays.
    await expect.poll(() => ava.count(), { timeout: 20_000 }).toBe(0);
    expect(await tablet.page.getByText('FamilyQ').count()).toBe(0);
    await tablet.page.getByRole('button', { name: 'Check in Cy FamilyR', exact: true }).waitFor();
  }, 120_000);

  it('a super admin previews what the purge after the tournament will erase, at phone, tablet and desk sizes, and sets how long data is kept', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await storeSession(page, stack, admin);
    for (const size of [
      { width: 360, height: 740 },
      { width: 768, height: 1024 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/admin/personal-data');
      await page.getByRole('heading', { name: 'Personal Data', level: 1 }).waitFor();
      const row = page.getByTestId('purge-row').first();
      await row.getByText(/^Birth dates \(year kept\): \d+$/).waitFor();
      expect(await page.getByTestId('inactive-accounts').textContent()).toContain('for 3 years');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    }
    // The periods are settings: saved here, the preview and the privacy page state them.
    await page.getByLabel(/Months after a tournament before its purge/).fill('18');
    await page.getByRole('button', { name: 'Save the periods' }).click();
    await page.getByText(/kept 18 months after a tournament/).waitFor();
    await page.goto('/privacy');
    await page.getByText(/18 months after each tournament we erase/).waitFor();
  }, 60_000);
});
