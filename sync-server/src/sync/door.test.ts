import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { MUTATION_ERRORS, receiptItems } from '@tournament/shared';
import { english } from '../testing/english.ts';
import type {
  PatchOp,
  PullResponse,
  PushResponse,
  SyncPayment,
  SyncRegistration,
  Tournament,
} from '@tournament/shared';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  events,
  payments,
  receipts,
  registrationContacts,
  registrations,
  tournaments,
  users,
} from '../db/schema.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { recipientLanguage } from '../services/recipient-language.ts';
import { toRegistrations } from '../services/registration-views.ts';
import { insertFamily } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

// Decision 016, server side: door payments and walk-ins pushed through /sync like check-ins,
// offline batches included. Seeded next tournament: online $45, door $60, spectator $10.

let t: TestApp;
let next: Tournament;
let levelId: number;
let eventId: number;
let staff: { token: string; user: { id: number } };
let staff2: { token: string; user: { id: number } };
let superAdmin: { token: string; user: { id: number } };
let parent: { token: string; user: { id: number; email: string } };
let clientSeq = 0;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  const found = await getNextTournament(t.deps);
  if (!found) throw new Error('the seed has no next tournament');
  next = found;
  const [level] = await t.db.select().from(competitorLevels).limit(1);
  levelId = level?.id ?? 0;
  const [event] = await t.db
    .select()
    .from(events)
    .where(and(eq(events.tournamentId, next.id), eq(events.requiresWeight, false)))
    .limit(1);
  eventId = event?.id ?? 0;
  staff = await t.createUser('CheckInAdmin', { firstName: 'Dana', lastName: 'Door' });
  staff2 = await t.createUser('CheckInAdmin', { firstName: 'Eli', lastName: 'Entry' });
  superAdmin = await t.createUser('SuperAdmin', { firstName: 'Sam', lastName: 'Super' });
  parent = await t.createUser('Customer', {
    firstName: 'Pat',
    lastName: 'Lee',
    email: 'pat.lee@example.com',
  });
}, 120_000);
afterAll(() => t.close());

/** A registration of the next tournament with `n` competitors, written as the /api would. */
const makeFamily = (n: number, opts: { completed?: boolean; tournamentId?: number } = {}) =>
  insertFamily(t, {
    ownerUserId: parent.user.id,
    tournamentId: opts.tournamentId ?? next.id,
    competitorLevelId: levelId,
    competitors: n,
    completed: opts.completed,
  });

function tablet(token: string) {
  clientSeq += 1;
  const clientId = `door-tablet-${clientSeq}`;
  const clientGroupId = `door-group-${clientSeq}`;
  return {
    async push(mutations: { id: number; name: string; args: unknown }[]) {
      return t.call('POST', '/sync/push', { clientGroupId, clientId, mutations }, token);
    },
    async pull(scope: string, cookie: string | null) {
      const res = await t.call('POST', '/sync/pull', { clientGroupId, clientId, cookie, scope }, token);
      expect(res.status).toBe(200);
      return res.json as PullResponse;
    },
  };
}

function puts<R>(patch: PatchOp[], entity: 'registrations' | 'competitors' | 'payments'): R[] {
  return patch.flatMap((op) => (op.op === 'put' && op.entity === entity ? (op.rows as R[]) : []));
}

const pay = (
  id: number,
  registrationId: number,
  p: { paymentId?: string; method?: string; amount: number; tendered?: number },
) => ({
  id,
  name: 'recordDoorPayment@1',
  args: { paymentId: p.paymentId ?? crypto.randomUUID(), registrationId, method: p.method ?? 'cash', ...p },
});

async function paymentsOf(registrationId: number) {
  return t.db.select().from(payments).where(eq(payments.registrationId, registrationId));
}
/** The receipts as stored, their message references read in English. */
async function receiptsOf(registrationId: number) {
  const rows = await t.db
    .select()
    .from(receipts)
    .where(eq(receipts.registrationId, registrationId))
    .orderBy(asc(receipts.id));
  return rows.map((r) => ({
    ...r,
    title: english(r.title),
    description: english(r.description),
    items: r.items.map((i) => ({ ...i, description: english(i.description) })),
  }));
}

function walkInArgs(over: Record<string, unknown> = {}) {
  return {
    walkInId: crypto.randomUUID(),
    contact: { firstName: 'Robin', lastName: 'Walker', email: '', phoneNumber: '7055550199' },
    competitors: [1, 2].map((i) => ({
      firstName: `Walk${i}`,
      lastName: 'Walker',
      dateOfBirth: '2012-05-05',
      gender: 2,
      competitorLevelId: levelId,
      eventIds: [eventId],
      emergencyContactName: 'Robin Walker',
      emergencyContactPhone: '7055550199',
      emergencyContactRelationship: 'Parent',
      guardianConsent: true,
    })),
    spectators: 1,
    checkIn: true,
    ...over,
  };
}

