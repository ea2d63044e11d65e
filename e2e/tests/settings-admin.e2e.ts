import { MESSAGES } from '@tournament/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';
import { english } from '../src/english.ts';

// SuperAdmin settings in the browser (decision 007): a SuperAdmin creates next year's tournament
// and the home page shows it; a flag switched off hides its content without a restart; a
// TournamentDirector opening a settings page sees the permission message. The System page
// (decision 041): a SuperAdmin opens it from the More menu, sends a test e-mail that reaches the
// stack's SMTP server, and /metrics (read from this machine, so without a token) counts it.
const boss = { email: 'boss@example.com', password: 'settings-pass-2026', role: 'SuperAdmin' as const };
const director = { email: 'td@example.com', password: 'ring-side-2026', role: 'TournamentDirector' as const };

const LONG_DATE = new Intl.DateTimeFormat('en-CA', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/**');
}

describe('settings in the browser', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [boss, director] }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("a SuperAdmin creates next year's tournament, removes the old one, and the home page shows the new one", async () => {
    const now = new Date();
    const year = now.getUTCFullYear() + 1;
    const tournamentDate = `${year}-09-18`;
    const today = now.toISOString().slice(0, 10);
    const seeded = (await stack.api<{ tournamentDate: string }[]>('GET', '/api/tournaments')).json[0]!;

    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, boss);
    await page.goto('/admin/tournaments');
    await page.getByRole('button', { name: 'New tournament' }).click();
    await page.getByLabel('Tournament date').fill(tournamentDate);
    await page.getByLabel('Registration opens on').fill(today);
    // A closing day after the tournament is refused beside the field.
    await page.getByLabel('Registration closes after').fill(`${year}-09-19`);
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await expect
      .poll(() => page.getByText('Registration must close before the tournament date').count())
      .toBe(1);
    await page.getByLabel('Registration closes after').fill(`${year}-09-11`);
    await page.getByLabel('City').fill('Blind River');
    await page.getByLabel('Venue').fill('Blind River Community Centre');
    await page.getByRole('button', { name: 'Add schedule line' }).click();
    await page.getByLabel('Schedule line 7, what').fill('Closing ceremony');
    await page.getByLabel('Schedule line 7, when').fill('5:00PM');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await expect
      .poll(() => page.getByText('The tournament was created.').count(), { timeout: 15_000 })
      .toBe(1);

    await page.getByRole('button', { name: `Remove the tournament of ${seeded.tournamentDate}` }).click();
    await page
      .getByRole('button', { name: `Confirm removing the tournament of ${seeded.tournamentDate}` })
      .click();
    await expect
      .poll(() => page.getByText('The tournament was deleted.').count(), { timeout: 15_000 })
      .toBe(1);

    const home = await newPage(browser, stack.baseUrl);
    await home.goto('/');
    const when = LONG_DATE.format(new Date(`${tournamentDate}T00:00:00Z`));
    await expect
      .poll(() => home.getByText(when, { exact: false }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => home.getByText('Blind River Community Centre', { exact: false }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => home.getByText('Online registration is now open!').count()).toBe(1);
    await expect.poll(() => home.getByText('Closing ceremony').count()).toBe(1);

    // The audit log shows who did it.
    await page.goto('/admin/audit-log');
    await expect
      .poll(() => page.getByText('Created Tournament', { exact: false }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByText('Removed Tournament', { exact: false }).count())
      .toBeGreaterThan(0);
  });

  it('an event type in use cannot be removed, and the page says what uses it', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, boss);
    await page.goto('/admin/events');
    await page.getByRole('button', { name: 'New event' }).click();
    await page.getByLabel(/^Event type/).selectOption({ label: 'Weapons' });
    await page.getByLabel('Event name').fill('Weapons (open)');
    await page.getByRole('button', { name: 'Add event' }).click();
    await expect.poll(() => page.getByText('The event was added.').count(), { timeout: 15_000 }).toBe(1);

    await page.goto('/admin/event-types');
    await page.getByRole('button', { name: 'Remove Weapons' }).click();
    await page.getByRole('button', { name: 'Confirm removing Weapons' }).click();
    await expect
      .poll(
        () => page.getByText(/Cannot remove the event type "Weapons": it is used by \d+ events?\./).count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
  });

  it('a flag switched off hides its content at once, without a restart', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, boss);
    // Staff screens carry the staff header (decision 028): the flag shows in the public header,
    // reached in the same tab through "Public site", with no reload.
    const mailingLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Mailing List' });
    const publicSite = async () => {
      await page.getByRole('link', { name: 'Public site' }).click();
      await page
        .getByRole('heading', { level: 1, name: 'Northern Ontario Martial Arts Championship' })
        .waitFor();
    };
    await page.goto('/admin/site-settings');
    await publicSite();
    await expect.poll(() => mailingLink.count(), { timeout: 15_000 }).toBe(1);
    await page.goBack();
    await page.getByLabel('MailingListTab').uncheck();
    await page.getByRole('button', { name: 'Save site settings' }).click();
    await expect
      .poll(() => page.getByText('The site settings were saved.').count(), { timeout: 15_000 })
      .toBe(1);
    await publicSite();
    await expect.poll(() => mailingLink.count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Contact Us' }).count()).toBeGreaterThan(0);

    const visitor = await newPage(browser, stack.baseUrl);
    await visitor.goto('/');
    await expect
      .poll(() => visitor.getByRole('link', { name: 'Contact Us' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await visitor.getByRole('link', { name: 'Mailing List' }).count()).toBe(0);
  });

  it('a SuperAdmin opens the System page from the More menu and a test e-mail reaches the mail server', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, boss);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'System' }).click();
    await page.getByRole('heading', { level: 1, name: 'System' }).waitFor();
    await page.getByText('The embedded database (PGlite), in the data folder.').waitFor();
    await page.getByText('It answers.').waitFor();
    await page.getByText(/^Mail leaves through the SMTP server at 127\.0\.0\.1:\d+\.$/).waitFor();
    await page.getByText('The SMTP server answers.').waitFor();
    await page.getByText('The job queue runs in this process.').waitFor();

    await page.getByRole('button', { name: 'Send a test e-mail' }).click();
    await page.getByText(`A test e-mail went to ${boss.email}. Check that it arrived.`).waitFor();
    const received = await stack.mail.waitFor(
      (m) => m.subject === 'Northern Ontario Martial Arts Championship: test e-mail',
    );
    expect(received.to && 'text' in received.to ? received.to.text : '').toContain(boss.email);

    const metrics = await fetch(`${stack.baseUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^mails_sent_total\{transport="smtp"\} [1-9]\d*$/m);
  });

  it('a TournamentDirector opening a settings page sees the permission message', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, director);
    await page.goto('/admin/tournaments');
    await expect
      .poll(() => page.getByText(english(MESSAGES.noPermission)).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.getByRole('button', { name: 'New tournament' }).count()).toBe(0);
  });
});
