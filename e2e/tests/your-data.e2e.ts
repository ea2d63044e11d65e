import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import { launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// A family's data and who looked at it (docs/decisions/045-data-export-and-access-log.md): a
// director opens a family's registration on the desk; a super admin finds that view on the
// access log page; the parent, on a phone, downloads their data from /customer/home and the ZIP
// holds every table, their file, and the director's view, and nothing of another family's.
const parent = {
  email: 'pat@example.com',
  password: 'parent-pass-2026',
  role: 'Customer' as const,
  first: 'Pat',
  last: 'Lee',
};
const other = {
  email: 'robin@example.com',
  password: 'other-pass-2026',
  role: 'Customer' as const,
  first: 'Robin',
  last: 'Banks',
};
/** Signed up, nothing registered yet: the customer home sends them to registering. */
const newcomer = {
  email: 'nova@example.com',
  password: 'newcomer-pass-2026',
  role: 'Customer' as const,
  first: 'Nova',
  last: 'Stone',
};
const director = {
  email: 'td@example.com',
  password: 'director-pass-2026',
  role: 'TournamentDirector' as const,
  first: 'Terry',
  last: 'Director',
};
const boss = {
  email: 'boss@example.com',
  password: 'boss-pass-2026',
  role: 'SuperAdmin' as const,
  first: 'Sam',
  last: 'Boss',
};

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/'));
}

describe('your data and the access log', () => {
  let stack: Stack;
  let browser: Browser;
  let registrationId: number;

  /** A completed registration with one competitor, through the API; its id. */
  async function register(who: { email: string; password: string }, firstName: string) {
    const token = await stack.signIn(who.email, who.password);
    const tournamentId = (await stack.api<{ id: number }[]>('GET', '/api/tournaments')).json[0]?.id;
    const options = (
      await stack.api<RegistrationOptionsSeen>(
        'GET',
        `/api/registration/options/${tournamentId}`,
        undefined,
        token,
      )
    ).json;
    const id = (
      await stack.api<{ registrationId: number }>(
        'POST',
        `/api/registration/create/${tournamentId}`,
        undefined,
        token,
      )
    ).json.registrationId;
    const added = await stack.api(
      'POST',
      '/api/registration/competitor',
      formsCompetitor(options, id, firstName, 'Lee'),
      token,
    );
    expect(added.status).toBe(200);
    // Completed (to pay at the door): otherwise the home page sends the family to registering.
    const checkout = await stack.api('POST', `/api/registration/checkout/${id}`, undefined, token);
    expect(checkout.status, checkout.text).toBe(200);
    return id;
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({ users: [parent, other, newcomer, director, boss] }),
      launchBrowser(),
    ]);
    registrationId = await register(parent, 'Maya');
    await register(other, 'Zoe');
    const form = new FormData();
    form.set('registrationId', String(registrationId));
    form.set('file', new File([Buffer.from('%PDF-1.4\n% Maya waiver\n%%EOF\n')], 'Maya waiver.pdf'));
    const res = await fetch(`${stack.baseUrl}/api/files`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await stack.signIn(parent.email, parent.password)}` },
      body: form,
    });
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("a director's view of a family's registration is on the super admin's access log", async () => {
    const staff = await newPage(browser, stack.baseUrl);
    await signIn(staff, director);
    await staff.goto(`/admin/registration/${registrationId}`);
    await staff.getByText('Maya Lee').first().waitFor();

    const root = await newPage(browser, stack.baseUrl);
    await root.setViewportSize({ width: 1280, height: 800 });
    await signIn(root, boss);
    await root.goto('/admin/access-log');
    const log = root.getByTestId('access-log');
    await log.getByText('Viewed details').waitFor();
    expect(await log.getByText('Terry Director').count()).toBeGreaterThan(0);
    expect(await log.getByText('pat@example.com').count()).toBeGreaterThan(0);
    // Filtered to another family: none of Pat's entries.
    await root.getByLabel('Family (name or e-mail)').fill('robin');
    await root.getByText('No access recorded.').waitFor();
    await root.getByLabel('Family (name or e-mail)').fill('');
    await root.getByLabel('Kind').selectOption('details');
    await log.getByText(`Registration #${registrationId}`).waitFor();
    expect(await root.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('a parent downloads their data from /customer/home on a phone: a ZIP of every table, their file and the staff view', async () => {
    const phone = await newPage(browser, stack.baseUrl);
    await phone.setViewportSize({ width: 360, height: 780 });
    await signIn(phone, parent);
    await phone.goto('/customer/home');
    const section = phone.getByRole('region', { name: 'Your data' });
    await section.waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      section.getByRole('button', { name: 'Download my data', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = (await download.path()) ?? '';
    const names = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n').sort();
    expect(names.filter((n) => !n.startsWith('files/'))).toEqual([
      'account.csv',
      'competitors.csv',
      'consent-records.csv',
      'contacts.csv',
      'files.csv',
      'messages.csv',
      'my-data.json',
      'payments.csv',
      'receipts.csv',
      'registrations.csv',
      'sign-ins.csv',
      'staff-access.csv',
      'unsubscribed.csv',
    ]);
    expect(names.filter((n) => n.startsWith('files/'))).toEqual([
      expect.stringMatching(/^files\/.+-Maya waiver\.pdf$/),
    ]);
    const data = JSON.parse(execFileSync('unzip', ['-p', file, 'my-data.json']).toString());
    expect(data.account.email).toBe(parent.email);
    expect(data.competitors.map((c: { firstName: string }) => c.firstName)).toEqual(['Maya']);
    expect(data.staffAccess.map((a: { who: string; kind: string }) => [a.who, a.kind])).toEqual([
      ['Terry Director', 'details'],
      ['Pat Lee', 'export'],
    ]);
    const everything = execFileSync('unzip', ['-p', file]).toString();
    expect(everything).not.toContain('Zoe');
    expect(everything).not.toContain(other.email);
  });

  it('a family still registering reaches "Your data" from the footer of the registration page', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, newcomer);
    await page.goto('/customer/home');
    await page.waitForURL(/\/customer\/registration\/\d+$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Your data' }).click();
    await page.waitForURL('**/customer/your-data');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByRole('heading', { level: 1, name: 'Your data' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download my data', exact: true }).click(),
    ]);
    const data = JSON.parse(
      execFileSync('unzip', ['-p', (await download.path()) ?? '', 'my-data.json']).toString(),
    );
    expect(data.account.email).toBe(newcomer.email);
    await section.getByRole('button', { name: 'Delete my account' }).waitFor();
  });
});
