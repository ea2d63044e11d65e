import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addressText,
  hydrated,
  launchBrowser,
  newPage,
  startStack,
  type Browser,
  type Stack,
} from '../src/harness.ts';

// Accounts in the browser (decision 006): sign up, the mail through real SMTP, verification,
// sign-in, forgot and reset, and staff accounts made with the admin CLI landing on their pages.
const director = {
  email: 'director@example.com',
  password: 'director-pass-2026',
  role: 'TournamentDirector' as const,
};
const checkIn = { email: 'door@example.com', password: 'door-pass-2026', role: 'CheckInAdmin' as const };

function linkIn(text: string | undefined, path: string): string {
  const url = (text ?? '').match(new RegExp(`https?://\\S+${path}\\S+`))?.[0];
  if (!url) throw new Error(`no ${path} link in the mail:\n${text}`);
  return url;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('accounts in the browser', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [director, checkIn] }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('sign up, follow the mailed link, sign in and land in the customer area', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/user/register');
    // Sign Up on the empty form: every required field says so at once, the first has the focus.
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Value is required', { exact: true }).first().waitFor();
    expect(await page.getByText('Value is required', { exact: true }).count()).toBe(9);
    expect(await page.getByLabel('First Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('First Name').fill('Robin');
    await page.getByLabel('Last Name').fill('Karate');
    await page.getByLabel('Email').fill('robin@example.com');
    await page.getByLabel('Phone Number').fill('7055550199');
    await page.getByLabel(/^Password/).fill('kata-and-kumite');
    await page.getByLabel('Confirm Password').fill('kata-and-kumite');
    await page.getByLabel('Address Line 1').fill('12 Dojo Road');
    await page.getByLabel('City').fill('Elliot Lake');
    await page.getByLabel('Province').selectOption('ON');
    await page.getByLabel('Postal Code').fill('D5A 1A1');
    await page.getByText('Please enter a valid Canadian postal code').waitFor();
    await page.getByLabel('Postal Code').fill('p5a 1a1');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL('**/user/pending');
    await page.getByText('robin@example.com').waitFor();
    await page.getByText(/Robin/).first().waitFor();

    const mail = await stack.mail.waitFor((m) => addressText(m.to).includes('robin@example.com'));
    const link = linkIn(mail.text, '/user/verification/');
    expect(link.startsWith(stack.baseUrl)).toBe(true);
    await page.goto(link);
    await page.getByText('Thank you!').waitFor();
    await page.getByRole('link', { name: 'login' }).click();

    await page.waitForURL('**/user/login');
    // The browser that signed up finds its address already in the form.
    expect(await page.getByLabel('Email').inputValue()).toBe('robin@example.com');
    expect(await page.evaluate(() => localStorage.getItem('verifyingEmail'))).toBeNull();
    await signIn(page, 'robin@example.com', 'kata-and-kumite');
    await page.waitForURL(/\/customer\//);
    const stored = await page.evaluate(() => localStorage.getItem('session'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      user: { roles: ['Customer'], userDisplayName: 'Robin Karate' },
    });

    // Logout clears the session and goes home.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${stack.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  });

  it('forgot, follow the mailed reset link, sign in with the new password', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/user/forgot');
    await page.getByLabel('Email').fill(checkIn.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor({ state: 'detached' });
    await page.getByText(`If an account exists for ${checkIn.email}`, { exact: false }).waitFor();

    const mail = await stack.mail.waitFor(
      (m) => addressText(m.to).includes(checkIn.email) && /reset/i.test(m.subject ?? ''),
    );
    await page.goto(linkIn(mail.text, '/user/reset/'));
    const button = page.getByRole('button', { name: 'Reset Password' });
    await page.getByLabel(/^New Password/).fill('a-new-door-password');
    await page.getByLabel('Confirm Password').fill('a-new-door-passwor');
    await expect.poll(() => button.isDisabled(), { timeout: 10_000 }).toBe(true);
    await page.getByLabel('Confirm Password').fill('a-new-door-password');
    await expect.poll(() => button.isDisabled(), { timeout: 10_000 }).toBe(false);
    await button.click();
    await page.getByText('Your password has been changed.').waitFor();
    await expect.poll(() => page.getByLabel(/^New Password/).isDisabled(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('link', { name: 'Proceed to login' }).click();

    await page.waitForURL('**/user/login');
    await signIn(page, checkIn.email, checkIn.password);
    await page.getByText('The e-mail address or password is incorrect.').waitFor();
    await signIn(page, checkIn.email, 'a-new-door-password');
    await page.waitForURL('**/admin/registrations');
  });

  it('a TournamentDirector made with the admin CLI lands on the admin dashboard', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/user');
    await page.waitForURL('**/user/login');
    await signIn(page, director.email, director.password);
    await page.waitForURL('**/admin/dashboard');
  });

  it('a visitor sent to login from a customer page returns there after signing in', async () => {
    await stack.api('POST', '/api/users/register', {
      firstName: 'Sam',
      lastName: 'Sensei',
      email: 'sam@example.com',
      password: 'sam-password-1',
      confirmPassword: 'sam-password-1',
      addressLine1: '1 Main',
      city: 'Elliot Lake',
      province: 'ON',
      postalCode: 'P5A1A1',
      phoneNumber: '7055550100',
    });
    const mail = await stack.mail.waitFor((m) => addressText(m.to).includes('sam@example.com'));
    const hash = linkIn(mail.text, '/user/verification/').split('/').pop();
    expect((await stack.api('PUT', '/api/users/register', { hash })).status).toBe(200);

    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/customer/home/notification-preferences');
    await page.waitForURL('**/user/login');
    await signIn(page, 'sam@example.com', 'sam-password-1');
    await page.waitForURL('**/customer/home/notification-preferences');
  });
});
