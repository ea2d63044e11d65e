import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, SyncPayment, SyncRegistration } from '@tournament/shared';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import {
  dana,
  parentsOf,
  pendingText,
  portRange,
  probeToken,
  registerFamily,
  serverCompetitors,
  tabletRack,
  tapCheckIn,
} from '../src/check-in-fixtures.ts';
import {
  backOnlineAndSent,
  expectCalmOfflineScreen,
  reloadOffline,
  VENUE_SCREENS,
} from '../src/venue-offline.ts';
import {
  addRing,
  assignOverSync,
  director,
  nextTournament,
  publishDivisions,
  registerKids,
  serverMatchdayRows,
  startDivision,
} from '../src/matchday-fixtures.ts';

// Offline is not an error (docs/design.md §1; decision 028's calm offline band): an offline reload
// of each venue screen shows the site's name, the tournament where the page shows it, the device's
// data, the sync indicator's "Offline" and no danger alert (before: "(0) Something went wrong..."
// and a header without the site's name); a change made offline reaches the server once the network
// is back. A venue screen added later gets a case here, with the same helper.

const parents = parentsOf('AB');
/** A family with completed registrations, whose competitors make two published divisions for the rings. */
const ringFamily = { ...parentsOf('R')[0]!, email: 'ring-parent@example.test' };

let stack: Stack;
let browser: Browser;
let siteName: string;
const rack = tabletRack(() => browser, portRange(4000, 20));

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ users: [dana, director, ringFamily, ...parents] }),
    launchBrowser(),
  ]);
  await registerFamily(stack, parents[0]!, ['Ava']);
  await registerFamily(stack, parents[1]!, ['Ben']);
  // Rings and matchday: Girls 10-11 in the pool, Boys 12-13 queued on Ring 2.
  const tournament = await nextTournament(stack);
  await registerKids(
    stack,
    ringFamily,
    [
      { first: 'Gia', age: 10, gender: 2, event: 'Forms' },
      { first: 'Gwen', age: 10, gender: 2, event: 'Forms' },
      { first: 'Bo', age: 12, gender: 1, event: 'Forms' },
      { first: 'Bram', age: 12, gender: 1, event: 'Forms' },
    ],
    tournament,
  );
  await publishDivisions(stack, tournament);
  await addRing(stack, tournament, 'Ring 1');
  const ring2 = await addRing(stack, tournament, 'Ring 2');
  const boys = (await serverMatchdayRows(stack)).divisions.find((d) => d.title === 'Boys 12-13 Beginner')!;
  await assignOverSync(stack, boys.id, ring2);
  siteName = (await stack.api<{ siteName: string }>('GET', '/api/settings')).json.siteName;
  expect(siteName).toBe('Northern Ontario Martial Arts Championship');
}, 180_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
});

