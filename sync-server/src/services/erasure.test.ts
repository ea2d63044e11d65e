import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicResultsSchema, type PublicResults } from '@tournament/shared';
import type { Row } from '../db/client.ts';
import {
  divisionResults,
  payments,
  receipts,
  registrationContacts,
  ringDivisions,
  users,
} from '../db/schema.ts';
import { poke } from '../sync/push.ts';
import { getNextTournament } from './tournaments.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { matchdayWorld, type MatchdayWorld } from '../testing/matchday-fixtures.ts';

// Decision 046: "Delete my account". After it, nothing anywhere in the database carries the
// family's names, e-mail or phone but the payment record's kept columns; results keep their
// placings and points, as "Former competitor, School"; a check-in tablet drops the family at its
// next pull. The scan reads every table and column from information_schema, so a table added
// later is covered without editing this file. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

const FAMILY = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  email: 'zephyrine.quillfeather@example.com',
  phoneNumber: '7055559876',
};
const CONTACT = { name: 'Horatio Quillfeather', email: 'horatio.q@example.com', phoneNumber: '7055554321' };
const KIDS = ['Ottoline', 'Barnaby'];
/** Everything that must be gone, matched case-insensitively anywhere in a value. */
const NEEDLES = [
  FAMILY.firstName,
  FAMILY.lastName,
  FAMILY.email,
  FAMILY.phoneNumber,
  'Horatio',
  CONTACT.email,
  CONTACT.phoneNumber,
  ...KIDS,
];
/** The only places a needle may stay: the payment record's kept minimum (decision 046). */
const KEPT = new Set(['payments.payer_name']);

let t: TestApp;
let w: MatchdayWorld;
let director: string;
let desk: string;
let family: Awaited<ReturnType<TestApp['createUser']>>;
let other: Awaited<ReturnType<TestApp['createUser']>>;
let tournamentId: number;
let registrationId: number;
let kidIds: number[];
let before: PublicResults;
let checkinCookie: unknown;
const DEVICE = { clientGroupId: 'erasure-desk-group', clientId: 'erasure-desk' };

