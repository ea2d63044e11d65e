import { english, french } from '../../testing/english.ts';
import { DomainError } from '../domain-error.ts';
import { describe, expect, it } from 'vitest';
import type { SyncCompetitor, SyncPayment, SyncRegistration } from '../../contract/sync.ts';
import {
  balanceText,
  DOOR_MESSAGES,
  changeDue,
  dayTotals,
  PAYMENT_METHOD_LABELS,
  provisionalWalkInIds,
  walkInTotal,
} from '../door.ts';
import { syncCompetitor, syncPayment, syncRegistration } from '../../testing/sync-rows.ts';
import {
  MemoryStore,
  mayPushMutator,
  recordDoorPayment,
  runMutation,
  voidPayment,
  type DoorPaymentOutcome,
  type MutatorContext,
  type WalkInOutcome,
} from './index.ts';

// The door mutators as a tablet runs them over its own rows (offline), and the rules the
// payments page shows: change due, balance text, end-of-day totals.

const now = new Date('2026-11-21T14:00:00Z');
const dana: MutatorContext = { now, actor: { personId: 7, displayName: 'Dana Door' }, side: 'device' };
const sam: MutatorContext = { now, actor: { personId: 9, displayName: 'Sam Super' }, side: 'device' };
const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const W1 = '33333333-3333-4333-8333-333333333333';

function registration(over: Partial<SyncRegistration> = {}): SyncRegistration {
  return syncRegistration({
    isCompleted: false,
    confirmationCodes: [],
    balanceOwing: 90,
    competitorCount: 2,
    cost: 90,
    ...over,
  });
}

function payment(over: Partial<SyncPayment> = {}): SyncPayment {
  return syncPayment({ id: P1, ...over });
}

/** What a person reads: the English text of a message reference. */

async function refused(store: MemoryStore, name: string, args: unknown, ctx = dana) {
  try {
    await runMutation(store, name, args, ctx);
    return 'applied';
  } catch (e) {
    return e instanceof DomainError ? `${e.code}: ${english(e.message)}` : 'crashed';
  }
}

describe('recordDoorPayment@1 on the device', () => {
  it('adds the payment, lowers the balance, completes the registration and answers the change due', async () => {
    const store = new MemoryStore({ registrations: [registration()] });
    const out = (await runMutation(
      store,
      'recordDoorPayment@1',
      { paymentId: P1, registrationId: 1, method: 'cash', amount: 90, tendered: 100 },
      dana,
    )) as DoorPaymentOutcome;
    expect(out).toEqual({
      paymentId: P1,
      registrationId: 1,
      recordedNow: true,
      changeDue: 10,
      balanceOwing: 0,
    });
    expect(await store.get('registrations', 1)).toMatchObject({
      isCompleted: true,
      amountPaid: 90,
      balanceOwing: 0,
    });
    expect(await store.get('payments', P1)).toMatchObject({
      method: 'cash',
      amount: 90,
      tendered: 100,
      recordedByName: 'Dana Door',
      createdAt: now.toISOString(),
    });
  });

  it('a retried payment (same id) is "already recorded", not a second payment', async () => {
    const store = new MemoryStore({ registrations: [registration()] });
    const args = { paymentId: P1, registrationId: 1, method: 'card', amount: 50 };
    await runMutation(store, 'recordDoorPayment@1', args, dana);
    const again = (await runMutation(store, 'recordDoorPayment@1', args, dana)) as DoorPaymentOutcome;
    expect(again).toMatchObject({ recordedNow: false, balanceOwing: 40 });
    expect(await store.list('payments', { registrationId: 1 })).toHaveLength(1);
    expect(await store.get('registrations', 1)).toMatchObject({ amountPaid: 50, balanceOwing: 40 });
  });

  it('more than the whole cost needs a confirmation (decision 018); a payment queued against a balance another tablet has since paid stays on record (refund due)', async () => {
    // Another tablet took the whole $90 while this one was offline and took $45 of it too.
    const store = new MemoryStore({ registrations: [registration({ balanceOwing: 0, amountPaid: 90 })] });
    await runMutation(
      store,
      'recordDoorPayment@1',
      { paymentId: P2, registrationId: 1, method: 'etransfer', amount: 45 },
      dana,
    );
    const r = await store.get('registrations', 1);
    expect(r?.balanceOwing).toBe(-45);
    expect(english(balanceText(r?.balanceOwing ?? 0))).toBe('Refund due $45');
    // Above the cost ($90) only with a director's confirmation (the payments form asks for it
    // above the balance already; the server checks the director).
    const fresh = new MemoryStore({ registrations: [registration({ balanceOwing: 0, amountPaid: 90 })] });
    const P3 = 'a1b2c3d4-0000-4000-8000-000000000003';
    expect(
      await refused(fresh, 'recordDoorPayment@1', {
        paymentId: P3,
        registrationId: 1,
        method: 'etransfer',
        amount: 95,
      }),
    ).toBe(`over_balance: ${english(DOOR_MESSAGES.overBalance(0))}`);
    await runMutation(
      fresh,
      'recordDoorPayment@1',
      { paymentId: P3, registrationId: 1, method: 'etransfer', amount: 95, overBalanceConfirmed: true },
      dana,
    );
    expect((await fresh.get('registrations', 1))?.balanceOwing).toBe(-95);
  });

  it('refuses an unknown registration, a payment id of another registration, and bad amounts with the reason', async () => {
    const store = new MemoryStore({
      registrations: [registration(), registration({ id: 2 })],
      payments: [payment({ registrationId: 2 })],
    });
    expect(
      await refused(store, 'recordDoorPayment@1', {
        paymentId: P2,
        registrationId: 3,
        method: 'cash',
        amount: 5,
      }),
    ).toBe('registration_not_found: This registration is not for the next tournament.');
    expect(
      await refused(store, 'recordDoorPayment@1', {
        paymentId: P1,
        registrationId: 1,
        method: 'cash',
        amount: 40,
      }),
    ).toMatch(/^payment_id_taken/);
    expect(
      await refused(store, 'recordDoorPayment@1', {
        paymentId: P2,
        registrationId: 1,
        method: 'cash',
        amount: 40,
        tendered: 20,
      }),
    ).toBe(
      'invalid_args: This change was malformed and could not be applied. tendered: The cash handed over must be at least the amount paid.',
    );
    expect(
      await refused(store, 'recordDoorPayment@1', {
        paymentId: P2,
        registrationId: 1,
        method: 'cash',
        amount: 12.5,
      }),
    ).toMatch(/amount: Please enter a whole dollar amount/);
    expect(await store.list('payments', { registrationId: 1 })).toEqual([]);
  });
});

