import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationOptions } from '@tournament/shared';
import { accessLog, messageRecipients, messages, payments, receipts } from '../db/schema.ts';
import { unzip } from '../lib/zip.ts';
import { EXPORTS_PER_ACCOUNT } from '../services/data-export.ts';
import { competitorInput } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

// Decision 045: a family downloads everything held about its account as one ZIP, and nothing of
// another family's; staff views of a family's details, CSV exports, impersonation and file
// downloads are written to the access log, which only a SuperAdmin reads and which the family's
// export lists. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

type Person = Awaited<ReturnType<TestApp['createUser']>>;
let t: TestApp;
let parent: Person;
let other: Person;
let director: Person;
let superAdmin: Person;
let tournamentId: number;
let options: RegistrationOptions;

interface Family {
  registrationId: number;
  competitorId: number;
  fileId: string;
}
const families = new Map<Person, Family>();

async function must(method: string, url: string, token: string, body?: unknown) {
  const res = await t.call(method, url, body, token);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return res.json;
}

/** A family through the /api, with a marker in every table an export reads, plus sent messages. */
async function fill(person: Person, marker: string): Promise<Family> {
  await t.call('POST', '/api/users/authenticate', { username: person.user.email, password: person.password });
  const { registrationId } = await must('POST', `/api/registration/create/${tournamentId}`, person.token);
  const competitor = await must(
    'POST',
    '/api/registration/competitor',
    person.token,
    competitorInput(
      registrationId,
      {
        competitorLevelId: options.competitorLevels[0]!.id,
        eventIds: [options.events.find((e) => !e.requiresWeight)!.id],
      },
      { firstName: `${marker}kid`, lastName: `${marker}last`, school: `${marker} Dojo` },
    ),
  );
  await must('PUT', `/api/registration/contacts/${registrationId}`, person.token, {
    contacts: [
      {
        name: `${marker} Contact`,
        email: `${marker.toLowerCase()}-contact@example.com`,
        phoneNumber: '7055550101',
      },
    ],
  });
  const paymentId = crypto.randomUUID();
  await t.db.insert(payments).values({ id: paymentId, registrationId, method: 'cash', amount: 45 });
  await t.db.insert(receipts).values({
    registrationId,
    paymentId,
    confirmationCode: `${marker}CODE`,
    title: 'Receipt',
    description: `${marker} receipt`,
    paymentAmount: 45,
    total: 45,
    balanceOwing: 0,
    items: [{ description: `${marker} competitor`, quantity: 1, unitPrice: 45, amount: 45 }],
  });
  const [email] = await t.db
    .insert(messages)
    .values({ tournamentId, kind: 'broadcast', channel: 'email', subject: 'Doors', body: 'Doors open.' })
    .returning();
  const [sms] = await t.db
    .insert(messages)
    .values({ tournamentId, kind: 'division', channel: 'sms', body: 'Your division' })
    .returning();
  const [notice] = await t.db
    .insert(messages)
    .values({ kind: 'notice', channel: 'email', subject: 'Notice', body: 'A notice' })
    .returning();
  await t.db.insert(messageRecipients).values([
    {
      messageId: email!.id,
      address: person.user.email,
      registrationId,
      subject: 'Doors',
      body: `${marker} mail body`,
      status: 'sent',
      sentAt: t.clock.now,
    },
    {
      messageId: sms!.id,
      address: '+17055550101',
      registrationId,
      body: `${marker} sms body`,
      status: 'sent',
      sentAt: t.clock.now,
    },
    // Sent to the account's own address, with no registration (an account notice).
    {
      messageId: notice!.id,
      address: person.user.email,
      subject: 'Notice',
      body: `${marker} notice body`,
      status: 'sent',
    },
  ]);
  const upload = new FormData();
  upload.set('registrationId', String(registrationId));
  upload.set('file', new File([`%PDF-1.4\n% ${marker} waiver\n%%EOF\n`], `${marker}-waiver.pdf`));
  const res = await t.app.request('/api/files', {
    method: 'POST',
    headers: { Authorization: `Bearer ${person.token}` },
    body: upload,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const family = {
    registrationId,
    competitorId: competitor.id as number,
    fileId: (await res.json()).fileId as string,
  };
  families.set(person, family);
  return family;
}

async function download(person: Person) {
  const res = await t.app.request('/api/users/my-data', {
    headers: { Authorization: `Bearer ${person.token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}

const entries = async (person: Person) => {
  const { res, bytes } = await download(person);
  expect(res.status).toBe(200);
  return new Map(unzip(bytes).map((e) => [e.name, e.data.toString('utf8')]));
};

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  parent = await t.createUser('Customer', { firstName: 'Pat', lastName: 'Parentson' });
  other = await t.createUser('Customer', { firstName: 'Otto', lastName: 'Otherfamily' });
  director = await t.createUser('TournamentDirector');
  superAdmin = await t.createUser('SuperAdmin');
  tournamentId = (await must('GET', '/api/tournaments', parent.token))[0].id;
  options = await must('GET', `/api/registration/options/${tournamentId}`, parent.token);
  await fill(parent, 'Alpha');
  await fill(other, 'Omega');
}, 120_000);
afterAll(() => t.close());

describe('the access log of staff views', () => {
  it("records a staff view of a family's details, CSV exports, impersonation and file downloads", async () => {
    const mine = families.get(parent)!;
    await must('GET', `/api/admin/registrations/${mine.registrationId}`, director.token);
    await t.call(
      'GET',
      `/api/admin/registrations.csv?tournamentId=${tournamentId}`,
      undefined,
      director.token,
    );
    await must('POST', `/api/admin/impersonation/${parent.user.id}`, director.token);
    const file = await t.call('GET', `/api/files/${mine.fileId}`, undefined, director.token);
    expect(file.status).toBe(200);
    // The family's own download of its file is no staff access.
    await t.call('GET', `/api/files/${mine.fileId}`, undefined, parent.token);

    const rows = await t.db.select().from(accessLog).orderBy(asc(accessLog.id));
    const about = (userId: number) =>
      rows.filter((r) => r.familyUserId === userId).map((r) => [r.kind, r.actorUserId, r.registrationId]);
    expect(about(parent.user.id)).toEqual([
      ['details', director.user.id, mine.registrationId],
      ['csv', director.user.id, mine.registrationId],
      ['impersonation', director.user.id, null],
      ['file', director.user.id, mine.registrationId],
    ]);
    // The CSV held the other family too: an entry about it, and only that one.
    expect(about(other.user.id)).toEqual([['csv', director.user.id, families.get(other)!.registrationId]]);
  });

  it('lets only a SuperAdmin read the log, filtered by staff member, family, kind and day', async () => {
    expect((await t.call('GET', '/api/admin/access-log', undefined, director.token)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/access-log', undefined, parent.token)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/access-log')).status).toBe(401);

    const all = await must('GET', '/api/admin/access-log', superAdmin.token);
    expect(all.actors).toEqual([
      { id: director.user.id, name: director.user.firstName + ' ' + director.user.lastName },
    ]);
    expect(all.entries).toHaveLength(5);
    const csv = await must('GET', '/api/admin/access-log?kind=csv', superAdmin.token);
    expect(csv.entries.map((e: { family: { name: string } }) => e.family.name).sort()).toEqual([
      'Otto Otherfamily',
      'Pat Parentson',
    ]);
    const otto = await must('GET', '/api/admin/access-log?family=otherfam', superAdmin.token);
    expect(otto.entries.map((e: { kind: string }) => e.kind)).toEqual(['csv']);
    const byActor = await must(
      'GET',
      `/api/admin/access-log?actorId=${superAdmin.user.id}`,
      superAdmin.token,
    );
    expect(byActor.entries).toEqual([]);
    expect(
      (await must('GET', '/api/admin/access-log?from=2026-11-22&to=2026-11-22', superAdmin.token)).entries,
    ).toHaveLength(5);
    expect((await must('GET', '/api/admin/access-log?from=2026-11-23', superAdmin.token)).entries).toEqual(
      [],
    );
    const bad = await t.call(
      'GET',
      '/api/admin/access-log?kind=peek&from=yesterday',
      undefined,
      superAdmin.token,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['from', 'kind']);
  });
});

describe('Download my data', () => {
  it("holds everything about the family's account and nothing of another family's", async () => {
    const zip = await entries(parent);
    expect([...zip.keys()].sort()).toEqual(
      [
        'account.csv',
        'competitors.csv',
        'consent-records.csv',
        'contacts.csv',
        `files/${families.get(parent)!.fileId}-Alpha-waiver.pdf`,
        'files.csv',
        'messages.csv',
        'my-data.json',
        'payments.csv',
        'receipts.csv',
        'registrations.csv',
        'sign-ins.csv',
        'staff-access.csv',
        'unsubscribed.csv',
      ].sort(),
    );
    const data = JSON.parse(zip.get('my-data.json')!);
    expect(data.account).toMatchObject({ id: parent.user.id, email: parent.user.email, firstName: 'Pat' });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(data.signIns).toHaveLength(1);
    expect(data.signIns[0].signedInAt).toBe('2026-11-22T12:00:00.000Z');
    expect(data.competitors).toMatchObject([
      { firstName: 'Alphakid', lastName: 'Alphalast', school: 'Alpha Dojo' },
    ]);
    expect(data.consentRecords.map((c: { kind: string }) => c.kind).sort()).toEqual(
      expect.arrayContaining(['participation']),
    );
    expect(data.registrations).toHaveLength(1);
    expect(data.payments).toMatchObject([{ method: 'cash', amount: 45 }]);
    expect(data.receipts).toMatchObject([{ confirmationCode: 'AlphaCODE' }]);
    expect(data.contacts).toMatchObject([{ name: 'Alpha Contact', email: 'alpha-contact@example.com' }]);
    expect(data.messages.map((m: { channel: string; body: string }) => [m.channel, m.body])).toEqual([
      ['email', 'Alpha mail body'],
      ['sms', 'Alpha sms body'],
      ['email', 'Alpha notice body'],
    ]);
    expect(data.files).toMatchObject([{ name: 'Alpha-waiver.pdf', type: 'application/pdf' }]);
    expect(zip.get(`files/${families.get(parent)!.fileId}-Alpha-waiver.pdf`)).toContain('Alpha waiver');
    // The staff accesses about this family, and this download itself.
    expect(data.staffAccess.map((a: { kind: string }) => a.kind)).toEqual([
      'details',
      'csv',
      'impersonation',
      'file',
      'export',
    ]);
    expect(zip.get('competitors.csv')).toMatch(/^id,registrationId,firstName,lastName/);
    expect(zip.get('competitors.csv')).toContain('Alphakid');

    const everything = [...zip.values()].join('\n');
    for (const foreign of ['Omega', 'omega', 'Otto', 'Otherfamily', other.user.email])
      expect(everything).not.toContain(foreign);
    expect(everything).not.toContain(String(families.get(other)!.fileId));
  });

  it('is audited, and limited to a few downloads an hour per account', async () => {
    const before = await t.db.select().from(accessLog).where(eq(accessLog.kind, 'export'));
    expect(before.map((r) => [r.actorUserId, r.familyUserId])).toEqual([[parent.user.id, parent.user.id]]);
    for (let i = 1; i < EXPORTS_PER_ACCOUNT; i++) expect((await download(parent)).res.status).toBe(200);
    const refused = await download(parent);
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Another account has its own allowance.
    expect((await download(other)).res.status).toBe(200);
    expect((await t.call('GET', '/api/users/my-data')).status).toBe(401);
  });
});
