import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncPayment } from '@shared/contract/sync.ts';
import { syncCompetitor, syncPayment, syncRegistration } from '@shared/testing/sync-rows.ts';
import { DeviceDb, META, getMeta, wipeDeviceStore } from './db.ts';
import { tm } from '../lib/i18n.tsx';
import { keepOnDevice } from '../lib/offline-cache.ts';
import { makeSettings, makeTournament } from '../testing/fixtures.ts';
import { replayOutbox } from '../testing/replay.ts';
import { applyPatch } from './patch.ts';

// Payments and walk-ins on the device: the version 2 store, pull patches, and the outbox
// replayed over confirmed rows (what the payments and walk-in screens render).

const pay = (over: Partial<SyncPayment> = {}): SyncPayment =>
  syncPayment({ tendered: 50, createdAt: '2026-11-22T09:00:00.000Z', version: 3, ...over });
const dana = { personId: 7, displayName: 'Dana Door' };
const now = new Date('2026-11-22T09:05:00Z');
const P1 = 'a1b2c3d4-0000-4000-8000-000000000001';
const WALK_IN = 'b1b2c3d4-0000-4000-8000-0000000000aa';
const WALK_IN_PAYMENT = 'c1b2c3d4-0000-4000-8000-0000000000bb';

const outbox = (...m: [string, unknown][]) =>
  m.map(([name, args], i) => ({ id: i + 1, name, args, queuedAt: now.toISOString() }));

const walkInArgs = {
  walkInId: WALK_IN,
  contact: { firstName: 'Sam', lastName: 'Ortiz' },
  competitors: [
    {
      firstName: 'Ana',
      lastName: 'Ortiz',
      dateOfBirth: '2015-03-02',
      gender: 2,
      competitorLevelId: 1,
      eventIds: [1],
      emergencyContactName: 'Sam Ortiz',
      emergencyContactPhone: '6135550100',
      emergencyContactRelationship: 'Parent',
      guardianConsent: true,
    },
  ],
  spectators: 1,
  payment: { paymentId: WALK_IN_PAYMENT, method: 'cash', amount: 60, tendered: 60 },
  checkIn: true,
  quotedTotal: 60,
  at: '2026-11-22T09:04:00.000Z',
};

describe('payments replayed over confirmed rows', () => {
  it('a pending cash payment lowers the balance at once and is marked not yet sent', async () => {
    const view = await replayOutbox(
      { registrations: [syncRegistration()], competitors: [syncCompetitor()], payments: [] },
      outbox([
        'recordDoorPayment@1',
        { paymentId: P1, registrationId: 1, method: 'cash', amount: 40, tendered: 50 },
      ]),
      dana,
      now,
    );
    expect(view.registrations[0]).toMatchObject({ balanceOwing: 0, amountPaid: 40 });
    expect(view.payments).toEqual([
      expect.objectContaining({ id: P1, amount: 40, tendered: 50, recordedByName: 'Dana Door' }),
    ]);
    expect(view.pendingPaymentIds).toEqual(new Set([P1]));
    expect(view.pendingRegistrationIds).toEqual(new Set([1]));
  });

  it('a payment queued twice (double tap) or already confirmed counts once', async () => {
    const args = { paymentId: P1, registrationId: 1, method: 'cash', amount: 40 };
    const twice = await replayOutbox(
      { registrations: [syncRegistration()], competitors: [], payments: [] },
      outbox(['recordDoorPayment@1', args], ['recordDoorPayment@1', args]),
      dana,
      now,
    );
    expect(twice.payments).toHaveLength(1);
    expect(twice.registrations[0]?.balanceOwing).toBe(0);

    const confirmed = await replayOutbox(
      {
        registrations: [syncRegistration({ balanceOwing: 0, amountPaid: 40 })],
        competitors: [],
        payments: [pay()],
      },
      outbox(['recordDoorPayment@1', args]),
      dana,
      now,
    );
    expect(confirmed.payments).toHaveLength(1);
    expect(confirmed.registrations[0]).toMatchObject({ balanceOwing: 0, amountPaid: 40 });
    expect(confirmed.pendingPaymentIds.size).toBe(0);
  });

  it('two tablets taking the balance offline leave a refund due, not a lost record', async () => {
    const view = await replayOutbox(
      {
        registrations: [syncRegistration({ balanceOwing: 0, amountPaid: 40 })],
        competitors: [],
        payments: [pay()],
      },
      outbox([
        'recordDoorPayment@1',
        { paymentId: 'a1b2c3d4-0000-4000-8000-000000000002', registrationId: 1, method: 'card', amount: 40 },
      ]),
      dana,
      now,
    );
    expect(view.registrations[0]?.balanceOwing).toBe(-40);
    expect(view.payments).toHaveLength(2);
  });

  it('a pending void marks the payment voided with its reason and raises the balance again', async () => {
    const view = await replayOutbox(
      {
        registrations: [syncRegistration({ balanceOwing: 0, amountPaid: 40 })],
        competitors: [],
        payments: [pay()],
      },
      outbox(['voidPayment@1', { paymentId: P1, reason: 'Entered twice' }]),
      { personId: 1, displayName: 'Sue Super' },
      now,
    );
    expect(view.payments[0]).toMatchObject({
      voided: true,
      voidReason: 'Entered twice',
      voidedByName: 'Sue Super',
    });
    expect(view.registrations[0]?.balanceOwing).toBe(40);
  });

  it('a payment for a registration not on the device is listed as failing, not shown as taken', async () => {
    const view = await replayOutbox(
      { registrations: [], competitors: [], payments: [] },
      outbox(['recordDoorPayment@1', { paymentId: P1, registrationId: 99, method: 'card', amount: 40 }]),
      dana,
      now,
    );
    expect(view.payments).toEqual([]);
    expect(view.failing).toEqual([
      expect.objectContaining({ name: 'recordDoorPayment@1', code: 'registration_not_found' }),
    ]);
  });
});