function rowsOf(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

async function must(method: string, url: string, token: string, body?: unknown, status = 200) {
  const res = await t.call(method, url, body, token);
  if (res.status !== status) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return res.json;
}

async function results(): Promise<PublicResults> {
  return PublicResultsSchema.parse((await t.call('GET', `/api/results/${tournamentId}`)).json);
}

async function checkinPull(cookie: unknown) {
  return must('POST', '/sync/pull', desk, { ...DEVICE, cookie, scope: 'checkin' });
}

/** Where each needle still is: "table.column" -> the needles found there. */
async function scan(): Promise<Record<string, string[]>> {
  const columns = rowsOf(
    await t.db.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables tb
        on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
      order by 1, 2`),
  ) as { table_name: string; column_name: string }[];
  expect(columns.length).toBeGreaterThan(50);
  const found: Record<string, string[]> = {};
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of NEEDLES) {
      const [hit] = rowsOf(
        await t.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where position(lower(${needle}) in lower(${sql.identifier(column)}::text)) > 0`,
        ),
      );
      if (Number(hit?.n) > 0) (found[`${table}.${column}`] ??= []).push(needle);
    }
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  director = (await t.createUser('TournamentDirector')).token;
  desk = (await t.createUser('CheckInAdmin')).token;
  family = await t.createUser('Customer', FAMILY);
  other = await t.createUser('Customer', { firstName: 'Mirabel', lastName: 'Otherfamily' });
  tournamentId = (await getNextTournament(t.deps))!.id;
  w = await matchdayWorld(t, tournamentId);
  const fam = await w.addFamily(family.user.id, [
    {
      first: KIDS[0]!,
      last: FAMILY.lastName,
      age: 12,
      gender: 1,
      level: 'Beginner',
      types: ['Forms'],
      school: 'Quiet Dojo',
      weight: 41,
    },
    {
      first: KIDS[1]!,
      last: FAMILY.lastName,
      age: 9,
      gender: 1,
      level: 'Beginner',
      types: ['Forms'],
      school: 'Quiet Dojo',
    },
  ]);
  registrationId = fam.registrationId;
  kidIds = fam.competitorIds;
  const rival = await w.addFamily(other.user.id, [
    {
      first: 'Ivy',
      last: 'Marchbanks',
      age: 12,
      gender: 1,
      level: 'Beginner',
      types: ['Forms'],
      school: 'Loud Dojo',
    },
  ]);
  await w.publish(director);
  // Ottoline's division completes: she is first, Ivy second.
  const boys = (await w.divisions()).get('Boys 12-13 Beginner')!;
  await t.db
    .update(divisionResults)
    .set({
      placings: [
        { competitorId: kidIds[0]!, place: 1 },
        { competitorId: rival.competitorIds[0]!, place: 2 },
      ],
      completedAt: t.clock.now,
    })
    .where(
      and(eq(divisionResults.divisionId, boys.id), eq(divisionResults.eventTypeId, w.type.get('Forms')!)),
    );
  await t.db
    .update(ringDivisions)
    .set({ status: 'completed', completedAt: t.clock.now })
    .where(eq(ringDivisions.id, boys.id));
  await poke(t.deps, tournamentId, ['matchday', 'signage']);

  // The family's contacts, a door payment, an upload, a message sent to it, a sign-in.
  await t.db
    .insert(registrationContacts)
    .values({ registrationId, ...CONTACT, agreedToSmsDivisionNotifications: true });
  await must('POST', '/sync/push', desk, {
    ...DEVICE,
    mutations: [
      {
        id: 1,
        name: 'recordDoorPayment@1',
        args: { paymentId: crypto.randomUUID(), registrationId, method: 'cash', amount: 45 },
      },
    ],
  });
  const upload = new FormData();
  upload.set('registrationId', String(registrationId));
  upload.set('file', new File(['%PDF-1.4\n%%EOF\n'], `${FAMILY.lastName}-waiver.pdf`));
  const uploaded = await t.app.request('/api/files', {
    method: 'POST',
    headers: { Authorization: `Bearer ${family.token}` },
    body: upload,
  });
  expect(uploaded.status).toBe(201);
  await must(
    'POST',
    '/api/admin/communications/send',
    director,
    {
      tournamentId,
      audience: { kind: 'all' },
      email: true,
      sms: false,
      subject: 'Doors',
      body: 'Doors open at 8:30.',
      smsBody: '',
    },
    202,
  );
  await must('POST', '/api/users/authenticate', '', { username: FAMILY.email, password: family.password });

  before = await results();
  const first = await checkinPull(null);
  checkinCookie = first.cookie;
  expect(JSON.stringify(first.patch)).toContain(KIDS[0]);
}, 240_000);
afterAll(() => t.close());

