import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addressText, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// Account safety in the browser (decision 018): a tablet that signed in before keeps signing in
// while strangers guessing the password are throttled, and no secret of a mailed link or a
// session reaches the server's log.

const door = { email: 'door@example.com', password: 'door-pass-2026', role: 'CheckInAdmin' as const };
const director = {
  email: 'director@example.com',
  password: 'director-pass-2026',
  role: 'TournamentDirector' as const,
};

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

describe('account safety', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [door, director] }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a tablet that signed in before signs in again after 30 wrong passwords from elsewhere', async () => {
    const tablet = await newPage(browser, stack.baseUrl);
    await tablet.goto('/user/login');
    await signIn(tablet, door.email, door.password);
    await tablet.waitForURL('**/admin/registrations');
    await tablet.getByRole('button', { name: 'Logout' }).click();
    await tablet.waitForURL(`${stack.baseUrl}/`);

    // Someone else guesses the door volunteer's password 30 times.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await stack.api('POST', '/api/users/authenticate', {
        username: door.email,
        password: `guess-${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);

    // A browser that never signed in to it waits, even with the right password.
    const stranger = await newPage(browser, stack.baseUrl);
    await stranger.goto('/user/login');
    await signIn(stranger, door.email, door.password);
    await stranger.getByText('Too many requests', { exact: false }).waitFor();
    expect(stranger.url()).toContain('/user/login');

    // The tablet does not.
    await tablet.goto('/user/login');
    await signIn(tablet, door.email, door.password);
    await tablet.waitForURL('**/admin/registrations');
  });

  it('following a verification link and a reset link, and opening the event stream, leaves no secret in the log', async () => {
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
    const verifyMail = await stack.mail.waitFor((m) => addressText(m.to).includes('sam@example.com'));
    const verifyLink = linkIn(verifyMail.text, '/user/verification/');
    const page = await newPage(browser, stack.baseUrl);
    await page.goto(verifyLink);
    await page.getByText('Thank you!').waitFor();

    await stack.api('POST', '/api/users/forgot', { email: 'sam@example.com' });
    const resetMail = await stack.mail.waitFor(
      (m) => addressText(m.to).includes('sam@example.com') && /reset/i.test(m.subject ?? ''),
    );
    const resetLink = linkIn(resetMail.text, '/user/reset/');
    await page.goto(resetLink);
    await page.getByLabel(/^New Password/).fill('sam-new-password-2');
    await page.getByLabel('Confirm Password').fill('sam-new-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been changed.').waitFor();

    // A staff tablet on check-in opens the event stream with its session.
    const tablet = await newPage(browser, stack.baseUrl);
    await tablet.goto('/user/login');
    await signIn(tablet, director.email, director.password);
    await tablet.waitForURL('**/admin/dashboard');
    const events = tablet.waitForRequest((r) => r.url().includes('/sync/events'), { timeout: 20_000 });
    await tablet.goto('/admin/check-in');
    await events;
    const session = JSON.parse((await tablet.evaluate(() => localStorage.getItem('session'))) ?? '{}') as {
      token?: string;
      refreshToken?: string;
    };

    const secrets = [
      verifyLink.split('/').pop() ?? '',
      resetLink.split('/').pop() ?? '',
      session.token ?? '',
      session.refreshToken ?? '',
    ];
    for (const s of secrets) expect(s.length).toBeGreaterThan(20);
    const log = stack.serverLog();
    // The requests were logged (so the check below looks at real lines), without their secrets.
    expect(log).toContain('/user/verification/[redacted]');
    expect(log).toContain('/user/reset/');
    for (const s of secrets)
      expect(log.includes(s), `a secret of ${s.length} characters is in the log`).toBe(false);
  });
});