describe('walk-ins replayed over confirmed rows', () => {
  it('shows the provisional walk-in (negative ids) as registered, paid and checked in', async () => {
    const view = await replayOutbox(
      { registrations: [], competitors: [], payments: [] },
      outbox(['registerWalkIn@1', walkInArgs]),
      dana,
      now,
    );
    expect(view.failing).toEqual([]);
    const r = view.registrations.find((x) => x.walkInId === WALK_IN)!;
    expect(r.id).toBeLessThan(0);
    expect(r).toMatchObject({
      familyName: 'Ortiz',
      isWalkIn: true,
      cost: 60,
      amountPaid: 60,
      balanceOwing: 0,
    });
    const kids = view.competitors.filter((c) => c.registrationId === r.id);
    expect(kids).toEqual([expect.objectContaining({ firstName: 'Ana', checkedInByName: 'Dana Door' })]);
    expect(kids[0]?.checkedInAt).toBe('2026-11-22T09:04:00.000Z');
    expect(view.payments).toEqual([
      expect.objectContaining({ id: WALK_IN_PAYMENT, registrationId: r.id, amount: 60 }),
    ]);
  });

  it('once the server rows are here, the same walk-in still pending makes no second registration', async () => {
    const server = syncRegistration({
      id: 55,
      familyName: 'Ortiz',
      ownerFirstName: 'Sam',
      isWalkIn: true,
      walkInId: WALK_IN,
      cost: 60,
      amountPaid: 60,
      balanceOwing: 0,
    });
    const view = await replayOutbox(
      {
        registrations: [server],
        competitors: [
          syncCompetitor({
            id: 501,
            registrationId: 55,
            firstName: 'Ana',
            checkedInAt: '2026-11-22T09:04:00.000Z',
          }),
        ],
        payments: [pay({ id: WALK_IN_PAYMENT, registrationId: 55, amount: 60, tendered: 60 })],
      },
      outbox(['registerWalkIn@1', walkInArgs]),
      dana,
      now,
    );
    expect(view.registrations).toHaveLength(1);
    expect(view.competitors).toHaveLength(1);
    expect(view.payments).toHaveLength(1);
    expect(view.registrations[0]).toMatchObject({ id: 55, balanceOwing: 0 });
  });
});

