import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminRegistrationDetail,
  PullResponse,
  SyncCompetitor,
  SyncPayment,
  SyncRegistration,
} from '@tournament/shared';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import {
  dana,
  goOffline,
  goOnline,
  pendingText,
  portRange,
  probeToken,
  tabletRack,
} from '../src/check-in-fixtures.ts';

// A walk-in at the door, end to end (decisions 015 and 016). The tablet loads the levels, events
// and door price once online, then registers, takes cash and checks in with no network; back online
// the server has the registration at the door price, its receipt, the payment and the check-in,
// once, and the end-of-day totals count it.

let stack: Stack;
let browser: Browser;
const rack = tabletRack(() => browser, portRange(3950));

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ users: [dana] }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
});

async function serverRows() {
  const id = `probe-${Math.random()}`;
  const res = await stack.api<PullResponse>(
    'POST',
    '/sync/pull',
    { clientGroupId: id, clientId: id, cookie: null, scope: 'checkin' },
    await probeToken(stack),
  );
  expect(res.status).toBe(200);
  const out = {
    registrations: [] as SyncRegistration[],
    competitors: [] as SyncCompetitor[],
    payments: [] as SyncPayment[],
  };
  for (const op of res.json.patch) {
    if (op.op !== 'put') continue;
    if (op.entity === 'registrations') out.registrations.push(...op.rows);
    if (op.entity === 'competitors') out.competitors.push(...op.rows);
    if (op.entity === 'payments') out.payments.push(...op.rows);
  }
  return out;
}

describe('walk-in at the door', () => {
  it('registers, takes cash and checks in offline in one form; online again the server has it once with its receipt', async () => {
    const t = await rack.open(stack, dana, { path: '/admin/walk-in', heading: 'Walk-in registration' });
    const { page } = t;
    // The levels and events came from the server once; offline they come from the device.
    await page
      .locator('#wi-c0-competitorLevelId option', { hasText: 'Beginner' })
      .waitFor({ state: 'attached' });
    await goOffline(t);
    await page.reload();
    await page.getByRole('heading', { name: 'Walk-in registration', level: 1 }).waitFor();
    await page
      .locator('#wi-c0-competitorLevelId option', { hasText: 'Beginner' })
      .waitFor({ state: 'attached' });

    await page.locator('#wi-contact-firstName').fill('Sam');
    await page.locator('#wi-contact-lastName').fill('Walker');
    await page.locator('#wi-contact-phone').fill('7055550123');
    const kid = page.getByTestId('walk-in-competitor');
    await page.locator('#wi-c0-firstName').fill('Ana');
    await page.locator('#wi-c0-lastName').fill('Walker');
    await page.locator('#wi-c0-dateOfBirth').fill('2015-03-02');
    await page.locator('#wi-c0-gender').selectOption({ label: 'Female' });
    await page.locator('#wi-c0-competitorLevelId').selectOption({ label: 'Beginner' });
    await kid.getByLabel('Forms', { exact: true }).check();
    await page.locator('#wi-c0-emergencyContactName').fill('Sam Walker');
    await page.locator('#wi-c0-emergencyContactPhone').fill('7055550123');
    await page.locator('#wi-c0-emergencyContactRelationship').fill('Parent');

    // Under 18 without consent: the shared rule stops it, beside the field, and nothing is queued.
    await page.getByRole('button', { name: 'Register walk-in' }).click();
    await page.getByText('A parent or guardian must consent for a competitor under 18').waitFor();
    expect(await pendingText(page).textContent()).toBe('All changes sent');
    await kid.getByLabel(/A parent or guardian consents/).check();

    await page.locator('#wi-spectators').fill('1');
    // Door price 60 for the competitor and 10 for the spectator.
    expect(await page.getByTestId('walk-in-total').textContent()).toBe('Total at the door: $70');
    expect(await page.locator('#wi-payment-amount').inputValue()).toBe('70');
    expect(await page.getByRole('checkbox', { name: 'Check in now' }).isChecked()).toBe(true);
    await page.locator('#wi-payment-tendered').fill('100');
    expect(await page.getByTestId('change-due').textContent()).toBe('Change due $30');
    await page.getByRole('button', { name: 'Register walk-in' }).click();

    const done = page.getByTestId('walk-in-done');
    await done.waitFor();
    expect(await done.getByRole('heading').textContent()).toBe('Walk-in registered: Walker, Sam');
    expect(await done.textContent()).toContain('Not yet sent');
    expect(await done.getByTestId('balance').textContent()).toBe('Paid in full');
    expect(await done.getByTestId('walk-in-competitor-status').textContent()).toMatch(
      /^Ana Walker Checked in at /,
    );
    expect(await pendingText(page).textContent()).toBe('1 change not yet sent');

    // The day's totals count it while still offline.
    await done.getByRole('link', { name: 'Open in payments' }).click();
    await expect.poll(() => page.getByTestId('balance-text').textContent()).toBe('Paid in full');
    expect(await page.getByTestId('payment-row').textContent()).toContain('Not yet sent');
    expect(await page.getByTestId('total-cash').textContent()).toContain('$70');
    expect(await serverRows()).toMatchObject({ registrations: [], payments: [] });

    await goOnline(t);
    await expect.poll(() => pendingText(page).textContent(), { timeout: 30_000 }).toBe('All changes sent');
    // The server's rows replace the provisional ones: a receipt code, and still one payment.
    await expect
      .poll(() => page.getByTestId('payments-registration').textContent(), { timeout: 15_000 })
      .toMatch(/Receipt [A-Z0-9]{8}/);
    expect(await page.getByTestId('payment-row').count()).toBe(1);
    expect(await page.getByTestId('payment-row').textContent()).not.toContain('Not yet sent');
    expect(await page.getByTestId('total-cash').textContent()).toContain('$70');
    expect(await page.getByTestId('total-door').textContent()).toContain('$70');
    expect(await page.getByTestId('door-rejections').count()).toBe(0);

    const rows = await serverRows();
    expect(rows.registrations).toHaveLength(1);
    const r = rows.registrations[0]!;
    expect(r).toMatchObject({
      familyName: 'Walker',
      ownerFirstName: 'Sam',
      isWalkIn: true,
      isCompleted: true,
      cost: 70,
      amountPaid: 70,
      balanceOwing: 0,
    });
    expect(r.id).toBeGreaterThan(0);
    expect(r.confirmationCodes).toHaveLength(1);
    expect(rows.competitors).toEqual([
      expect.objectContaining({ registrationId: r.id, firstName: 'Ana', checkedInByName: 'Dana Door' }),
    ]);
    expect(rows.competitors[0]?.checkedInAt).not.toBeNull();
    expect(rows.payments).toEqual([
      expect.objectContaining({ registrationId: r.id, method: 'cash', amount: 70, tendered: 100 }),
    ]);
    const detail = await stack.api<AdminRegistrationDetail>(
      'GET',
      `/api/admin/registrations/${r.id}`,
      undefined,
      await probeToken(stack),
    );
    expect(detail.status).toBe(200);
    expect(detail.json.receipts.map((x) => x.confirmationCode)).toContain(r.confirmationCodes[0]);
    expect(detail.json.payments).toHaveLength(1);
  }, 180_000);
});