describe('recordDoorPayment@1', () => {
  it('records a cash payment once even when pushed again by another tablet; the pull shows the cash handed over and the new balance', async () => {
    const fam = await makeFamily(2); // 2 x $45 = $90
    const paymentId = crypto.randomUUID();
    const a = tablet(staff.token);
    const first = await a.push([pay(1, fam.registrationId, { paymentId, amount: 90, tendered: 100 })]);
    expect(first.status).toBe(200);
    expect((first.json as PushResponse).results).toEqual([
      { id: 1, status: 'applied', code: null, message: null },
    ]);

    // The answer was lost: the same payment comes again from another tablet, and again from the first.
    const b = tablet(staff2.token);
    await b.push([pay(1, fam.registrationId, { paymentId, amount: 90, tendered: 100 })]);
    await a.push([pay(1, fam.registrationId, { paymentId, amount: 90, tendered: 100 })]);

    const rows = await paymentsOf(fam.registrationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: paymentId,
      method: 'cash',
      amount: 90,
      tendered: 100,
      recordedBy: staff.user.id,
    });
    expect(await receiptsOf(fam.registrationId)).toHaveLength(1);

    const pulled = await a.pull('checkin', null);
    const reg = puts<SyncRegistration>(pulled.patch, 'registrations').find(
      (r) => r.id === fam.registrationId,
    );
    expect(reg).toMatchObject({ cost: 90, amountPaid: 90, balanceOwing: 0, isWalkIn: false });
    const p = puts<SyncPayment>(pulled.patch, 'payments').find((x) => x.id === paymentId);
    expect(p).toMatchObject({ amount: 90, tendered: 100, recordedByName: 'Dana Door', voided: false });
  });

  it('the same payment pushed by two tablets at the same moment is recorded once', async () => {
    const fam = await makeFamily(1);
    const paymentId = crypto.randomUUID();
    const [a, b] = await Promise.all([
      tablet(staff.token).push([pay(1, fam.registrationId, { paymentId, amount: 45 })]),
      tablet(staff2.token).push([pay(1, fam.registrationId, { paymentId, amount: 45 })]),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await paymentsOf(fam.registrationId)).toHaveLength(1);
    expect(await receiptsOf(fam.registrationId)).toHaveLength(1);
  });

  it('a payment then a check-in queued offline apply in one push; the balance owing and receipt update in the next pull', async () => {
    const fam = await makeFamily(2, { completed: false });
    const a = tablet(staff.token);
    const before = await a.pull('checkin', null);
    const reg0 = puts<SyncRegistration>(before.patch, 'registrations').find(
      (r) => r.id === fam.registrationId,
    );
    expect(reg0).toMatchObject({ isCompleted: false, balanceOwing: 90, confirmationCodes: [] });

    const res = await a.push([
      pay(1, fam.registrationId, { method: 'card', amount: 50 }),
      { id: 2, name: 'checkInRegistration@1', args: { registrationId: fam.registrationId } },
    ]);
    expect((res.json as PushResponse).results.map((r) => r.status)).toEqual(['applied', 'applied']);

    const after = await a.pull('checkin', before.cookie);
    const reg = puts<SyncRegistration>(after.patch, 'registrations').find((r) => r.id === fam.registrationId);
    expect(reg).toMatchObject({ isCompleted: true, amountPaid: 50, balanceOwing: 40 });
    expect(reg?.confirmationCodes).toHaveLength(1);
    expect(
      puts<SyncPayment>(after.patch, 'payments').map((p) => [p.registrationId, p.method, p.amount]),
    ).toEqual([[fam.registrationId, 'card', 50]]);
    expect(puts(after.patch, 'competitors')).toHaveLength(2);

    const [receipt] = await receiptsOf(fam.registrationId);
    expect(receipt).toMatchObject({
      title: 'Registration confirmed: paid at the door',
      paymentAmount: 50,
      balanceOwing: 40,
    });
    expect(receipt?.description).toContain('Paid at the door (Card terminal): $50. Balance owing: $40.');
  });

  it('two tablets taking money offline for one family keep both payments: the balance shows a refund due', async () => {
    const fam = await makeFamily(1); // $45
    await tablet(staff.token).push([pay(1, fam.registrationId, { amount: 45 })]);
    await tablet(staff2.token).push([pay(1, fam.registrationId, { amount: 45, method: 'etransfer' })]);
    const pulled = await tablet(staff.token).pull('checkin', null);
    const reg = puts<SyncRegistration>(pulled.patch, 'registrations').find(
      (r) => r.id === fam.registrationId,
    );
    expect(reg).toMatchObject({ cost: 45, amountPaid: 90, balanceOwing: -45 });
    const latest = (await receiptsOf(fam.registrationId)).at(-1);
    expect(latest?.description).toContain('Refund due $45');
  });

  it("a door payment's receipt counts what the registration reads after it: people, lunches and every payment", async () => {
    // The receipt is made from the balance read before the payment plus this payment (decision
    // 016's door service reads it once); it must agree with a fresh read of the registration.
    const fam = await makeFamily(2, { completed: false });
    await t.db
      .update(registrations)
      .set({ spectators: 2, lunch: 3 })
      .where(eq(registrations.id, fam.registrationId));
    await tablet(staff.token).push([pay(1, fam.registrationId, { method: 'card', amount: 30 })]);
    await tablet(staff2.token).push([pay(1, fam.registrationId, { amount: 25, tendered: 40 })]);

    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, fam.registrationId));
    const [fresh] = await toRegistrations(t.deps, t.db, row ? [row] : [], new Map([[next.id, next]]));
    expect(fresh).toMatchObject({ isCompleted: true, amountPaid: 55 });
    const latest = (await receiptsOf(fam.registrationId)).at(-1);
    expect(latest).toMatchObject({
      total: fresh?.cost,
      balanceOwing: fresh?.balanceOwing,
      paymentAmount: 25,
    });
    expect(fresh?.balanceOwing).toBeGreaterThan(0);
    expect(latest?.items.map((i) => [i.quantity, i.amount])).toEqual(
      fresh ? receiptItems(fresh, fresh.tournament).map((i) => [i.quantity, i.amount]) : [],
    );
  });

  it('refuses bad arguments with a message saying what is wrong, and registrations of another tournament; nothing is recorded', async () => {
    const fam = await makeFamily(1);
    const [other] = await t.db
      .insert(tournaments)
      .values({
        tournamentDate: '2025-11-22',
        registrationOpensOn: '2025-09-01',
        registrationClosesAfter: '2025-11-15',
        competitorOnlineCost: 40,
        competitorDoorCost: 50,
        spectatorCost: 5,
        lunchCost: 0,
        city: 'Sudbury',
        venue: 'Old Gym',
      })
      .returning();
    const old = await makeFamily(1, { tournamentId: other!.id });
    const a = tablet(staff.token);
    const res = await a.push([
      pay(1, fam.registrationId, { amount: 45, tendered: 40 }),
      pay(2, fam.registrationId, { amount: 45, method: 'card', tendered: 50 }),
      pay(3, fam.registrationId, { amount: 0 }),
      {
        id: 4,
        name: 'recordDoorPayment@1',
        args: { paymentId: 'not-a-uuid', registrationId: fam.registrationId, method: 'cash', amount: 45 },
      },
      pay(5, fam.registrationId, { amount: 45, method: 'cheque' }),
      pay(6, 999_999, { amount: 45 }),
      pay(7, old.registrationId, { amount: 45 }),
    ]);
    expect(res.status).toBe(200);
    const results = (res.json as PushResponse).results;
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(results[0]?.message).toContain('tendered: The cash handed over must be at least the amount paid.');
    expect(results[1]?.message).toContain('tendered: Only a cash payment has cash handed over.');
    expect(results[2]?.message).toContain('amount: Please enter a whole dollar amount between 1 and 100000.');
    expect(results[3]?.message).toContain('paymentId');
    expect(results[4]?.message).toContain('method: Please choose cash, card terminal or e-transfer.');
    expect(results[5]).toMatchObject({ code: 'registration_not_found' });
    expect(results[6]).toMatchObject({ code: 'registration_not_found' });
    expect(await paymentsOf(fam.registrationId)).toHaveLength(0);
    expect(await paymentsOf(old.registrationId)).toHaveLength(0);
  });
});