describe('voidPayment@1 on the device', () => {
  it('marks the payment voided with the reason and raises the balance again; a second void is a no-op', async () => {
    const store = new MemoryStore({
      registrations: [registration({ isCompleted: true, amountPaid: 40, balanceOwing: 50 })],
      payments: [payment()],
    });
    expect(
      await runMutation(store, 'voidPayment@1', { paymentId: P1, reason: ' Wrong family ' }, sam),
    ).toEqual({
      paymentId: P1,
      voidedNow: true,
      balanceOwing: 90,
    });
    expect(await store.get('payments', P1)).toMatchObject({
      voided: true,
      voidReason: 'Wrong family',
      voidedBy: 9,
      voidedByName: 'Sam Super',
    });
    expect(await runMutation(store, 'voidPayment@1', { paymentId: P1, reason: 'Again' }, sam)).toEqual({
      paymentId: P1,
      voidedNow: false,
      balanceOwing: 90,
    });
    expect((await store.get('registrations', 1))?.amountPaid).toBe(0);
  });

  it('only a SuperAdmin may push it; other door mutators are for every check-in role', () => {
    expect(mayPushMutator(voidPayment, ['SuperAdmin'])).toBe(true);
    expect(mayPushMutator(voidPayment, ['CheckInAdmin'])).toBe(false);
    expect(mayPushMutator(voidPayment, ['TournamentDirector'])).toBe(false);
    expect(mayPushMutator(recordDoorPayment, ['CheckInAdmin'])).toBe(true);
    expect(mayPushMutator(recordDoorPayment, ['Customer'])).toBe(false);
  });

  it('refuses online payments and needs a reason', async () => {
    const store = new MemoryStore({ payments: [payment({ id: 'cs_1', method: 'online' })] });
    expect(await refused(store, 'voidPayment@1', { paymentId: 'cs_1', reason: 'x' }, sam)).toMatch(
      /^online_payment/,
    );
    expect(await refused(store, 'voidPayment@1', { paymentId: 'cs_1', reason: '  ' }, sam)).toMatch(
      /Please give a reason for voiding this payment\.$/,
    );
  });
});

