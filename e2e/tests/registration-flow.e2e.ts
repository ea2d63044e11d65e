import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addressText, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// Registration in the browser (decision 009): a parent registers two children in different events,
// adds two spectator passes, sees the total, completes with pay at the door, sees the receipt page,
// gets the receipt mail with its QR code and finds the registration completed on home. A second
// customer cannot open any of it, by API or by URL.
const parent = {
  email: 'parent@example.com',
  password: 'parent-pass-2026',
  role: 'Customer' as const,
  first: 'Pat',
};
const stranger = { email: 'stranger@example.com', password: 'stranger-pass-2026', role: 'Customer' as const };

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function addChild(page: Page, first: string, dateOfBirth: string, events: string[], weightKg?: string) {
  await page.getByRole('link', { name: 'Add competitor' }).click();
  await page.getByRole('heading', { name: 'Add a competitor' }).waitFor();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Karate');
  await page.getByLabel('Date of birth').fill(dateOfBirth);
  await page.getByLabel('Gender').selectOption('2');
  await page.getByLabel('Competitor level').selectOption({ label: 'Beginner' });
  for (const event of events) await page.getByLabel(new RegExp(`^${event}`)).check();
  if (weightKg) await page.getByLabel('Weight (kg)').fill(weightKg);
  await page.getByLabel('Emergency contact name').fill('Pat Karate');
  await page.getByLabel('Emergency contact phone').fill('7055550123');
  await page.getByLabel('Relationship to competitor').fill('Parent');
  await page.getByLabel(/parent or guardian/).check();
  await page.getByRole('button', { name: 'Save competitor' }).click();
  await page.getByText(`${first} Karate`).waitFor();
}

describe('registration in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let registrationId: number;
  let competitorId: number;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [parent, stranger] }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a parent registers two children and two spectators, completes paying at the door and gets the receipt', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, parent.email, parent.password);
    // No completed registration while registration is open: straight to a new registration.
    await page.waitForURL(/\/customer\/registration\/\d+$/);
    registrationId = Number(new URL(page.url()).pathname.split('/').at(-1));

    await addChild(page, 'Ava', '2015-04-02', ['Forms']);
    await addChild(page, 'Noah', '2013-09-20', ['Sparring'], '38');
    await page.getByRole('button', { name: 'Add one of Spectator passes' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Spectator passes' }).textContent()).toBe('1');
    await page.getByRole('button', { name: 'Add one of Spectator passes' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Spectator passes' }).textContent()).toBe('2');
    // 2 x online price (45) + 2 x spectator price (10).
    await expect.poll(() => page.getByTestId('registration-total').textContent()).toBe('Total: $110');

    await page.getByRole('button', { name: 'Continue to confirmation' }).click();
    await page.getByRole('button', { name: /^Pay at the door/ }).click();
    await page.waitForURL(`**/customer/registration/${registrationId}/receipt`);
    await page.getByRole('heading', { name: 'Registration confirmed: pay at the door' }).waitFor();
    expect(await page.getByTestId('balance-owing').textContent()).toBe('$110');
    const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    await page.getByRole('img', { name: 'Check-in QR code' }).waitFor();

    const mail = await stack.mail.waitFor(
      (m) => addressText(m.to).includes(parent.email) && /receipt/i.test(m.subject ?? ''),
    );
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain('Balance owing: $110');
    expect(mail.text).toContain(`${stack.baseUrl}/customer/registration/${registrationId}/receipt`);
    const qr = mail.attachments.find((a) => a.cid === 'checkin-qr');
    expect(qr?.contentType).toBe('image/png');
    expect(qr?.content.subarray(1, 4).toString()).toBe('PNG');
    // The HTML shows the QR inline (mailparser turns its cid: link into the image's data URL).
    expect(mail.html || '').toMatch(
      /<img src="(cid:checkin-qr|data:image\/png;base64,[^"]+)" alt="Check-in QR code"/,
    );

    await page.goto('/customer/home');
    await page.getByText('Your registration: Completed').waitFor();
    await page.getByRole('link', { name: `Receipt ${code}` }).waitFor();

    const token = await stack.signIn(parent.email, parent.password);
    const reg = await stack.api<{ competitors: { id: number }[] }>(
      'GET',
      `/api/registration/${registrationId}`,
      undefined,
      token,
    );
    competitorId = reg.json.competitors[0]?.id ?? 0;
    expect(competitorId).toBeGreaterThan(0);
  });

  it("a second customer cannot open the first one's registration, competitor or receipt, by API or by URL", async () => {
    const token = await stack.signIn(stranger.email, stranger.password);
    for (const path of [
      `/api/registration/${registrationId}`,
      `/api/registration/competitor/${competitorId}`,
      `/api/registration/receipt/${registrationId}`,
    ]) {
      const res = await stack.api('GET', path, undefined, token);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.text).not.toContain('Ava');
    }

    const page = await newPage(browser, stack.baseUrl);
    await signIn(page, stranger.email, stranger.password);
    await page.waitForURL(/\/customer\/registration\/\d+$/);
    await page.goto(`/customer/registration/${registrationId}`);
    await page.getByText('The requested resource was not found').waitFor();
    expect(await page.getByText('Ava Karate').count()).toBe(0);
    await page.goto(`/customer/registration/${registrationId}/competitor/${competitorId}`);
    await page.getByText('The requested resource was not found').waitFor();
    expect(await page.getByLabel('First name').count()).toBe(0);
    await page.goto(`/customer/registration/${registrationId}/receipt`);
    // No receipt of one's own there: the receipt page goes home, which sends this customer
    // (nothing completed, registration open) on to their own registration.
    await page.waitForURL((url) => !url.pathname.endsWith('/receipt'));
    expect(await page.getByTestId('confirmation-code').count()).toBe(0);
  });
});
