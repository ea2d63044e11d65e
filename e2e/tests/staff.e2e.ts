import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressText, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';
import { storeSession, type Person } from '../src/check-in-fixtures.ts';

// The Staff page (docs/decisions/049-staff-invites.md): a super admin invites a volunteer by
// e-mail as a ring official; the volunteer follows the mailed link, chooses a password and lands
// on the matchday screen; the link does not work twice; once revoked, the volunteer's session is
// refused at its next request.

const admin: Person = {
  email: 'root@example.test',
  password: 'root-pass-2026',
  role: 'SuperAdmin',
  first: 'Root',
  last: 'Admin',
};
const VOLUNTEER = 'robin.vale@example.test';

function linkIn(text: string | undefined, path: string): string {
  const url = (text ?? '').match(new RegExp(`https?://\\S+${path}\\S+`))?.[0];
  if (!url) throw new Error(`no ${path} link in the mail:\n${text}`);
  return url;
}

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ users: [admin] }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the Staff page', () => {
  it('a super admin invites a ring official, who sets a password from the mail and lands on matchday; the link works once; revoking ends the session', async () => {
    const root = await newPage(browser, stack.baseUrl);
    await storeSession(root, stack, admin);
    await root.goto('/admin/staff');
    await root.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    const form = root.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel(/^E-mail/).fill(VOLUNTEER);
    await form.getByLabel(/^First name/).fill('Robin');
    await form.getByLabel(/^Last name/).fill('Vale');
    await form.getByLabel(/^Role/).selectOption({ label: 'Ring official' });
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await root.getByTestId('staff-invites').getByText(VOLUNTEER).waitFor();

    // The volunteer's mail, through real SMTP.
    const mail = await stack.mail.waitFor((m) => addressText(m.to).includes(VOLUNTEER));
    const link = linkIn(mail.text, '/user/invite/');

    const volunteer = await newPage(browser, stack.baseUrl);
    await volunteer.goto(link);
    await volunteer.getByRole('heading', { name: 'Welcome to the team' }).waitFor();
    await volunteer.getByLabel(/^New Password/).fill('robin-rings-2026');
    await volunteer.getByLabel(/^Confirm Password/).fill('robin-rings-2026');
    await volunteer.getByRole('button', { name: 'Set password and sign in' }).click();
    await volunteer.waitForURL((url) => url.pathname === '/admin/matchday', { timeout: 30_000 });
    const session = await volunteer.evaluate(
      () => JSON.parse(localStorage.getItem('session') ?? 'null') as { token: string; refreshToken: string },
    );
    expect(session?.token).toBeTruthy();
    expect((await stack.api('GET', '/api/users/privacy-policy', undefined, session.token)).status).toBe(200);

    // The same link a second time: a clear page, and nothing changes.
    const again = await newPage(browser, stack.baseUrl);
    await again.goto(link);
    await again.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await again.getByText(/already used, it expired after 72 hours, or it was withdrawn/).waitFor();
    expect(
      (
        await stack.api('POST', '/api/users/invite/accept', {
          token: link.split('/').pop(),
          password: 'taken-over-2026',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await stack.api('POST', '/api/users/authenticate', {
          username: VOLUNTEER,
          password: 'robin-rings-2026',
        })
      ).status,
    ).toBe(200);

    // The super admin sees the account with its last sign-in (not "Never"), and revokes it.
    await root.reload();
    const row = root.getByTestId('staff-accounts').locator('tr', { hasText: VOLUNTEER });
    await row.getByRole('cell', { name: 'Ring official', exact: true }).waitFor();
    expect(await row.getByText('Never').count()).toBe(0);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect
      .poll(() => root.getByTestId('staff-accounts').getByText(VOLUNTEER).count(), { timeout: 20_000 })
      .toBe(0);

    // The volunteer's next request is refused, and the session cannot be refreshed.
    expect((await stack.api('GET', '/api/users/privacy-policy', undefined, session.token)).status).toBe(401);
    expect(
      (await stack.api('POST', '/api/users/refresh', { refreshToken: session.refreshToken })).status,
    ).toBe(401);
  }, 180_000);
});