describe('registerWalkIn@1 on the device', () => {
  const args = {
    walkInId: W1,
    contact: { firstName: 'Robin', lastName: 'Walker' },
    competitors: [
      {
        firstName: 'Ava',
        lastName: 'Walker',
        dateOfBirth: '2014-02-02',
        gender: 2,
        competitorLevelId: 1,
        eventIds: [3],
        emergencyContactName: 'Robin Walker',
        emergencyContactPhone: '7055550199',
        emergencyContactRelationship: 'Parent',
        guardianConsent: true,
      },
    ],
    spectators: 1,
    payment: { paymentId: P2, method: 'cash', amount: 70, tendered: 80 },
    checkIn: true,
    quotedTotal: 70,
  };

  it('shows provisional rows (negative ids) checked in and paid until the server rows arrive; twice makes one', async () => {
    const store = new MemoryStore({});
    const out = (await runMutation(store, 'registerWalkIn@1', args, dana)) as WalkInOutcome;
    const ids = provisionalWalkInIds(W1, 1);
    expect(out).toMatchObject({
      registrationId: ids.registrationId,
      competitorIds: ids.competitorIds,
      createdNow: true,
      changeDue: 10,
    });
    expect(ids.registrationId).toBeLessThan(0);
    expect(await store.get('registrations', ids.registrationId)).toMatchObject({
      isWalkIn: true,
      walkInId: W1,
      familyName: 'Walker',
      cost: 70,
      amountPaid: 70,
      balanceOwing: 0,
    });
    const kid = (await store.get('competitors', ids.competitorIds[0]!)) as SyncCompetitor;
    expect(kid).toMatchObject({
      firstName: 'Ava',
      checkedInByName: 'Dana Door',
      checkedInAt: now.toISOString(),
    });
    expect(await store.get('payments', P2)).toMatchObject({ registrationId: ids.registrationId, amount: 70 });

    const again = (await runMutation(store, 'registerWalkIn@1', args, dana)) as WalkInOutcome;
    expect(again.createdNow).toBe(false);
    expect(await store.list('registrations', { walkInId: W1 })).toHaveLength(1);
  });

  it('refuses a walk-in without competitors, a bad phone number or an impossible date of birth', async () => {
    const store = new MemoryStore({});
    expect(await refused(store, 'registerWalkIn@1', { ...args, competitors: [] })).toMatch(
      /A walk-in registers between 1 and 10 competitors\.$/,
    );
    expect(
      await refused(store, 'registerWalkIn@1', { ...args, contact: { ...args.contact, phoneNumber: '123' } }),
    ).toMatch(/contact\.phoneNumber: Please enter a valid 10 digit phone number/);
    expect(
      await refused(store, 'registerWalkIn@1', {
        ...args,
        competitors: [{ ...args.competitors[0], dateOfBirth: '2014-13-40' }],
      }),
    ).toMatch(/competitors\.0\.dateOfBirth: Please enter a date of birth as YYYY-MM-DD/);
    expect(store.touched.size).toBe(0);
  });
});

describe("door records dated outside the tournament's window", () => {
  // The device knows the next tournament's dates from the tournament list it keeps.
  const window = {
    registrationOpensOn: '2026-09-01',
    tournamentDate: '2026-11-28',
    timeZone: 'America/Toronto',
  };
  const danaAt = { ...dana, window };
  const outside = (what: string, day: string) =>
    `invalid_args: A ${what} dated ${day} is outside this tournament's dates: from the day registration opens (Tuesday, September 1, 2026) to the day after the tournament (Sunday, November 29, 2026). Check this device's date and time.`;

  it('a payment, a check-in or a walk-in dated 1900 is refused as malformed, and nothing is written', async () => {
    const store = new MemoryStore({
      registrations: [registration()],
      competitors: [syncCompetitor({ id: 10, registrationId: 1 })],
    });
    const at = '1900-01-01T12:00:00.000Z';
    const pay = { paymentId: P1, registrationId: 1, method: 'card', amount: 90, at };
    expect(await refused(store, 'recordDoorPayment@1', pay, danaAt)).toBe(
      outside('payment', 'Monday, January 1, 1900'),
    );
    expect(await refused(store, 'checkInCompetitor@1', { competitorId: 10, at }, danaAt)).toBe(
      outside('check-in', 'Monday, January 1, 1900'),
    );
    expect(await refused(store, 'checkInRegistration@1', { registrationId: 1, at }, danaAt)).toBe(
      outside('check-in', 'Monday, January 1, 1900'),
    );
    const walkIn = {
      walkInId: W1,
      contact: { firstName: 'Robin', lastName: 'Walker' },
      competitors: [
        {
          firstName: 'Ava',
          lastName: 'Walker',
          dateOfBirth: '2014-02-02',
          gender: 2,
          competitorLevelId: 1,
          eventIds: [3],
          emergencyContactName: 'Robin Walker',
          emergencyContactPhone: '7055550199',
          emergencyContactRelationship: 'Parent',
          guardianConsent: true,
        },
      ],
      payment: { paymentId: P2, method: 'cash', amount: 70 },
      at,
    };
    expect(await refused(store, 'registerWalkIn@1', walkIn, danaAt)).toBe(
      outside('walk-in', 'Monday, January 1, 1900'),
    );
    expect(store.touched.size).toBe(0);
  });

  it('the day before registration opens is refused; the opening day and now are kept', async () => {
    const store = new MemoryStore({ registrations: [registration()] });
    const pay = (paymentId: string, at: string) => ({
      paymentId,
      registrationId: 1,
      method: 'card',
      amount: 10,
      at,
    });
    // 11:30 p.m. on August 31 in Toronto.
    expect(await refused(store, 'recordDoorPayment@1', pay(P1, '2026-09-01T03:30:00Z'), danaAt)).toBe(
      outside('payment', 'Monday, August 31, 2026'),
    );
    expect(await refused(store, 'recordDoorPayment@1', pay(P1, '2026-09-01T04:30:00Z'), danaAt)).toBe(
      'applied',
    );
    expect(await refused(store, 'recordDoorPayment@1', pay(P2, now.toISOString()), danaAt)).toBe('applied');
    expect((await store.get('payments', P1))?.createdAt).toBe('2026-09-01T04:30:00.000Z');
  });
});

