import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  AdminRegistrationDetail,
  PullResponse,
  SyncPayment,
  SyncRegistration,
} from '@tournament/shared';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import {
  dana,
  deviceRows,
  goOffline,
  goOnline,
  parentsOf,
  pendingText,
  portRange,
  probeToken,
  registerFamily,
  serverCompetitors,
  storeSession,
  tabletRack,
  PASSWORD,
  type Person,
  tapCheckIn,
} from '../src/check-in-fixtures.ts';

// Door payments (decisions 015 and 016): a check-in admin takes a cash payment offline and checks
// the family in; back online (with a lost push answer, so the push is sent again) the server holds
// the payment once, and a director's dashboard on another device shows the check-in and the door
// revenue once.

const [parent, parentB] = parentsOf('AB');
const sue: Person = {
  email: 'sue@example.test',
  password: PASSWORD,
  role: 'SuperAdmin',
  first: 'Sue',
  last: 'Super',
};
const director: Person = {
  email: 'tess@example.test',
  password: PASSWORD,
  role: 'TournamentDirector',
  first: 'Tess',
  last: 'Director',
};
const PAYMENTS = { path: '/admin/payments', heading: 'Payments' };

let stack: Stack;
let browser: Browser;
let registrationId: number;
let registrationB: number;
const rack = tabletRack(() => browser, portRange(3900));

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ users: [dana, director, sue, parent!, parentB!] }),
    launchBrowser(),
  ]);
  registrationId = await registerFamily(stack, parent!, ['Ava']);
  registrationB = await registerFamily(stack, parentB!, ['Bea']);
}, 180_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
});

/** The payments of the next tournament as the server has them (a fresh device's first pull). */
async function serverPayments(): Promise<{ payments: SyncPayment[]; registrations: SyncRegistration[] }> {
  const id = `probe-${Math.random()}`;
  const res = await stack.api<PullResponse>(
    'POST',
    '/sync/pull',
    { clientGroupId: id, clientId: id, cookie: null, scope: 'checkin' },
    await probeToken(stack),
  );
  expect(res.status).toBe(200);
  const payments: SyncPayment[] = [];
  const registrations: SyncRegistration[] = [];
  for (const op of res.json.patch) {
    if (op.op !== 'put') continue;
    if (op.entity === 'payments') payments.push(...op.rows);
    if (op.entity === 'registrations') registrations.push(...op.rows);
  }
  return { payments, registrations };
}

const balanceText = (page: Page) => page.getByTestId('balance-text');

