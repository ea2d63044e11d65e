import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn } from '@tournament/shared';
import {
  competitors,
  messageRecipients,
  messages,
  payments,
  receipts,
  registrationContacts,
  registrations,
  sharedFiles,
  syncTombstones,
  tournaments,
  users,
} from '../db/schema.ts';
import { fileStoreFor } from '../lib/file-store.ts';
import { getNextTournament } from './tournaments.ts';
import {
  oldPaymentsPlan,
  purgeInactiveAccounts,
  purgeOldPayments,
  purgePlan,
  retentionPreview,
  runPurge,
  runRetention,
  tournamentsDue,
  type PurgeKind,
} from './retention.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { matchdayWorld } from '../testing/matchday-fixtures.ts';

// Decision 046: the purge after a tournament. Its dry run lists exactly what the real run
// erases; a run stopped midway and run again ends where one uninterrupted run ends, with nothing
// kept that should be erased; a family that registered for a later tournament keeps its phone.
// Accounts idle for three years get a notice, then are erased 30 days later.

let t: TestApp;
let tournamentId: number;
let tournamentDate: string;
let kids: number[];
let stay: number;
let leave: number;
let fileKey: string;

/** Everything the purge should have erased that is still there (empty when done). */
async function leftovers() {
  const regIds = (
    await t.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.tournamentId, tournamentId))
  ).map((r) => r.id);
  const comps = await t.db.select().from(competitors).where(inArray(competitors.registrationId, regIds));
  const out: string[] = [];
  for (const c of comps) {
    if (!['01-01', '12-31'].includes(c.dateOfBirth.slice(5))) out.push(`birth date of ${c.id}`);
    if (c.weightKg !== null) out.push(`weight of ${c.id}`);
    if (c.emergencyContactName || c.emergencyContactPhone || c.emergencyContactRelationship)
      out.push(`emergency contact of ${c.id}`);
  }
  const files = await t.db.select().from(sharedFiles).where(inArray(sharedFiles.registrationId, regIds));
  if (files.length) out.push(`${files.length} file rows`);
  if (await fileStoreFor(t.deps.config).open(fileKey)) out.push('the stored file');
  const bodies = await t.db
    .select({ body: messageRecipients.body })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(eq(messages.tournamentId, tournamentId));
  if (bodies.some((b) => b.body !== '')) out.push('message bodies');
  const phones = await t.db
    .select({ phone: registrationContacts.phoneNumber })
    .from(registrationContacts)
    .where(inArray(registrationContacts.registrationId, regIds));
  if (phones.some((p) => p.phone)) out.push('contact phones');
  const [gone] = await t.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, leave));
  if (gone?.phone) out.push('phone of the family that did not come back');
  return out;
}

/** The rows of the tournament's families as they stand, for comparing two end states. */
async function state() {
  const comps = await t.db
    .select({
      id: competitors.id,
      firstName: competitors.firstName,
      dateOfBirth: competitors.dateOfBirth,
      weightKg: competitors.weightKg,
      school: competitors.school,
      ec: competitors.emergencyContactName,
    })
    .from(competitors)
    .where(inArray(competitors.id, kids));
  const phones = await t.db
    .select({ id: users.id, phone: users.phoneNumber })
    .from(users)
    .where(inArray(users.id, [stay, leave]));
  return { comps: comps.sort((a, b) => a.id - b.id), phones: phones.sort((a, b) => a.id - b.id) };
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  const tournament = (await getNextTournament(t.deps))!;
  tournamentId = tournament.id;
  tournamentDate = tournament.tournamentDate;
  const w = await matchdayWorld(t, tournamentId);
  const a = await t.createUser('Customer', { phoneNumber: '7055551111' });
  const b = await t.createUser('Customer', { phoneNumber: '7055552222' });
  stay = a.user.id;
  leave = b.user.id;
  const famA = await w.addFamily(stay, [
    { first: 'Ana', age: 9, gender: 2, level: 'Beginner', types: ['Forms'], weight: 30 },
  ]);
  const famB = await w.addFamily(leave, [
    { first: 'Ben', age: 12, gender: 1, level: 'Beginner', types: ['Forms'], weight: 44 },
    { first: 'Cy', age: 10, gender: 1, level: 'Beginner', types: ['Forms'] },
  ]);
  kids = [...famA.competitorIds, ...famB.competitorIds];
  // Real birth days, not the fixtures' January 1st.
  for (const [i, id] of kids.entries())
    await t.db
      .update(competitors)
      .set({ dateOfBirth: `${2014 - i}-0${i + 3}-1${i}` })
      .where(eq(competitors.id, id));
  for (const [reg, phone] of [
    [famA.registrationId, '7055553333'],
    [famB.registrationId, '7055554444'],
  ] as const)
    await t.db
      .insert(registrationContacts)
      .values({ registrationId: reg, name: 'Contact', email: `c${reg}@example.com`, phoneNumber: phone });
  const upload = new FormData();
  upload.set('registrationId', String(famB.registrationId));
  upload.set('file', new File(['%PDF-1.4\n%%EOF\n'], 'medical.pdf'));
  const uploaded = await t.app.request('/api/files', {
    method: 'POST',
    headers: { Authorization: `Bearer ${b.token}` },
    body: upload,
  });
  expect(uploaded.status).toBe(201);
  fileKey = (await t.db.select().from(sharedFiles))[0]!.publicId;
  const [m] = await t.db
    .insert(messages)
    .values({
      tournamentId,
      kind: 'broadcast',
      channel: 'email',
      subject: 'Doors',
      body: 'Doors open at 8:30.',
    })
    .returning();
  await t.db
    .insert(messageRecipients)
    .values([
      { messageId: m!.id, address: 'c1@example.com', body: 'Doors open at 8:30, Ana.', status: 'sent' },
    ]);
  // Family A registers for a later tournament: it keeps its phone number.
  const [later] = await t.db
    .insert(tournaments)
    .values({
      ...Object.fromEntries(
        Object.entries(
          (await t.db.select().from(tournaments).where(eq(tournaments.id, tournamentId)))[0]!,
        ).filter(([k]) => !['id', 'createdAt', 'updatedAt'].includes(k)),
      ),
      tournamentDate: `${Number(tournamentDate.slice(0, 4)) + 1}${tournamentDate.slice(4)}`,
    } as typeof tournaments.$inferInsert)
    .returning();
  await t.db.insert(registrations).values({ ownerUserId: stay, tournamentId: later!.id });
}, 180_000);
afterAll(() => t.close());

