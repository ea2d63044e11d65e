import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PullResponse, SyncPayment, SyncRegistration } from '@tournament/shared';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import {
  dana,
  goOffline,
  goOnline,
  parentsOf,
  pendingText,
  portRange,
  probeToken,
  registerFamily,
  serverCompetitors,
  tabletRack,
  type Tablet,
} from '../src/check-in-fixtures.ts';
import { payInFullAtTheDoor } from '../src/door-setup.ts';
import { axeViolationsInBothSchemes } from '../src/axe.ts';

// "The volunteer at the door" (decision 028), on a 1024x768 tablet: one item a test, one stack, one
// browser and one tablet (a check-in admin behind a cuttable proxy) for the whole file.

const [parentA, parentB, parentC, parentD] = parentsOf('ABCD');
const TABLET = { width: 1024, height: 768 };

let stack: Stack;
let browser: Browser;
let t: Tablet;
const rack = tabletRack(() => browser, portRange(4300, 20));
const ids: Record<string, number> = {};
let receiptCodeC = '';

async function serverRows(): Promise<{ registrations: SyncRegistration[]; payments: SyncPayment[] }> {
  const id = `probe-${Math.random()}`;
  const res = await stack.api<PullResponse>(
    'POST',
    '/sync/pull',
    { clientGroupId: id, clientId: id, cookie: null, scope: 'checkin' },
    await probeToken(stack),
  );
  expect(res.status).toBe(200);
  const out = { registrations: [] as SyncRegistration[], payments: [] as SyncPayment[] };
  for (const op of res.json.patch) {
    if (op.op !== 'put') continue;
    if (op.entity === 'registrations') out.registrations.push(...op.rows);
    if (op.entity === 'payments') out.payments.push(...op.rows);
  }
  return out;
}

const family = (page: Page, title: string) => page.getByTestId('check-in-family').filter({ hasText: title });
const row = (page: Page, name: string) => page.getByTestId('check-in-competitor').filter({ hasText: name });

/** Axe finds nothing on the page as it is now, in the light and the dark scheme. */
async function expectAxeCleanInBothSchemes(page: Page): Promise<void> {
  expect(await axeViolationsInBothSchemes(page)).toEqual([]);
}

async function openCheckIn(): Promise<Page> {
  const { page } = t;
  await page.goto('/admin/check-in');
  await page.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor();
  return page;
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ users: [dana, parentA!, parentB!, parentC!, parentD!] }),
    launchBrowser(),
  ]);
  ids.A = await registerFamily(stack, parentA!, ['Ava']);
  ids.B = await registerFamily(stack, parentB!, ['Bea']);
  ids.C = await registerFamily(stack, parentC!, ['Cal', 'Cora']);
  ids.D = await registerFamily(stack, parentD!, ['Dan', 'Dee', 'Dot']);
  await payInFullAtTheDoor(stack, await probeToken(stack), [ids.C, ids.D]);
  // Paid at the door: family C has a receipt, whose code staff may type in the QR dialog.
  receiptCodeC = (await serverRows()).registrations.find((r) => r.id === ids.C)!.confirmationCodes[0] ?? '';
  expect(receiptCodeC).toMatch(/^[A-Z0-9]{4,20}$/);
  t = await rack.open(stack, dana);
  await t.page.setViewportSize(TABLET);
}, 300_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
});