describe('door payments', () => {
  it('cash taken offline with change due, a check-in, a reload offline; online again it is recorded once and the dashboard shows it once', async () => {
    const t = await rack.open(stack, dana, PAYMENTS);
    const { page, proxy } = t;

    // Find the family with a balance, as staff would.
    await page.getByLabel('Search by name or confirmation code').fill('FamilyA');
    const family = page.getByTestId('payments-family').filter({ hasText: 'FamilyA, Pat' });
    await expect.poll(() => family.getByTestId('balance').textContent()).toBe('Balance owing: $45');
    await family.getByRole('button', { name: 'Take payment from FamilyA, Pat' }).click();
    await expect.poll(() => balanceText(page).textContent()).toBe('Balance owing: $45');
    expect(page.url()).toContain(`registration=${registrationId}`);

    await goOffline(t);
    await page.getByLabel(/^Amount \(\$\)/).fill('40');
    await page.getByLabel(/^Amount tendered/).fill('50');
    expect(await page.getByTestId('change-due').textContent()).toBe('Change due $10');
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect
      .poll(() => page.getByTestId('payment-recorded').textContent())
      .toBe('Cash payment of $40 recorded. Change due $10.');
    await expect.poll(() => balanceText(page).textContent()).toBe('Balance owing: $5');
    const row = page.getByTestId('payment-row');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('Not yet sent');
    expect(await page.getByTestId('total-cash').textContent()).toContain('$40');

    // Check the family in, still offline (the check-in screen comes from the service worker),
    // once the payment is stored, not only shown.
    await expect.poll(() => deviceRows(page, 'outbox')).toBe(1);
    await page.goto('/admin/check-in');
    // The family still owes $5: the check-in asks first (decision 028).
    await tapCheckIn(page, 'Ava FamilyA');
    await expect.poll(() => pendingText(page).textContent()).toBe('2 changes not yet sent');

    // A reload with no network, once both are stored: both are still there.
    await expect.poll(() => deviceRows(page, 'outbox')).toBe(2);
    await page.reload();
    await page.getByRole('button', { name: 'Undo check-in of Ava FamilyA' }).waitFor();
    await page.goto(`/admin/payments?registration=${registrationId}`);
    await expect.poll(() => balanceText(page).textContent()).toBe('Balance owing: $5');
    expect(await page.getByTestId('payment-row').textContent()).toContain('Not yet sent');
    expect(await pendingText(page).textContent()).toBe('2 changes not yet sent');
    expect((await serverPayments()).payments).toEqual([]);

    // Back online, but the first push answers are lost after the server committed: the
    // tablet sends the same payment again.
    proxy.dropResponses({ path: '/sync/push', fraction: 1, seed: 7 });
    await goOnline(t);
    await expect.poll(() => proxy.dropStats().dropped, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    proxy.dropResponses(null);
    await expect.poll(() => pendingText(page).textContent(), { timeout: 30_000 }).toBe('All changes sent');
    expect(await page.getByTestId('door-rejections').count()).toBe(0);
    await expect.poll(() => page.getByTestId('payment-row').textContent()).not.toContain('Not yet sent');
    // The receipt updates: the payment completed the registration and issued one.
    await expect
      .poll(() => page.getByTestId('payments-registration').textContent(), { timeout: 15_000 })
      .toMatch(/Receipt [A-Z0-9]{8}/);

    // The server: one payment, with its change, and one check-in.
    const { payments, registrations } = await serverPayments();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      registrationId,
      method: 'cash',
      amount: 40,
      tendered: 50,
      recordedByName: 'Dana Door',
      voided: false,
    });
    expect(registrations.find((r) => r.id === registrationId)).toMatchObject({
      amountPaid: 40,
      balanceOwing: 5,
    });
    const checkedIn = (await serverCompetitors(stack)).filter((c) => c.checkedInAt);
    expect(checkedIn.map((c) => c.firstName)).toEqual(['Ava']);
    const detail = await stack.api<AdminRegistrationDetail>(
      'GET',
      `/api/admin/registrations/${registrationId}`,
      undefined,
      await probeToken(stack),
    );
    expect(detail.status).toBe(200);
    expect(detail.json.payments.filter((p) => p.method === 'cash')).toHaveLength(1);
    expect(detail.json.receipts).toHaveLength(1);

    // A director on another device: the dashboard counts them once.
    const context = await browser.newContext({ baseURL: stack.baseUrl });
    rack.track(context);
    const desk = await context.newPage();
    await storeSession(desk, stack, director);
    await desk.goto('/admin/dashboard');
    await expect
      .poll(() => desk.getByTestId('dashboard-revenue-door').textContent(), { timeout: 15_000 })
      .toBe('$40');
    expect(await desk.getByTestId('dashboard-checked-in').textContent()).toBe('1 of 1 checked in');
  }, 180_000);

  it('a SuperAdmin voids a card payment with a reason: kept on record, voided, out of the totals, balance owing again', async () => {
    const t = await rack.open(stack, sue, {
      path: `/admin/payments?registration=${registrationB}`,
      heading: 'Payments',
    });
    const { page } = t;
    await expect.poll(() => balanceText(page).textContent()).toBe('Balance owing: $45');
    await page.getByRole('radio', { name: 'Card terminal' }).click();
    expect(await page.getByLabel(/^Amount tendered/).count()).toBe(0);
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => balanceText(page).textContent()).toBe('Paid in full');
    await expect.poll(() => pendingText(page).textContent(), { timeout: 15_000 }).toBe('All changes sent');
    await expect.poll(() => page.getByTestId('total-card').textContent()).toContain('$45');

    await page.getByRole('button', { name: 'Void Card terminal $45' }).click();
    await page.getByLabel('Reason').fill('Terminal declined the card after all');
    await page.getByRole('button', { name: 'Void payment' }).click();
    await expect
      .poll(() => page.getByTestId('payment-voided').textContent())
      .toBe('Voided by Sue Super: Terminal declined the card after all');
    await expect.poll(() => pendingText(page).textContent(), { timeout: 15_000 }).toBe('All changes sent');
    await expect.poll(() => balanceText(page).textContent()).toBe('Balance owing: $45');
    expect(await page.getByTestId('total-card').textContent()).toContain('$0');
    expect(await page.getByTestId('end-of-day').textContent()).toContain(
      'Voided today, not counted: 1 ($45)',
    );

    const { payments, registrations } = await serverPayments();
    const mine = payments.filter((p) => p.registrationId === registrationB);
    expect(mine).toEqual([
      expect.objectContaining({
        method: 'card',
        amount: 45,
        voided: true,
        voidReason: 'Terminal declined the card after all',
        voidedByName: 'Sue Super',
      }),
    ]);
    expect(registrations.find((r) => r.id === registrationB)).toMatchObject({
      amountPaid: 0,
      balanceOwing: 45,
    });
  }, 120_000);
});