describe('the purge after a tournament', () => {
  it('is due the set number of months after the tournament, not before', async () => {
    const day = new Date(`${tournamentDate}T12:00:00Z`);
    expect(await tournamentsDue(t.db, day, 12)).not.toContain(tournamentId);
    const year = new Date(day.getTime() + 366 * 24 * 60 * 60 * 1000);
    expect(await tournamentsDue(t.db, year, 12)).toContain(tournamentId);
  });

  it('stopped midway and run again ends as one run would, erasing everything it should; the dry run lists what the run erases', async () => {
    const before = await purgePlan(t.db, tournamentId, 12);
    expect(before.birthDates).toHaveLength(3);
    expect(before.weights).toHaveLength(2);
    expect(before.files).toEqual([fileKey]);
    expect(before.accountPhones).toEqual([leave]);
    expect(before.contactPhones).toHaveLength(2);
    expect(before.messageBodies).toHaveLength(1);
    const ages = Object.fromEntries(
      (await t.db.select().from(competitors).where(inArray(competitors.id, kids))).map((c) => [
        c.id,
        ageOn(c.dateOfBirth, tournamentDate),
      ]),
    );

    // Killed after the files step: the stored file is gone, the rest not yet.
    const stop = new Error('killed');
    await expect(
      runPurge(t.deps, tournamentId, {
        afterStep: (kind: PurgeKind) => {
          if (kind === 'files') throw stop;
        },
      }),
    ).rejects.toBe(stop);
    const midway = await leftovers();
    expect(midway.length).toBeGreaterThan(0);
    const [marked] = await t.db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
    expect(marked?.personalDataPurgedAt).toBeNull();

    // The dry run now lists only what is left, and the real run erases exactly that.
    const preview = await purgePlan(t.db, tournamentId, 12);
    expect(preview.birthDates).toEqual([]);
    expect(preview.files).toEqual([]);
    const done = await runPurge(t.deps, tournamentId);
    expect(done).toEqual(preview);
    expect(await leftovers()).toEqual([]);
    const [purged] = await t.db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
    expect(purged?.personalDataPurgedAt).not.toBeNull();

    // Results keep what they need: the birth year, the age on the day, names and schools.
    const after = await t.db.select().from(competitors).where(inArray(competitors.id, kids));
    for (const c of after) expect(ageOn(c.dateOfBirth, tournamentDate)).toBe(ages[c.id]);
    expect(after.map((c) => c.firstName).sort()).toEqual(['Ana', 'Ben', 'Cy']);
    // The family registered for the next tournament keeps its phone.
    const [kept] = await t.db.select().from(users).where(eq(users.id, stay));
    expect(kept?.phoneNumber).toBe('7055551111');

    // A third run changes nothing and has nothing to list.
    const end = await state();
    const again = await runPurge(t.deps, tournamentId);
    expect(Object.values(again).filter(Array.isArray).flat()).toEqual([]);
    expect(await state()).toEqual(end);
  });
});

