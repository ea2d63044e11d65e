import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { kidNames, parentsOf, registerFamily, type Person } from '../src/check-in-fixtures.ts';
import { addressText, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// Communications (decision 024) in the browser against the real server, its job queue and a real
// SMTP server: a director sends a reminder to the incomplete registrations, watches the progress
// reach 100%, each family gets it once with their merge fields filled in, and the unsubscribe link
// works without signing in and is honoured by the next send.

const director: Person = {
  email: 'td@example.test',
  password: 'comms-pass-2026',
  role: 'TournamentDirector',
  first: 'Terry',
  last: 'Director',
};
const [ana, ben, cy] = parentsOf('ABC') as [Person, Person, Person];
const SUBJECT = 'Finish your registration';

async function signIn(page: Page, who: Person) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/dashboard');
}

/** Fills the reminder and sends it, answering Send's question (named `question`). */
async function sendReminder(page: Page, question = 'Send this message?') {
  await page.goto('/admin/communications');
  await page.getByRole('heading', { name: 'Communications', level: 1 }).waitFor();
  await page.getByLabel('Audience').selectOption('incomplete');
  await page.getByLabel('Subject').fill(`${SUBJECT}, {{firstName}}`);
  await page
    .getByLabel('E-mail message')
    .fill('Hi {{firstName}}, the registration of {{competitors}} is not finished yet.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog', { name: question }).getByRole('button', { name: 'Send now' }).click();
}

describe('communications', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [director, ana, ben, cy] }), launchBrowser()]);
    // Ana and Ben have not finished; Cy has (paid at the door).
    await registerFamily(stack, ana, kidNames(1));
    await registerFamily(stack, ben, kidNames(2));
    const done = await registerFamily(stack, cy, kidNames(1));
    const token = await stack.signIn(cy.email, cy.password);
    expect((await stack.api('POST', `/api/registration/checkout/${done}`, undefined, token)).status).toBe(
      200,
    );
    // Four accounts made by the admin CLI, each opening the embedded database: slow on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a director sends a reminder to incomplete registrations, watches it reach 100%, and the unsubscribe link is honoured', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, director);
    await page.goto('/admin/communications');
    await page.getByLabel('Audience').selectOption('incomplete');
    await page.getByLabel('Subject').fill(`${SUBJECT}, {{firstName}}`);
    await page
      .getByLabel('E-mail message')
      .fill('Hi {{firstName}}, the registration of {{competitors}} is not finished yet.');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('E-mail to 2 recipients').waitFor();
    await preview.getByText('Hi Pat, the registration of Kid0 FamilyA is not finished yet.').waitFor();

    // A test goes to the director alone, as that first family would read it.
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    const test = await stack.mail.waitFor((m) => addressText(m.to) === director.email);
    expect(test.subject).toBe(`[Test] ${SUBJECT}, Pat`);
    expect(test.text).toContain('Hi Pat, the registration of Kid0 FamilyA is not finished yet.');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // Send asks first, naming what goes out.
    const ask = page.getByRole('dialog', { name: 'Send this message?' });
    await ask.getByText('It goes out as 2 e-mails and no text.').waitFor();
    await ask.getByRole('button', { name: 'Send now' }).click();
    const progress = page.getByRole('progressbar', { name: 'Sending progress' });
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    await page.getByTestId('send-progress').filter({ hasText: '100% done: 2 sent' }).waitFor();

    // Once each, to the two incomplete families only, merged.
    const reminders = () => stack.mail.messages.filter((m) => m.subject?.startsWith(SUBJECT));
    await stack.mail.waitFor((m) => addressText(m.to) === ben.email && !!m.subject?.startsWith(SUBJECT));
    await stack.mail.waitFor((m) => addressText(m.to) === ana.email && !!m.subject?.startsWith(SUBJECT));
    expect(
      reminders()
        .map((m) => addressText(m.to))
        .sort(),
    ).toEqual([ana.email, ben.email].sort());
    const toBen = reminders().find((m) => addressText(m.to) === ben.email)!;
    expect(toBen.subject).toBe(`${SUBJECT}, Pat`);
    expect(toBen.text).toContain('the registration of Kid0 FamilyB and Kid1 FamilyB is not finished yet.');
    const link = /unsubscribe: (\S+)/.exec(toBen.text ?? '')?.[1];
    // mailparser gathers the List-* headers under `list`.
    const list = toBen.headers.get('list') as { unsubscribe?: { url?: string } } | undefined;
    expect(list?.unsubscribe?.url).toBe(link);

    // Ben unsubscribes from a browser that never signed in.
    const visitor = await newPage(browser, stack.baseUrl);
    await visitor.goto(link!);
    await visitor.getByText(`Stop e-mails from us to ${ben.email}?`).waitFor();
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();

    // The next reminder (the same message, minutes later: Send says so) reaches Ana only; Ben's
    // line says unsubscribed.
    await sendReminder(page, 'Send this message again?');
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    await page.getByTestId('send-progress').filter({ hasText: '1 sent, 0 failed, 1 unsubscribed' }).waitFor();
    await expect.poll(() => reminders().filter((m) => addressText(m.to) === ana.email).length).toBe(2);
    expect(reminders().filter((m) => addressText(m.to) === ben.email)).toHaveLength(1);
    expect(
      await page.getByRole('row').filter({ hasText: 'Incomplete registrations (reminder)' }).count(),
    ).toBe(2);
  });
});