describe('voidPayment@1', () => {
  it('a check-in admin push containing a void is refused whole (403): nothing in it applies', async () => {
    const fam = await makeFamily(1);
    const paymentId = crypto.randomUUID();
    await tablet(staff.token).push([pay(1, fam.registrationId, { paymentId, amount: 45 })]);
    const a = tablet(staff.token);
    const res = await a.push([
      { id: 1, name: 'checkInRegistration@1', args: { registrationId: fam.registrationId } },
      { id: 2, name: 'voidPayment@1', args: { paymentId, reason: 'Wrong family' } },
    ]);
    expect(res.status).toBe(403);
    const [row] = await paymentsOf(fam.registrationId);
    expect(row?.voided).toBe(false);
    const kids = await t.db
      .select()
      .from(competitors)
      .where(eq(competitors.registrationId, fam.registrationId));
    expect(kids.every((k) => k.checkedInAt === null)).toBe(true);
  });

  it('a SuperAdmin voids with a reason: the balance rises again, a receipt says so, and voiding again changes nothing', async () => {
    const fam = await makeFamily(1);
    const paymentId = crypto.randomUUID();
    await tablet(staff.token).push([pay(1, fam.registrationId, { paymentId, amount: 45 })]);
    const admin = tablet(superAdmin.token);
    const before = await admin.pull('checkin', null);
    const res = await admin.push([
      { id: 1, name: 'voidPayment@1', args: { paymentId, reason: 'Counted twice' } },
      { id: 2, name: 'voidPayment@1', args: { paymentId, reason: 'Again' } },
      { id: 3, name: 'voidPayment@1', args: { paymentId, reason: '   ' } },
    ]);
    const results = (res.json as PushResponse).results;
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    expect(results[2]?.message).toContain('Please give a reason for voiding this payment.');

    const [row] = await paymentsOf(fam.registrationId);
    expect(row).toMatchObject({ voided: true, voidReason: 'Counted twice', voidedBy: superAdmin.user.id });
    const after = await admin.pull('checkin', before.cookie);
    expect(puts<SyncPayment>(after.patch, 'payments')).toEqual([
      expect.objectContaining({
        id: paymentId,
        voided: true,
        voidReason: 'Counted twice',
        voidedByName: 'Sam Super',
      }),
    ]);
    const reg = puts<SyncRegistration>(after.patch, 'registrations').find((r) => r.id === fam.registrationId);
    expect(reg).toMatchObject({ amountPaid: 0, balanceOwing: 45 });
    const rs = await receiptsOf(fam.registrationId);
    expect(rs.map((r) => r.title)).toEqual(['Registration confirmed: paid at the door', 'Payment voided']);
    expect(rs[1]?.description).toContain('A cash payment of $45 was voided. Balance owing: $45.');
  });

  it('refuses to void an online payment (refunds go through Stripe) and an unknown payment', async () => {
    const fam = await makeFamily(1);
    await t.db
      .insert(payments)
      .values({ id: 'cs_test_door_1', registrationId: fam.registrationId, method: 'online', amount: 45 });
    const res = await tablet(superAdmin.token).push([
      { id: 1, name: 'voidPayment@1', args: { paymentId: 'cs_test_door_1', reason: 'Test' } },
      { id: 2, name: 'voidPayment@1', args: { paymentId: 'nope', reason: 'Test' } },
    ]);
    expect((res.json as PushResponse).results.map((r) => r.code)).toEqual([
      'online_payment',
      'payment_not_found',
    ]);
    expect((await paymentsOf(fam.registrationId))[0]?.voided).toBe(false);
  });
});

