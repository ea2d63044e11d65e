import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import { addressText, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// The registrations desk and "view as this customer", in the browser against a real
// server (docs/decisions/014-registrations-desk-and-impersonation.md). A family registers and
// completes through the API; a check-in admin finds it, opens it and resends its receipt (the
// mail arrives at the SMTP catcher); a tournament director views the site as the parent: the
// banner shows, requests carry UserContext, the server log and audit log name actor and
// subject, and leaving /admin ends it.
const parent = {
  email: 'pat@example.com',
  password: 'parent-pass-2026',
  role: 'Customer' as const,
  first: 'Pat',
  last: 'Karate',
};
const other = {
  email: 'robin@example.com',
  password: 'other-pass-2026',
  role: 'Customer' as const,
  first: 'Robin',
  last: 'Banks',
};
const desk = {
  email: 'desk@example.com',
  password: 'desk-pass-2026',
  role: 'CheckInAdmin' as const,
  first: 'Dana',
  last: 'Desk',
};
const director = {
  email: 'td@example.com',
  password: 'director-pass-2026',
  role: 'TournamentDirector' as const,
  first: 'Terry',
  last: 'Director',
};
const admin = { email: 'root@example.com', password: 'super-pass-2026', role: 'SuperAdmin' as const };

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The person id in an access token's payload. */
function personIdOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    personId: number;
  };
  return payload.personId;
}