/** The door's registrations and payments as the server has them. */
async function serverDoorRows(): Promise<{ registrations: SyncRegistration[]; payments: SyncPayment[] }> {
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

describe('a venue screen reloaded offline is calm, works, and converges', () => {
  it('/admin/check-in: site name, the families, "Offline", no danger alert; a check-in made offline reaches the server', async () => {
    const t = await rack.open(stack, dana, VENUE_SCREENS.checkIn);
    const { page } = t;
    const reads = await reloadOffline(t, VENUE_SCREENS.checkIn);
    // The reload did try the network for the settings (and got no answer).
    expect(reads).toContain('/api/settings');
    await expectCalmOfflineScreen(page, {
      siteName,
      heading: 'Check-in',
      deviceData: page.getByTestId('check-in-family').filter({ hasText: 'FamilyA, Pat' }),
    });

    await tapCheckIn(page, 'Ava FamilyA');
    await expect.poll(() => pendingText(page).textContent()).toBe('1 change not yet sent');
    await backOnlineAndSent(t);
    const ava = (await serverCompetitors(stack)).find((c) => c.firstName === 'Ava');
    expect(ava).toMatchObject({ checkedInByName: 'Dana Door' });
    expect(ava?.checkedInAt).not.toBeNull();
  });

  it('/admin/payments: site name, the families, "Offline", no danger alert; a payment taken offline reaches the server', async () => {
    const t = await rack.open(stack, dana, VENUE_SCREENS.payments);
    const { page } = t;
    await reloadOffline(t, VENUE_SCREENS.payments);
    const family = page.getByTestId('payments-family').filter({ hasText: 'FamilyB, Pat' });
    await expectCalmOfflineScreen(page, { siteName, heading: 'Payments', deviceData: family });

    await family.getByRole('button', { name: 'Take payment from FamilyB, Pat' }).click();
    await expect.poll(() => page.getByTestId('balance-text').textContent()).toBe('Balance owing: $45');
    await page.getByRole('radio', { name: 'Card terminal' }).click();
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => page.getByTestId('balance-text').textContent()).toBe('Paid in full');
    await backOnlineAndSent(t);
    const { registrations, payments } = await serverDoorRows();
    const familyB = registrations.find((r) => r.familyName === 'FamilyB');
    expect(payments.filter((p) => p.registrationId === familyB?.id)).toEqual([
      expect.objectContaining({ method: 'card', amount: 45 }),
    ]);
  });

  it('/admin/walk-in: site name, the tournament and its levels from the device, "Offline", no danger alert; a walk-in registered offline reaches the server', async () => {
    const t = await rack.open(stack, dana, VENUE_SCREENS.walkIn);
    const { page } = t;
    // The walk-in options (levels, events, prices) arrive once online before going offline.
    const beginner = page.locator('#wi-c0-competitorLevelId option', { hasText: 'Beginner' });
    await beginner.waitFor({ state: 'attached' });
    await reloadOffline(t, VENUE_SCREENS.walkIn);
    await expectCalmOfflineScreen(page, {
      siteName,
      heading: 'Walk-in registration',
      deviceData: beginner,
      tournament: 'door price $60 per competitor',
    });

    await page.locator('#wi-contact-firstName').fill('Rae');
    await page.locator('#wi-contact-lastName').fill('Offline');
    await page.locator('#wi-contact-phone').fill('7055550188');
    await page.locator('#wi-c0-firstName').fill('Rae');
    await page.locator('#wi-c0-lastName').fill('Offline');
    await page.locator('#wi-c0-dateOfBirth').fill('1990-04-05');
    await page.locator('#wi-c0-gender').selectOption({ label: 'Female' });
    await page.locator('#wi-c0-competitorLevelId').selectOption({ label: 'Beginner' });
    await page.getByTestId('walk-in-competitor').getByLabel('Forms', { exact: true }).check();
    await page.locator('#wi-c0-emergencyContactName').fill('Sam Offline');
    await page.locator('#wi-c0-emergencyContactPhone').fill('7055550189');
    await page.locator('#wi-c0-emergencyContactRelationship').fill('Partner');
    await page.locator('#wi-payment-tendered').fill('60');
    await page.getByRole('button', { name: 'Register walk-in' }).click();
    await page.getByTestId('walk-in-done').waitFor();
    await backOnlineAndSent(t);
    const { registrations } = await serverDoorRows();
    expect(registrations.filter((r) => r.familyName === 'Offline')).toEqual([
      expect.objectContaining({ ownerFirstName: 'Rae', isWalkIn: true, amountPaid: 60 }),
    ]);
  });
  it('/admin/rings: site name, the divisions, "Offline", no danger alert; a division assigned offline reaches the server', async () => {
    const t = await rack.open(stack, director, VENUE_SCREENS.rings);
    const { page } = t;
    const girls = page.getByTestId('division-card').filter({ hasText: 'Girls 10-11 Beginner' });
    await girls.waitFor();
    await reloadOffline(t, VENUE_SCREENS.rings);
    await expectCalmOfflineScreen(page, { siteName, heading: 'Rings', deviceData: girls });

    await page.getByLabel('Move Girls 10-11 Beginner to').selectOption({ label: 'Ring 1' });
    await page.getByRole('button', { name: 'Move Girls 10-11 Beginner', exact: true }).click();
    await expect.poll(() => pendingText(page).textContent()).toBe('1 change not yet sent');
    await backOnlineAndSent(t);
    const { rings, divisions } = await serverMatchdayRows(stack);
    expect(divisions.find((d) => d.title === 'Girls 10-11 Beginner')?.ringId).toBe(
      rings.find((r) => r.name === 'Ring 1')?.id,
    );
  });

  it('/admin/matchday: site name, the ring kept on the device and its queue, "Offline", no danger alert; a division started offline reaches the server', async () => {
    const t = await rack.open(stack, director, VENUE_SCREENS.matchday);
    const { page } = t;
    await page.getByLabel('Ring', { exact: true }).selectOption({ label: 'Ring 2' });
    const queued = page.getByTestId('matchday-queue').getByText('Boys 12-13 Beginner');
    await queued.waitFor();
    await reloadOffline(t, VENUE_SCREENS.matchday);
    await expectCalmOfflineScreen(page, { siteName, heading: 'Matchday', deviceData: queued });

    // Asked first, offline too (nobody is checked in): started with everyone.
    await startDivision(page, 'Boys 12-13 Beginner');
    await expect.poll(() => pendingText(page).textContent()).toBe('1 change not yet sent');
    await backOnlineAndSent(t);
    const { divisions } = await serverMatchdayRows(stack);
    expect(divisions.find((d) => d.title === 'Boys 12-13 Beginner')).toMatchObject({ status: 'current' });
  });

  it('/admin/control-room: site name, each ring as last synced, "Offline", no danger alert; a division moved offline reaches the server', async () => {
    const t = await rack.open(stack, director, VENUE_SCREENS.controlRoom);
    const { page } = t;
    const running = page.getByTestId('control-current').filter({ hasText: 'Now: Boys 12-13 Beginner' });
    await running.waitFor();
    await reloadOffline(t, VENUE_SCREENS.controlRoom);
    await expectCalmOfflineScreen(page, { siteName, heading: 'Control room', deviceData: running });

    await page.getByText('Queued on Ring 1').click();
    await page.getByLabel('Move Girls 10-11 Beginner to another ring').selectOption({ label: 'Ring 2' });
    await expect.poll(() => pendingText(page).textContent()).toBe('1 change not yet sent');
    await backOnlineAndSent(t);
    const { rings, divisions } = await serverMatchdayRows(stack);
    expect(divisions.find((d) => d.title === 'Girls 10-11 Beginner')?.ringId).toBe(
      rings.find((r) => r.name === 'Ring 2')?.id,
    );
  });
});