describe('the volunteer at the door (decision 028)', () => {
  it('1. checking in a family that owes money offers to take the payment first, or to confirm', async () => {
    const page = await openCheckIn();
    // Takes the payment first: the balance is prefilled, the change shows, both are recorded.
    await page.getByRole('button', { name: 'Check in Ava FamilyA', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'FamilyA, Pat owes $45' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Amount \(\$\)/).inputValue()).toBe('45');
    await dialog.getByLabel(/^Amount tendered/).fill('50');
    expect(await dialog.getByTestId('change-due').textContent()).toBe('Change due $5');
    await expectAxeCleanInBothSchemes(page);
    await dialog.getByRole('button', { name: 'Record payment and check in' }).click();
    await dialog.waitFor({ state: 'detached' });
    const a = family(page, 'FamilyA, Pat');
    await a.getByRole('button', { name: 'Undo check-in of Ava FamilyA' }).waitFor();
    expect(await a.getByTestId('owing-paid').textContent()).toBe(
      'Cash payment of $45 recorded. Change due $5.',
    );
    await a.getByText('Paid', { exact: true }).waitFor();

    // Or confirms: checked in, still owing.
    await page.getByRole('button', { name: 'Check in Bea FamilyB', exact: true }).click();
    const asked = page.getByRole('dialog', { name: 'FamilyB, Pat owes $45' });
    await asked.getByRole('button', { name: 'Check in without payment' }).click();
    await family(page, 'FamilyB, Pat')
      .getByRole('button', { name: 'Undo check-in of Bea FamilyB' })
      .waitFor();
    expect(await family(page, 'FamilyB, Pat').getByTestId('balance-owing').textContent()).toBe(
      'Balance owing $45',
    );

    await expect.poll(() => pendingText(page).textContent(), { timeout: 30_000 }).toBe('All changes sent');
    const { registrations, payments } = await serverRows();
    expect(payments.filter((p) => p.registrationId === ids.A)).toEqual([
      expect.objectContaining({ method: 'cash', amount: 45, tendered: 50 }),
    ]);
    expect(registrations.find((r) => r.id === ids.A)).toMatchObject({ balanceOwing: 0 });
    expect(registrations.find((r) => r.id === ids.B)).toMatchObject({ balanceOwing: 45 });
    expect(payments.filter((p) => p.registrationId === ids.B)).toEqual([]);
    const inNow = (await serverCompetitors(stack)).filter((c) => c.checkedInAt).map((c) => c.firstName);
    expect(inNow).toEqual(expect.arrayContaining(['Ava', 'Bea']));
  }, 120_000);

  it('2. checked-in rows carry a mark (icon, colour and words) that stands out from the rest', async () => {
    const page = await openCheckIn();
    await page.getByRole('button', { name: 'Check in Cal FamilyC', exact: true }).click();
    const cal = row(page, 'Cal FamilyC');
    const cora = row(page, 'Cora FamilyC');
    await cal.getByRole('button', { name: 'Undo check-in of Cal FamilyC' }).waitFor();
    // The mark: an icon and words, not colour alone.
    await cal.getByTestId('checked-in-mark').locator('svg').waitFor();
    expect(await cal.getByTestId('checked-in-by').textContent()).toMatch(/^Checked in by Dana Door at /);
    expect(await cora.getByTestId('checked-in-mark').count()).toBe(0);
    // And a colour band that sets the row apart from one not checked in.
    const look = (l: typeof cal) =>
      l.evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, band: s.borderLeftColor, bandWidth: s.borderLeftWidth };
      });
    const [calLook, coraLook] = [await look(cal), await look(cora)];
    expect(calLook.background).not.toBe(coraLook.background);
    expect(calLook.band).not.toBe(coraLook.band);
    expect(calLook.bandWidth).toBe('4px');

    // The whole family in: said once for the family too.
    await family(page, 'FamilyC, Pat').getByRole('button', { name: 'Check in Cora FamilyC' }).click();
    await family(page, 'FamilyC, Pat').getByTestId('family-checked-in').waitFor();
    expect(await family(page, 'FamilyC, Pat').getByTestId('family-checked-in').textContent()).toBe(
      'All checked in',
    );
    await expectAxeCleanInBothSchemes(page);
  }, 120_000);

  it('3. offline is unmistakable but calm; back online it says what was sent, and the server has it', async () => {
    const page = await openCheckIn();
    await goOffline(t);
    const notice = page.getByTestId('offline-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Working offline.');
    // Calm: no alert, nothing in the danger colours.
    expect(
      await page.locator('[role="alert"], .bg-danger-bg:not([data-testid="balance-owing"])').count(),
    ).toBe(0);
    for (const name of ['Dan', 'Dee', 'Dot']) {
      await page.getByRole('button', { name: `Check in ${name} FamilyD`, exact: true }).click();
    }
    await expect.poll(() => pendingText(page).textContent()).toBe('3 changes not yet sent');
    await expectAxeCleanInBothSchemes(page);
    expect((await serverCompetitors(stack)).filter((c) => c.lastName === 'FamilyD' && c.checkedInAt)).toEqual(
      [],
    );

    await goOnline(t);
    await expect.poll(() => pendingText(page).textContent(), { timeout: 30_000 }).toBe('All changes sent');
    await expect
      .poll(() => page.getByTestId('sync-sent').textContent(), { timeout: 15_000 })
      .toBe('3 check-ins sent');
    expect(await notice.count()).toBe(0);
    expect(await page.getByTestId('sync-online').textContent()).toContain('Online');
    const server = (await serverCompetitors(stack)).filter((c) => c.lastName === 'FamilyD');
    expect(server.map((c) => [c.firstName, c.checkedInByName])).toEqual(
      expect.arrayContaining([
        ['Dan', 'Dana Door'],
        ['Dee', 'Dana Door'],
        ['Dot', 'Dana Door'],
      ]),
    );
    expect(server.every((c) => c.checkedInAt !== null)).toBe(true);
    await expect.poll(() => family(page, 'FamilyD, Pat').getByText('Not yet sent').count()).toBe(0);
  }, 120_000);

  it('4. the payment form: the amount selects itself, the balance is said once, no stale "Required", the walk-in shows the change', async () => {
    const { page } = t;
    // Family B owes $45 (test 1 checks it in without payment).
    await page.goto(`/admin/payments?registration=${ids.B}`);
    const card = page.getByTestId('payments-registration');
    await expect.poll(() => page.getByTestId('balance-text').textContent()).toBe('Balance owing: $45');
    expect(await card.getByText(/Balance owing/).count()).toBe(1);
    // Typing over the prefilled amount replaces it (it used to give "4545").
    const amount = page.getByLabel(/^Amount \(\$\)/);
    expect(await amount.inputValue()).toBe('45');
    await amount.click();
    await page.keyboard.type('45');
    expect(await amount.inputValue()).toBe('45');
    await page.getByRole('radio', { name: 'Card terminal' }).click();
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => page.getByTestId('balance-text').textContent()).toBe('Paid in full');
    expect(await page.getByTestId('payment-recorded').textContent()).toBe(
      'Card terminal payment of $45 recorded.',
    );
    expect(await card.getByText('Required', { exact: true }).count()).toBe(0);
    expect(await amount.count()).toBe(0);
    await card.getByRole('button', { name: 'Record another payment' }).waitFor();
    await expectAxeCleanInBothSchemes(page);

    // A walk-in paying $60 with $100: the confirmation says the change.
    await page.goto('/admin/walk-in');
    await page.getByRole('heading', { name: 'Walk-in registration', level: 1 }).waitFor();
    await page
      .locator('#wi-c0-competitorLevelId option', { hasText: 'Beginner' })
      .waitFor({ state: 'attached' });
    await page.locator('#wi-contact-firstName').fill('Sam');
    await page.locator('#wi-contact-lastName').fill('Walker');
    await page.locator('#wi-c0-firstName').fill('Ana');
    await page.locator('#wi-c0-lastName').fill('Walker');
    await page.locator('#wi-c0-dateOfBirth').fill('2015-03-02');
    await page.locator('#wi-c0-gender').selectOption({ label: 'Female' });
    await page.locator('#wi-c0-competitorLevelId').selectOption({ label: 'Beginner' });
    await page.getByTestId('walk-in-competitor').getByLabel('Forms', { exact: true }).check();
    await page.locator('#wi-c0-emergencyContactName').fill('Sam Walker');
    await page.locator('#wi-c0-emergencyContactPhone').fill('7055550123');
    await page.locator('#wi-c0-emergencyContactRelationship').fill('Parent');
    await page
      .getByTestId('walk-in-competitor')
      .getByLabel(/A parent or guardian consents/)
      .check();
    expect(await page.locator('#wi-payment-amount').inputValue()).toBe('60');
    await page.locator('#wi-payment-tendered').click();
    await page.keyboard.type('100');
    await page.getByRole('button', { name: 'Register walk-in' }).click();
    const done = page.getByTestId('walk-in-done');
    await done.waitFor();
    expect(await done.getByTestId('walk-in-change-due').textContent()).toBe('Change due $40');
    await expectAxeCleanInBothSchemes(page);
    await expect.poll(() => pendingText(page).textContent(), { timeout: 30_000 }).toBe('All changes sent');
    // Still there once the server's rows replaced the device's.
    expect(await done.getByTestId('walk-in-change-due').textContent()).toBe('Change due $40');
  }, 120_000);

  it('5. staff screens carry a staff header without the public links; public pages keep theirs', async () => {
    const page = await openCheckIn();
    const banner = page.getByRole('banner');
    await banner
      .getByRole('link', { name: 'Northern Ontario Martial Arts Championship', exact: true })
      .waitFor();
    await banner.getByText('Staff', { exact: true }).waitFor();
    expect(await banner.getByText('Dana Door').count()).toBe(1);
    for (const name of ['Online Registration', 'Contact Us', 'Mailing List', 'Admin']) {
      expect(await banner.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    }
    await banner.getByRole('button', { name: 'Logout' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).waitFor();
    await expectAxeCleanInBothSchemes(page);

    // The public site is one quiet link away, with its own header.
    await banner.getByRole('link', { name: 'Public site' }).click();
    await page.waitForURL(/\/$/);
    await page.getByRole('banner').getByRole('link', { name: 'Online Registration' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL('**/admin/registrations');
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: 'Online Registration' }).count())
      .toBe(0);
  }, 120_000);

  it('6. the QR dialog has a box for the printed code that finds the family; Esc closes it and gives focus back', async () => {
    const page = await openCheckIn();
    const scan = page.getByRole('button', { name: 'Scan QR code' });
    await scan.click();
    const dialog = page.getByRole('dialog', { name: "Scan the receipt's QR code" });
    await dialog.waitFor();
    await expectAxeCleanInBothSchemes(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await scan.evaluate((el) => el === document.activeElement)).toBe(true);

    await scan.click();
    await dialog.getByLabel('Confirmation code').fill(receiptCodeC.toLowerCase());
    await dialog.getByRole('button', { name: 'Find' }).click();
    await dialog.waitFor({ state: 'detached' });
    await family(page, 'FamilyC, Pat').waitFor();
    await expect.poll(() => page.getByTestId('check-in-family').count()).toBe(1);
    expect(await page.getByLabel('Search by name or confirmation code').inputValue()).toBe(
      receiptCodeC.toLowerCase(),
    );
    expect(await scan.evaluate((el) => el === document.activeElement)).toBe(true);
  }, 120_000);
});