describe("door records the tablet dates outside the tournament's window", () => {
  // What the tablet last heard of the next tournament (the tournament list and settings it keeps).
  const keepTournament = () => {
    keepOnDevice('/api/tournaments', [
      makeTournament({ registrationOpensOn: '2026-09-01', tournamentDate: '2026-11-28' }),
    ]);
    keepOnDevice('/api/settings', makeSettings());
  };
  afterEach(() => localStorage.clear());

  it('a payment and a check-in its clock dates 1900 are refused at the tap, with the reason; nothing is shown as done', async () => {
    keepTournament();
    const at = '1900-01-01T12:00:00.000Z';
    const view = await replayOutbox(
      { registrations: [syncRegistration()], competitors: [syncCompetitor()], payments: [] },
      outbox(
        ['recordDoorPayment@1', { paymentId: P1, registrationId: 1, method: 'cash', amount: 40, at }],
        ['checkInCompetitor@1', { competitorId: 10, at }],
      ),
      dana,
      now,
    );
    expect(view.payments).toEqual([]);
    expect(view.registrations[0]).toMatchObject({ balanceOwing: 40 });
    expect(view.competitors[0]?.checkedInAt).toBeNull();
    const reason = (what: string) =>
      `A ${what} dated Monday, January 1, 1900 is outside this tournament's dates: from the day registration opens (Tuesday, September 1, 2026) to the day after the tournament (Sunday, November 29, 2026). Check this device's date and time.`;
    // As the screen shows them (message references translated).
    expect(view.failing.map((f) => ({ ...f, message: tm(f.message) }))).toEqual([
      expect.objectContaining({
        name: 'recordDoorPayment@1',
        code: 'invalid_args',
        message: reason('payment'),
      }),
      expect.objectContaining({
        name: 'checkInCompetitor@1',
        code: 'invalid_args',
        message: reason('check-in'),
      }),
    ]);
  });

  it('a time within the window is taken as before; without a kept tournament list the server alone judges', async () => {
    keepTournament();
    const today = await replayOutbox(
      { registrations: [syncRegistration()], competitors: [], payments: [] },
      outbox([
        'recordDoorPayment@1',
        { paymentId: P1, registrationId: 1, method: 'cash', amount: 40, at: now.toISOString() },
      ]),
      dana,
      now,
    );
    expect(today.failing).toEqual([]);
    expect(today.payments).toEqual([expect.objectContaining({ id: P1, createdAt: now.toISOString() })]);
    localStorage.clear();
    const unknown = await replayOutbox(
      { registrations: [syncRegistration()], competitors: [], payments: [] },
      outbox([
        'recordDoorPayment@1',
        { paymentId: P1, registrationId: 1, method: 'cash', amount: 40, at: '1900-01-01T12:00:00.000Z' },
      ]),
      dana,
      now,
    );
    expect(unknown.failing).toEqual([]);
  });
});

describe('device store versions', () => {
  const names: string[] = [];
  afterEach(async () => {
    for (const name of names.splice(0)) await Dexie.delete(name);
  });

  it('upgrades a version 1 tablet keeping its rows and outbox, and drops the pull cookie for a full pull', async () => {
    const name = `upgrade-${Date.now()}`;
    names.push(name);
    const v1 = new Dexie(name);
    v1.version(1).stores({
      registrations: 'id, tournamentId',
      competitors: 'id, registrationId',
      outbox: 'id',
      rejections: 'mutationId',
      meta: 'key',
    });
    await v1.table('registrations').put(syncRegistration());
    await v1
      .table('outbox')
      .put({ id: 1, name: 'checkInCompetitor@1', args: { competitorId: 10 }, queuedAt: now.toISOString() });
    await v1.table('meta').bulkPut([
      { key: META.cookie('checkin'), value: 'c9' },
      { key: META.clientId, value: 'client-1' },
    ]);
    v1.close();

    const db = new DeviceDb(name);
    expect(await db.entity('registrations').count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await getMeta(db, META.cookie('checkin'))).toBeUndefined();
    expect(await getMeta(db, META.clientId)).toBe('client-1');
    await db.entity('payments').put(pay());
    expect(await db.entity('payments').where('registrationId').equals(1).count()).toBe(1);
    db.close();
  });

  it('pull patches put payments, a registration tombstone takes its payments, clear and logout empty them', async () => {
    const name = `patch-${Date.now()}`;
    names.push(name);
    const db = new DeviceDb(name);
    const payments = db.entity('payments');
    await applyPatch(db, 'checkin', [
      { op: 'put', entity: 'registrations', rows: [syncRegistration(), syncRegistration({ id: 2 })] },
      { op: 'put', entity: 'payments', rows: [pay(), pay({ id: 'p-2', registrationId: 2 })] },
    ]);
    expect(await payments.count()).toBe(2);
    await applyPatch(db, 'checkin', [{ op: 'del', entity: 'registrations', ids: [2] }]);
    expect((await payments.toArray()).map((p) => p.id)).toEqual([P1]);
    await applyPatch(db, 'checkin', [{ op: 'clear' }]);
    expect(await payments.count()).toBe(0);
    await payments.put(pay());
    await wipeDeviceStore(db);
    expect(await payments.count()).toBe(0);
    db.close();
  });
});