describe('Delete my account', () => {
  it('asks for the password again: a wrong one changes nothing and does not sign the family out', async () => {
    const res = await t.call(
      'POST',
      '/api/users/delete-account',
      { password: 'not the password' },
      family.token,
    );
    expect(res.status).toBe(422);
    expect(res.json.errors.password).toBe('That password is not right. Your account was not deleted.');
    const [still] = await t.db.select().from(users).where(eq(users.id, family.user.id));
    expect(still?.email).toBe(FAMILY.email);
    expect((await t.call('GET', '/api/users/privacy-policy', undefined, family.token)).status).toBe(200);
  });

  it('counts the password tries: a stolen session cannot guess the password here (429 after five)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await t.call('POST', '/api/users/delete-account', { password: `guess ${i}` }, other.token)).status,
      );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const [still] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(still?.erasedAt).toBeNull();
  });

  it('erases the account at once; the family can no longer sign in and its token is refused', async () => {
    const res = await t.call(
      'POST',
      '/api/users/delete-account',
      { password: family.password },
      family.token,
    );
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Your account has been deleted. Thank you for taking part.');
    const signIn = await t.call('POST', '/api/users/authenticate', {
      username: FAMILY.email,
      password: family.password,
    });
    expect(signIn.status).toBe(401);
    expect((await t.call('GET', '/api/users/privacy-policy', undefined, family.token)).status).toBe(401);
  });

  it("leaves the family's names, e-mail and phone nowhere but the payment record's kept columns", async () => {
    const found = await scan();
    const outside = Object.keys(found).filter((where) => !KEPT.has(where));
    expect(outside.map((where) => `${where}: ${found[where]!.join(', ')}`)).toEqual([]);
    // The payment keeps its minimum: amount, date, method, receipt code and the payer's name.
    const [paid] = await t.db.select().from(payments).where(eq(payments.registrationId, registrationId));
    expect(paid).toMatchObject({ amount: 45, method: 'cash', payerName: 'Zephyrine Quillfeather' });
    const kept = await t.db.select().from(receipts).where(eq(receipts.registrationId, registrationId));
    expect(kept.map((r) => r.confirmationCode).every((code) => code.length > 0)).toBe(true);
    expect(kept.length).toBeGreaterThan(0);
  });

  it('keeps placings and points: the child shows as "Former competitor" with the school', async () => {
    const after = await results();
    const placings = (r: PublicResults) => r.divisions.flatMap((d) => d.results.flatMap((x) => x.placings));
    expect(placings(after)).toEqual(
      placings(before).map((p) => (p.place === 1 ? { ...p, name: 'Former competitor' } : p)),
    );
    expect(placings(after)[0]).toEqual({ place: 1, name: 'Former competitor', school: 'Quiet Dojo' });
    const board = (r: PublicResults) =>
      r.leaderboard.flatMap((s) => s.rows.map((row) => [s.groupId, row.rank, row.points, row.school]));
    expect(board(after)).toEqual(board(before));
    expect(JSON.stringify(after)).not.toContain(KIDS[0]);
  });

  it("a check-in tablet drops the family's registration and children at its next pull", async () => {
    const next = await checkinPull(checkinCookie);
    const text = JSON.stringify(next.patch);
    expect(next.patch).toContainEqual({ op: 'del', entity: 'registrations', ids: [registrationId] });
    expect(next.patch).toContainEqual(
      expect.objectContaining({ op: 'del', entity: 'competitors', ids: expect.arrayContaining(kidIds) }),
    );
    for (const needle of NEEDLES) expect(text).not.toContain(needle);
    // A new tablet never receives them.
    const fresh = JSON.stringify((await checkinPull(null)).patch);
    expect(fresh).not.toContain(String(FAMILY.lastName));
    expect(fresh).toContain('Marchbanks');
  });

  it('refuses a staff account (its roles must go first)', async () => {
    const staff = await t.createUser('CheckInAdmin');
    const res = await t.call('POST', '/api/users/delete-account', { password: staff.password }, staff.token);
    expect(res.status).toBe(409);
    const [still] = await t.db.select().from(users).where(eq(users.id, staff.user.id));
    expect(still?.erasedAt).toBeNull();
  });

  it('a super admin carries out a request received by mail, from the desk; audited with the reason', async () => {
    const admin = await t.createUser('SuperAdmin');
    const url = `/api/admin/accounts/${other.user.id}/erase`;
    const blank = await t.call('POST', url, { reason: '  ' }, admin.token);
    expect(blank.status).toBe(400);
    expect(blank.json.errors.reason).toBeTruthy();
    expect((await t.call('POST', url, { reason: 'Asked by mail' }, director)).status).toBe(403);
    const [untouched] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(untouched?.erasedAt).toBeNull();

    const done = await t.call('POST', url, { reason: 'Letter from the parent, 2026-11-20' }, admin.token);
    expect(done.status).toBe(200);
    expect(done.json.message).toBe("The family's account has been deleted.");
    const [erased] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(erased?.erasedAt).not.toBeNull();
    const log = await t.call(
      'GET',
      `/api/admin/audit-log?entity=account&entityId=${other.user.id}`,
      undefined,
      admin.token,
    );
    expect(log.json[0]).toMatchObject({
      actorUserId: admin.user.id,
      action: 'delete',
      after: { via: 'staff', reason: 'Letter from the parent, 2026-11-20' },
    });
  });
});