describe('registerWalkIn@1', () => {
  it('registers, takes payment and checks in a walk-in in one push at the door price; pushing it again makes nothing more', async () => {
    const args = walkInArgs({
      payment: { paymentId: crypto.randomUUID(), method: 'cash', amount: 130, tendered: 140 },
    });
    const a = tablet(staff.token);
    const before = await a.pull('checkin', null);
    const res = await a.push([{ id: 1, name: 'registerWalkIn@1', args }]);
    expect((res.json as PushResponse).results).toEqual([
      { id: 1, status: 'applied', code: null, message: null },
    ]);

    const regs = await t.db.select().from(registrations).where(eq(registrations.walkInId, args.walkInId));
    expect(regs).toHaveLength(1);
    const reg = regs[0]!;
    expect(reg).toMatchObject({ isWalkIn: true, isCompleted: true, spectators: 1, tournamentId: next.id });
    const kids = await t.db.select().from(competitors).where(eq(competitors.registrationId, reg.id));
    expect(kids.map((k) => [k.firstName, k.checkedInBy])).toEqual([
      ['Walk1', staff.user.id],
      ['Walk2', staff.user.id],
    ]);
    expect(kids.every((k) => k.checkedInAt !== null)).toBe(true);
    const entered = await t.db
      .select()
      .from(competitorEvents)
      .where(eq(competitorEvents.competitorId, kids[0]!.id));
    expect(entered.map((e) => e.eventId)).toEqual([eventId]);
    // No account given: a guest owner who cannot sign in.
    const [owner] = await t.db.select().from(users).where(eq(users.id, reg.ownerUserId));
    expect(owner).toMatchObject({
      isGuest: true,
      passwordHash: null,
      firstName: 'Robin',
      lastName: 'Walker',
    });
    expect(await paymentsOf(reg.id)).toEqual([
      expect.objectContaining({ amount: 130, tendered: 140, method: 'cash' }),
    ]);
    const rs = await receiptsOf(reg.id);
    expect(rs).toHaveLength(1);
    expect(rs[0]).toMatchObject({ total: 130, paymentAmount: 130, balanceOwing: 0 });
    expect(rs[0]?.items).toEqual([
      {
        description: 'Competitor registration at the door: Walk1 Walker',
        quantity: 1,
        unitPrice: 60,
        amount: 60,
      },
      {
        description: 'Competitor registration at the door: Walk2 Walker',
        quantity: 1,
        unitPrice: 60,
        amount: 60,
      },
      { description: 'Spectator pass', quantity: 1, unitPrice: 10, amount: 10 },
    ]);

    // The check-in scope shows it (its cost at the door price) to every tablet.
    const after = await a.pull('checkin', before.cookie);
    const row = puts<SyncRegistration>(after.patch, 'registrations').find((r) => r.id === reg.id);
    expect(row).toMatchObject({
      isWalkIn: true,
      walkInId: args.walkInId,
      familyName: 'Walker',
      cost: 130,
      amountPaid: 130,
      balanceOwing: 0,
      competitorCount: 2,
    });
    expect(row?.confirmationCodes).toHaveLength(1);
    expect(
      puts(after.patch, 'competitors').filter(
        (c) => (c as { registrationId: number }).registrationId === reg.id,
      ),
    ).toHaveLength(2);

    // Pushed again, by this tablet (a lost answer) and by another: nothing more.
    await a.push([{ id: 1, name: 'registerWalkIn@1', args }]);
    const again = await tablet(staff2.token).push([{ id: 1, name: 'registerWalkIn@1', args }]);
    expect((again.json as PushResponse).results[0]?.status).toBe('applied');
    expect(
      await t.db.select().from(registrations).where(eq(registrations.walkInId, args.walkInId)),
    ).toHaveLength(1);
    expect(await t.db.select().from(competitors).where(eq(competitors.registrationId, reg.id))).toHaveLength(
      2,
    );
    expect(await paymentsOf(reg.id)).toHaveLength(1);
    expect(await receiptsOf(reg.id)).toHaveLength(1);
  });

  it('a walk-in with the e-mail of an account, unconfirmed by the family, gets a guest owner (decision 018)', async () => {
    const args = walkInArgs({
      contact: { firstName: 'Pat', lastName: 'Lee', email: 'pat.lee@example.com' },
      competitors: [walkInArgs().competitors[0]],
      spectators: 0,
      checkIn: false,
    });
    const res = await tablet(staff.token).push([{ id: 1, name: 'registerWalkIn@1', args }]);
    expect((res.json as PushResponse).results[0]?.status).toBe('applied');
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.walkInId, args.walkInId));
    expect(reg?.ownerUserId).not.toBe(parent.user.id);
    const mine = await t.call('GET', `/api/registration/getAll/${next.id}`, undefined, parent.token);
    expect((mine.json as { registrationId: number }[]).map((r) => r.registrationId)).not.toContain(reg!.id);
  });

  it("a walk-in's messages go out in the language the family gave at the desk; an attached account keeps its own", async () => {
    const french = walkInArgs({ competitors: [walkInArgs().competitors[0]], spectators: 0, language: 'fr' });
    const res = await tablet(staff.token).push([{ id: 1, name: 'registerWalkIn@1', args: french }]);
    expect((res.json as PushResponse).results[0]?.status).toBe('applied');
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.walkInId, french.walkInId));
    expect(await recipientLanguage(t.db, { registrationId: reg!.id })).toBe('fr');

    // The family's own account (English) stays English: its owner chose it.
    const attached = walkInArgs({
      contact: { firstName: 'Pat', lastName: 'Lee', email: 'pat.lee@example.com' },
      competitors: [walkInArgs().competitors[0]],
      spectators: 0,
      attachToAccount: true,
      language: 'fr',
    });
    await tablet(staff.token).push([{ id: 1, name: 'registerWalkIn@1', args: attached }]);
    const [mine] = await t.db
      .select()
      .from(registrations)
      .where(eq(registrations.walkInId, attached.walkInId));
    expect(mine?.ownerUserId).toBe(parent.user.id);
    expect(await recipientLanguage(t.db, { registrationId: mine!.id })).toBe('en');
  });

  it('attaches a walk-in to the existing account of the e-mail the family confirmed; without payment it owes the door price', async () => {
    const args = walkInArgs({
      attachToAccount: true,
      contact: { firstName: 'Pat', lastName: 'Lee', email: 'PAT.LEE@example.com' },
      competitors: [walkInArgs().competitors[0]],
      spectators: 0,
      checkIn: false,
    });
    const res = await tablet(staff.token).push([{ id: 1, name: 'registerWalkIn@1', args }]);
    expect((res.json as PushResponse).results[0]?.status).toBe('applied');
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.walkInId, args.walkInId));
    expect(reg?.ownerUserId).toBe(parent.user.id);
    const contacts = await t.db
      .select()
      .from(registrationContacts)
      .where(eq(registrationContacts.registrationId, reg!.id));
    expect(contacts.map((c) => c.email)).toEqual(['pat.lee@example.com']);
    const kids = await t.db.select().from(competitors).where(eq(competitors.registrationId, reg!.id));
    expect(kids.every((k) => k.checkedInAt === null)).toBe(true);
    const [receipt] = await receiptsOf(reg!.id);
    expect(receipt).toMatchObject({
      title: 'Registration confirmed: pay at the door',
      total: 60,
      balanceOwing: 60,
    });

    // The family sees it in their account at the door price.
    const view = await t.call('GET', `/api/registration/${reg!.id}`, undefined, parent.token);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ cost: 60, balanceOwing: 60, isWalkIn: true });
  });

  it('refuses a walk-in the registration rules refuse, with the rule in the message, and makes nothing', async () => {
    const tooYoung = walkInArgs();
    tooYoung.competitors[0] = { ...tooYoung.competitors[0]!, guardianConsent: false };
    const badEvent = walkInArgs();
    badEvent.competitors[1] = { ...badEvent.competitors[1]!, eventIds: [999_999] };
    const noCompetitors = walkInArgs({ competitors: [] });
    const res = await tablet(staff.token).push([
      { id: 1, name: 'registerWalkIn@1', args: tooYoung },
      { id: 2, name: 'registerWalkIn@1', args: badEvent },
      { id: 3, name: 'registerWalkIn@1', args: noCompetitors },
    ]);
    const results = (res.json as PushResponse).results;
    expect(results.map((r) => r.code)).toEqual(['invalid_competitor', 'invalid_competitor', 'invalid_args']);
    expect(results[0]?.message).toBe(
      'Competitor 1: A parent or guardian must consent for a competitor under 18',
    );
    expect(results[1]?.message).toBe('Competitor 2: Please choose events offered at this tournament');
    expect(results[2]?.message).toContain('A walk-in registers between 1 and 10 competitors.');
    for (const a of [tooYoung, badEvent, noCompetitors]) {
      expect(
        await t.db.select().from(registrations).where(eq(registrations.walkInId, a.walkInId)),
      ).toHaveLength(0);
    }
    const guests = await t.db.select().from(users).where(eq(users.isGuest, true));
    expect(guests.map((g) => g.email)).not.toContain(`walk-in-${tooYoung.walkInId}@guest.invalid`);
  });

  it('a walk-in with a NUL in a name is refused alone: the door payment queued behind it applies', async () => {
    const fam = await makeFamily(1);
    const poisoned = walkInArgs({
      contact: { firstName: 'Robin', lastName: 'Wal\u0000ker', email: '', phoneNumber: '7055550199' },
    });
    const res = await tablet(staff.token).push([
      { id: 1, name: 'registerWalkIn@1', args: poisoned },
      pay(2, fam.registrationId, { amount: 45 }),
    ]);
    expect(res.status).toBe(200);
    const results = (res.json as PushResponse).results;
    expect(results.map((r) => [r.id, r.status, r.code])).toEqual([
      [1, 'rejected', 'invalid_args'],
      [2, 'applied', null],
    ]);
    expect(
      await t.db.select().from(registrations).where(eq(registrations.walkInId, poisoned.walkInId)),
    ).toHaveLength(0);
    expect(await paymentsOf(fam.registrationId)).toEqual([expect.objectContaining({ amount: 45 })]);
  });

  /** Runs `fn` while the competitors table refuses the first name "Refused": a rule the schema
   * does not have, so the table refuses a value the mutator's schema allows. */
  async function whileNamesRefused(fn: () => Promise<void>): Promise<void> {
    await t.database.execScript(
      `alter table competitors add constraint competitors_name_test check (first_name <> 'Refused')`,
    );
    try {
      await fn();
    } finally {
      await t.database.execScript('alter table competitors drop constraint competitors_name_test');
    }
  }

  it('a walk-in only the database refuses is rejected alone, saying so; the door payment behind it applies', async () => {
    await whileNamesRefused(async () => {
      const fam = await makeFamily(1);
      const refused = walkInArgs();
      refused.competitors[1] = { ...refused.competitors[1]!, firstName: 'Refused' };
      const a = tablet(staff.token);
      const res = await a.push([
        { id: 1, name: 'registerWalkIn@1', args: refused },
        pay(2, fam.registrationId, { amount: 45 }),
      ]);
      expect(res.status).toBe(200);
      const results = (res.json as PushResponse).results;
      expect(results).toEqual([
        {
          id: 1,
          status: 'rejected',
          code: 'invalid_args',
          message: english(MUTATION_ERRORS.refusedByDatabase),
        },
        { id: 2, status: 'applied', code: null, message: null },
      ]);
      // Nothing of the walk-in stays (not its guest owner, not its first competitor).
      expect(
        await t.db.select().from(registrations).where(eq(registrations.walkInId, refused.walkInId)),
      ).toHaveLength(0);
      const guests = await t.db.select().from(users).where(eq(users.isGuest, true));
      expect(guests.map((g) => g.email)).not.toContain(`walk-in-${refused.walkInId}@guest.invalid`);
      expect(await paymentsOf(fam.registrationId)).toEqual([expect.objectContaining({ amount: 45 })]);
      // The tablet learns of the refusal from its pull too, and moves past it.
      const pulled = await a.pull('checkin', null);
      expect(pulled.lastMutationIds).toMatchObject({ [`door-tablet-${clientSeq}`]: 2 });
      expect(pulled.rejections).toEqual([
        expect.objectContaining({
          mutationId: 1,
          name: 'registerWalkIn@1',
          code: 'invalid_args',
          message: english(MUTATION_ERRORS.refusedByDatabase),
        }),
      ]);
    });
  });

  it('a walk-in the database refuses, pushed alone, leaves nothing of itself and is recorded once; the next push goes on', async () => {
    // A push of one mutation takes no savepoint: its refusal rolls back the whole transaction,
    // and the refusal is recorded by a second one.
    await whileNamesRefused(async () => {
      const fam = await makeFamily(1);
      const refused = walkInArgs();
      refused.competitors[1] = { ...refused.competitors[1]!, firstName: 'Refused' };
      const a = tablet(staff.token);
      const res = await a.push([{ id: 1, name: 'registerWalkIn@1', args: refused }]);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        lastMutationId: 1,
        results: [
          {
            id: 1,
            status: 'rejected',
            code: 'invalid_args',
            message: english(MUTATION_ERRORS.refusedByDatabase),
          },
        ],
      });
      expect(
        await t.db.select().from(registrations).where(eq(registrations.walkInId, refused.walkInId)),
      ).toHaveLength(0);
      const guests = await t.db.select().from(users).where(eq(users.isGuest, true));
      expect(guests.map((g) => g.email)).not.toContain(`walk-in-${refused.walkInId}@guest.invalid`);
      // Sent again (its answer lost), it is not run again and answers as processed.
      const again = await a.push([{ id: 1, name: 'registerWalkIn@1', args: refused }]);
      expect(again.json).toEqual({ lastMutationId: 1, results: [] });
      const next = await a.push([pay(2, fam.registrationId, { amount: 45 })]);
      expect((next.json as PushResponse).results).toEqual([
        { id: 2, status: 'applied', code: null, message: null },
      ]);
      const pulled = await a.pull('checkin', null);
      expect(pulled.rejections.filter((r) => r.mutationId === 1)).toHaveLength(1);
    });
  });

  it('a database fault that is not about the data still fails the push, and nothing of its batch applies', async () => {
    await t.database.execScript(`
      create function competitors_fault_test() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Fault' then raise exception 'server fault' using errcode = 'XX000'; end if;
        return new;
      end $$;
      create trigger competitors_fault_test before insert on competitors
        for each row execute function competitors_fault_test();`);
    try {
      const fam = await makeFamily(1);
      const faulty = walkInArgs();
      faulty.competitors[0] = { ...faulty.competitors[0]!, firstName: 'Fault' };
      const res = await tablet(staff.token).push([
        pay(1, fam.registrationId, { amount: 45 }),
        { id: 2, name: 'registerWalkIn@1', args: faulty },
      ]);
      expect(res.status).toBe(500);
      // The tablet keeps both and pushes them again later.
      expect(await paymentsOf(fam.registrationId)).toHaveLength(0);
    } finally {
      await t.database.execScript(`
        drop trigger competitors_fault_test on competitors;
        drop function competitors_fault_test();`);
    }
  });

  it('a customer cannot push door mutators, and the customer scope carries no payments', async () => {
    const fam = await makeFamily(1);
    const res = await tablet(parent.token).push([pay(1, fam.registrationId, { amount: 45 })]);
    expect(res.status).toBe(403);
    await tablet(staff.token).push([pay(1, fam.registrationId, { amount: 45 })]);
    const mine = await tablet(parent.token).pull('customer', null);
    expect(puts(mine.patch, 'payments')).toEqual([]);
    expect(
      puts<SyncRegistration>(mine.patch, 'registrations').find((r) => r.id === fam.registrationId),
    ).toMatchObject({
      amountPaid: 45,
      balanceOwing: 0,
    });
  });
});