describe('staff registrations desk and view as', () => {
  let stack: Stack;
  let browser: Browser;
  let registrationId: number;
  let otherRegistrationId: number;
  let code: string;
  let parentId: number;

  /** A registration with one competitor for `who`, completed (pay at the door) when asked. */
  async function register(who: { email: string; password: string }, firstName: string, complete: boolean) {
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
      formsCompetitor(options, id, firstName, 'Karate'),
      token,
    );
    expect(added.status).toBe(200);
    if (complete)
      expect((await stack.api('POST', `/api/registration/checkout/${id}`, undefined, token)).status).toBe(
        200,
      );
    return { id, token };
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({ users: [parent, other, desk, director, admin] }),
      launchBrowser(),
    ]);
    const mine = await register(parent, 'Ava', true);
    registrationId = mine.id;
    parentId = personIdOf(mine.token);
    otherRegistrationId = (await register(other, 'Zoe', false)).id;
    const receipt = await stack.api<{ confirmationCode: string }>(
      'GET',
      `/api/registration/receipt/${registrationId}`,
      undefined,
      mine.token,
    );
    code = receipt.json.confirmationCode;
    await stack.mail.waitFor(
      (m) => addressText(m.to).includes(parent.email) && (m.subject ?? '').includes(code),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a check-in admin searches, filters, opens a registration and resends its receipt', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, desk.email, desk.password);
    await page.waitForURL('**/admin/registrations');
    await page.getByRole('heading', { name: 'Registrations' }).waitFor();
    // Both families first; then only the complete one.
    await page.getByRole('link', { name: 'Pat Karate' }).waitFor();
    await page.getByRole('link', { name: 'Robin Banks' }).waitFor();
    await page.getByLabel('Complete', { exact: true }).selectOption('true');
    await expect.poll(() => page.getByRole('link', { name: 'Robin Banks' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Pat Karate' }).waitFor();
    // Export CSV downloads the filtered rows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^Registration,Family,/);
    expect(csv).toContain(`Pat Karate,${parent.email}`);
    expect(csv).toContain(code);
    expect(csv).not.toContain('Robin Banks');
    // Search by the confirmation code, then by a name that matches nobody.
    await page.getByRole('searchbox', { name: /Search/ }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: 'Pat Karate' }).waitFor();
    await page.getByRole('searchbox', { name: /Search/ }).fill('Nobody');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No registrations match this search and these filters.').waitFor();
    await page.getByRole('searchbox', { name: /Search/ }).fill('Ava');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await page.getByRole('link', { name: 'Pat Karate' }).click();
    await page.waitForURL(`**/admin/registration/${registrationId}`);
    const staff = page.getByRole('region', { name: 'Staff details' });
    await staff.getByText(parent.email).waitFor();
    await staff.getByText('Ava Karate:').waitFor();
    await staff.getByText('Not checked in').waitFor();
    await staff.getByText(code).waitFor();
    // A check-in admin cannot view as the customer.
    expect(await staff.getByRole('button', { name: 'View as this customer' }).count()).toBe(0);

    const before = stack.mail.messages.length;
    await staff.getByRole('button', { name: 'Resend receipt' }).click();
    await page.getByText(`The receipt was sent again to ${parent.email}.`).waitFor();
    const mail = await stack.mail.waitFor(
      (m) => stack.mail.messages.indexOf(m) >= before && addressText(m.to).includes(parent.email),
    );
    expect(mail.subject).toContain(code);
    expect(mail.attachments.some((a) => a.cid === 'checkin-qr')).toBe(true);
  });

  it('a director views as the customer: banner, UserContext on requests, logged and audited, ended by leaving /admin', async () => {
    const page = await newPage(browser, stack.baseUrl);
    const requests: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(r);
    });
    const userContextOf = (r: Request) => r.headers()['usercontext'];

    await signIn(page, director.email, director.password);
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`/admin/registration/${registrationId}`);
    const staff = page.getByRole('region', { name: 'Staff details' });
    await staff.getByRole('button', { name: 'View as this customer' }).click();
    const banner = page.getByRole('status', { name: 'Viewing as a customer' });
    await banner.getByText('Viewing as Pat Karate', { exact: true }).waitFor();
    // The staff panel is gone; the page below is the customer's own, fetched as them.
    await expect.poll(() => staff.count()).toBe(0);
    await page.getByRole('heading', { name: 'Online Registration', exact: true }).waitFor();
    await expect
      .poll(() =>
        requests.filter((r) => userContextOf(r) === String(parentId)).map((r) => new URL(r.url()).pathname),
      )
      .toContain(`/api/registration/${registrationId}`);

    // The desk while viewing as: the parent's own registrations, not everyone's.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Registrations' })
      .click();
    await page.getByRole('heading', { name: 'Registrations of Pat Karate' }).waitFor();
    await page.getByRole('link', { name: `Registration #${registrationId}` }).waitFor();
    expect(await page.getByRole('link', { name: `Registration #${otherRegistrationId}` }).count()).toBe(0);
    const getAll = requests.find((r) => new URL(r.url()).pathname.startsWith('/api/registration/getAll/'));
    expect(getAll && userContextOf(getAll)).toBe(String(parentId));
    // Every request sent while viewing as carried the header; none went to a staff-only route.
    const during = requests.filter((r) => userContextOf(r) !== undefined);
    expect(during.every((r) => userContextOf(r) === String(parentId))).toBe(true);
    expect(during.some((r) => new URL(r.url()).pathname.startsWith('/api/admin/registrations'))).toBe(false);

    // The server logged actor and subject, and the audit log has the start.
    const directorId = personIdOf(await stack.signIn(director.email, director.password));
    await expect
      .poll(() =>
        stack
          .serverLog()
          .split('\n')
          .some(
            (line) =>
              line.includes('"msg":"impersonation"') &&
              line.includes(`"actorId":${directorId}`) &&
              line.includes(`"subjectId":${parentId}`),
          ),
      )
      .toBe(true);
    const rootToken = await stack.signIn(admin.email, admin.password);
    const audit = await stack.api<{ actorUserId: number; entityId: number; actorName: string }[]>(
      'GET',
      '/api/admin/audit-log?entity=impersonation',
      undefined,
      rootToken,
    );
    expect(audit.json).toEqual([
      expect.objectContaining({ actorUserId: directorId, entityId: parentId, actorName: 'Terry Director' }),
    ]);

    // Leaving /admin ends it: no banner when back, the staff desk again, no header sent.
    // The customer area's first requests already go without the header.
    const leaving = requests.length;
    // Staff screens carry the staff header (decision 028): the public site is one link away.
    await page.getByRole('banner').getByRole('link', { name: 'Public site' }).click();
    await page.getByRole('link', { name: 'Online Registration' }).click();
    await page.waitForURL(/\/customer\//);
    await expect.poll(() => requests.length).toBeGreaterThan(leaving);
    expect(requests.slice(leaving).filter((r) => userContextOf(r) !== undefined)).toEqual([]);
    const sentBefore = requests.length;
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL('**/admin/registrations');
    await page.getByRole('link', { name: 'Robin Banks' }).waitFor();
    expect(await banner.count()).toBe(0);
    const after = requests.slice(sentBefore);
    expect(after.some((r) => new URL(r.url()).pathname === '/api/admin/registrations')).toBe(true);
    expect(requests.slice(leaving).filter((r) => userContextOf(r) !== undefined)).toEqual([]);
  });
});