describe('payment records kept six years', () => {
  it('a 7-year-old payment and its receipt go, a 5-year-old one stays; the dry run lists what the run deletes, and a second run deletes nothing', async () => {
    const [reg] = await t.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.ownerUserId, leave));
    const years = (n: number) => new Date(t.clock.now.getTime() - n * 365.25 * 24 * 60 * 60 * 1000);
    const pay = async (id: string, at: Date) => {
      await t.db
        .insert(payments)
        .values({ id, registrationId: reg!.id, method: 'cash', amount: 45, payerName: 'Pat', createdAt: at });
      const [r] = await t.db
        .insert(receipts)
        .values({
          registrationId: reg!.id,
          paymentId: id,
          confirmationCode: `C-${id}`,
          title: 'Receipt',
          description: 'Registration',
          paymentAmount: 45,
          total: 45,
          balanceOwing: 0,
          items: [],
          createdAt: at,
        })
        .returning({ id: receipts.id });
      return r!.id;
    };
    const oldReceipt = await pay('pay-7-years', years(7));
    const recentReceipt = await pay('pay-5-years', years(5));

    const plan = await oldPaymentsPlan(t.db, t.clock.now);
    expect(plan.payments).toEqual(['pay-7-years']);
    expect(plan.receipts).toEqual([oldReceipt]);
    const preview = await retentionPreview(t.deps);
    expect(preview.payments).toEqual({ keptFrom: plan.keptFrom, payments: 1, receipts: 1 });

    const done = await purgeOldPayments(t.deps);
    expect(done).toEqual(plan);
    const left = await t.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.registrationId, reg!.id));
    expect(left.map((p) => p.id)).toEqual(['pay-5-years']);
    const leftReceipts = await t.db
      .select({ id: receipts.id })
      .from(receipts)
      .where(eq(receipts.registrationId, reg!.id));
    expect(leftReceipts.map((r) => r.id)).toEqual([recentReceipt]);
    // A device holding the payment drops it at its next pull.
    const stones = await t.db.select().from(syncTombstones).where(eq(syncTombstones.entityId, 'pay-7-years'));
    expect(stones).toMatchObject([{ entity: 'payments', tournamentId }]);

    // Nothing left to delete: the dry run says so, and the nightly job changes nothing.
    expect(await oldPaymentsPlan(t.db, t.clock.now)).toMatchObject({ payments: [], receipts: [] });
    await runRetention(t.deps);
    expect(
      await t.db.select({ id: payments.id }).from(payments).where(eq(payments.registrationId, reg!.id)),
    ).toEqual(left);
  });
});

describe('accounts nobody used for three years', () => {
  it('are mailed once, then erased 30 days later unless someone signed in', async () => {
    const idle = await t.createUser('Customer', { email: 'idle@example.com', firstName: 'Idle' });
    const back = await t.createUser('Customer', { email: 'back@example.com' });
    const staff = await t.createUser('TournamentDirector');
    const longAgo = new Date(t.clock.now.getTime() - 4 * 365 * 24 * 60 * 60 * 1000);
    await t.db
      .update(users)
      .set({ lastActiveAt: longAgo })
      .where(inArray(users.id, [idle.user.id, back.user.id, staff.user.id]));
    const first = await purgeInactiveAccounts(t.deps);
    expect(first.noticed.sort()).toEqual([idle.user.id, back.user.id].sort());
    expect(first.erased).toEqual([]);
    const mail = t.sent.find((m) => m.to === 'idle@example.com');
    expect(mail?.subject).toContain('your account will be deleted in 30 days');
    // Mailed once only.
    expect((await purgeInactiveAccounts(t.deps)).noticed).toEqual([]);

    // One family signs in within the 30 days; the other does not.
    const signIn = await t.call('POST', '/api/users/authenticate', {
      username: 'back@example.com',
      password: back.password,
    });
    expect(signIn.status).toBe(200);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    const later = await purgeInactiveAccounts(t.deps);
    expect(later.erased).toEqual([idle.user.id]);
    const rows = await t.db
      .select()
      .from(users)
      .where(inArray(users.id, [idle.user.id, back.user.id, staff.user.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(idle.user.id)?.erasedAt).not.toBeNull();
    expect(byId.get(idle.user.id)?.email).not.toBe('idle@example.com');
    expect(byId.get(back.user.id)?.erasedAt).toBeNull();
    expect(byId.get(staff.user.id)?.erasedAt).toBeNull();
  });
});