describe("door records dated outside the tournament's window", () => {
  // The seeded next tournament opens registration on November 22, 2026 (the test's today); the
  // venue is in Toronto. A tablet whose clock was reset pushes times from long before.
  const at1900 = '1900-01-01T12:00:00.000Z';
  const refusal = (what: string, day: string) =>
    new RegExp(
      `^A ${what} dated ${day} is outside this tournament's dates: from the day registration opens \\(Sunday, November 22, 2026\\) to the day after the tournament \\(.+\\)\\. Check this device's date and time\\.$`,
    );
  /** A door payment of `amount` taken at `at` by the tablet's clock. */
  const payAt = (id: number, registrationId: number, amount: number, at: string) => {
    const m = pay(id, registrationId, { method: 'card', amount });
    return { ...m, args: { ...m.args, at } };
  };

  it('a payment, a check-in and a walk-in dated 1900 are rejected as malformed, and nothing is recorded', async () => {
    const fam = await makeFamily(1, { completed: false });
    const args = walkInArgs({
      at: at1900,
      payment: { paymentId: crypto.randomUUID(), method: 'card', amount: 130 },
    });
    const res = await tablet(staff.token).push([
      payAt(1, fam.registrationId, 45, at1900),
      { id: 2, name: 'checkInCompetitor@1', args: { competitorId: fam.competitorIds[0], at: at1900 } },
      { id: 3, name: 'checkInRegistration@1', args: { registrationId: fam.registrationId, at: at1900 } },
      { id: 4, name: 'registerWalkIn@1', args },
    ]);
    expect(res.status).toBe(200);
    const results = (res.json as PushResponse).results;
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'invalid_args'],
      ['rejected', 'invalid_args'],
      ['rejected', 'invalid_args'],
      ['rejected', 'invalid_args'],
    ]);
    expect(results[0]?.message).toMatch(refusal('payment', 'Monday, January 1, 1900'));
    expect(results[1]?.message).toMatch(refusal('check-in', 'Monday, January 1, 1900'));
    expect(results[3]?.message).toMatch(refusal('walk-in', 'Monday, January 1, 1900'));
    expect(await paymentsOf(fam.registrationId)).toEqual([]);
    const [kid] = await t.db.select().from(competitors).where(eq(competitors.id, fam.competitorIds[0]!));
    expect(kid?.checkedInAt).toBeNull();
    expect(await t.db.select().from(registrations).where(eq(registrations.walkInId, args.walkInId))).toEqual(
      [],
    );
  });

  it('the evening before registration opens (venue time) is refused; the first minutes of the opening day are kept', async () => {
    const fam = await makeFamily(1);
    const res = await tablet(staff.token).push([
      payAt(1, fam.registrationId, 20, '2026-11-22T04:30:00Z'), // 11:30 p.m. on November 21 in Toronto
      payAt(2, fam.registrationId, 20, '2026-11-22T05:30:00Z'), // 12:30 a.m. on November 22 in Toronto
    ]);
    const results = (res.json as PushResponse).results;
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'invalid_args'],
      ['applied', null],
    ]);
    expect(results[0]?.message).toMatch(refusal('payment', 'Saturday, November 21, 2026'));
    expect((await paymentsOf(fam.registrationId)).map((p) => p.createdAt.toISOString())).toEqual([
      '2026-11-22T05:30:00.000Z',
    ]);
  });
});