describe('door rules', () => {
  it('change due is what was handed over minus the amount, for cash only', () => {
    expect(changeDue({ method: 'cash', amount: 45, tendered: 50 })).toBe(5);
    expect(changeDue({ method: 'cash', amount: 45, tendered: 45 })).toBe(0);
    expect(changeDue({ method: 'cash', amount: 45 })).toBeNull();
    expect(changeDue({ method: 'card', amount: 45, tendered: 50 })).toBeNull();
  });

  it('a walk-in pays the door price per competitor plus spectator passes', () => {
    const prices = { competitorOnlineCost: 45, competitorDoorCost: 60, spectatorCost: 10, lunchCost: 12 };
    expect(walkInTotal({ competitors: 2, spectators: 1 }, prices)).toBe(130);
  });

  it('balance text: owing, paid in full, refund due', () => {
    expect(english(balanceText(25))).toBe('Balance owing: $25');
    expect(english(balanceText(1250))).toBe('Balance owing: $1250');
    expect(english(balanceText(0))).toBe('Paid in full');
    expect(english(balanceText(-10))).toBe('Refund due $10');
    expect(french(balanceText(-10))).toBe('Remboursement dû\u00a0: 10\u00a0$');
  });

  it('end-of-day totals count the day in the venue time zone by method, voided payments apart', () => {
    const ps = [
      payment({ id: 'a', method: 'cash', amount: 45, createdAt: '2026-11-21T14:00:00Z' }),
      payment({ id: 'b', method: 'cash', amount: 60, createdAt: '2026-11-21T20:00:00Z' }),
      payment({ id: 'c', method: 'card', amount: 90, createdAt: '2026-11-21T15:00:00Z' }),
      payment({ id: 'd', method: 'etransfer', amount: 45, createdAt: '2026-11-21T16:00:00Z', voided: true }),
      payment({ id: 'e', method: 'online', amount: 45, createdAt: '2026-11-21T10:00:00Z' }),
      // 2026-11-22 01:00 UTC is still the 21st in Toronto (UTC-5).
      payment({ id: 'f', method: 'cash', amount: 10, createdAt: '2026-11-22T01:00:00Z' }),
      payment({ id: 'g', method: 'cash', amount: 99, createdAt: '2026-11-20T15:00:00Z' }),
    ];
    const totals = dayTotals(ps, '2026-11-21', 'America/Toronto');
    expect(totals.byMethod).toEqual({
      online: { count: 1, amount: 45 },
      cash: { count: 3, amount: 115 },
      card: { count: 1, amount: 90 },
      etransfer: { count: 0, amount: 0 },
    });
    expect(totals.door).toEqual({ count: 4, amount: 205 });
    expect(totals.all).toEqual({ count: 5, amount: 250 });
    expect(totals.voided).toEqual({ count: 1, amount: 45 });
    expect(english(PAYMENT_METHOD_LABELS.card)).toBe('Card terminal');
  });
});
