import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ADMIN_REGISTRATION_MESSAGES,
  csvField,
  type CompetitorCreate,
  type RegistrationOptions,
} from '@tournament/shared';
import { competitors, payments } from '../db/schema.ts';
import { competitorInput } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { english } from '../testing/english.ts';

// The staff registrations desk (decision 014). Three families for the next tournament (pay at the
// door, no Stripe): the Lees (complete, part paid, one of two checked in), the Okafors
// (complete, fully paid, all checked in) and "=Hack" (incomplete, a formula-like name).

let t: TestApp;
let options: RegistrationOptions;
let tournamentId: number;
let lee: Awaited<ReturnType<TestApp['createUser']>>;
let okafor: Awaited<ReturnType<TestApp['createUser']>>;
let hack: Awaited<ReturnType<TestApp['createUser']>>;
let checkIn: { token: string; user: { id: number } };
let director: { token: string };
let leeId: number;
let okaforId: number;
let hackId: number;

/** Maya Lee in the first event at the first level. */
const makeCompetitor = (registrationId: number, over: Partial<CompetitorCreate> = {}) =>
  competitorInput(
    registrationId,
    { competitorLevelId: options.competitorLevels[0]?.id ?? 1, eventIds: [options.events[0]?.id ?? 1] },
    over,
  );

async function family(token: string, names: [string, string][], complete: boolean): Promise<number> {
  const id = (await t.call('POST', `/api/registration/create/${tournamentId}`, undefined, token)).json
    .registrationId as number;
  for (const [firstName, lastName] of names) {
    const res = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { firstName, lastName }),
      token,
    );
    expect(res.status).toBe(200);
  }
  if (complete)
    expect((await t.call('POST', `/api/registration/checkout/${id}`, undefined, token)).status).toBe(200);
  return id;
}

const list = (query = '', token = checkIn.token) =>
  t.call('GET', `/api/admin/registrations${query}`, undefined, token);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  tournamentId = (await t.call('GET', '/api/tournaments')).json[0].id;
  lee = await t.createUser('Customer', { firstName: 'Sam', lastName: 'Lee', phoneNumber: '7055550100' });
  okafor = await t.createUser('Customer', {
    firstName: 'Ada',
    lastName: 'Okafor',
    phoneNumber: '7055559999',
  });
  hack = await t.createUser('Customer', { firstName: '=HYPERLINK("x")', lastName: 'Hack' });
  checkIn = await t.createUser('CheckInAdmin');
  director = await t.createUser('TournamentDirector');
  options = (await t.call('GET', `/api/registration/options/${tournamentId}`, undefined, lee.token)).json;
  leeId = await family(
    lee.token,
    [
      ['Maya', 'Lee'],
      ['Noah', 'Lee'],
    ],
    true,
  );
  t.clock.advance(60_000);
  okaforId = await family(okafor.token, [['Chidi', 'Okafor']], true);
  t.clock.advance(60_000);
  hackId = await family(hack.token, [['Zed', 'Hack']], false);
  // The Lees paid part in cash; the Okafors paid it all. Maya Lee and Chidi Okafor are checked in.
  const cost = (await t.call('GET', `/api/registration/${okaforId}`, undefined, okafor.token)).json.cost;
  await t.db.insert(payments).values([
    { id: 'cash-lee-1', registrationId: leeId, method: 'cash', amount: 10, recordedBy: checkIn.user.id },
    {
      id: 'card-okafor-1',
      registrationId: okaforId,
      method: 'card',
      amount: cost,
      recordedBy: checkIn.user.id,
    },
  ]);
  for (const name of ['Maya', 'Chidi'])
    await t.db.update(competitors).set({ checkedInAt: t.clock.now }).where(eq(competitors.firstName, name));
}, 60_000);
afterAll(() => t.close());

const ids = (res: { json: any }) => res.json.rows.map((r: any) => r.registrationId);

describe('who may use the desk', () => {
  it('a visitor is asked to sign in and a customer is refused, on every desk route', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/registrations'],
      ['GET', '/api/admin/registrations.csv'],
      ['GET', `/api/admin/registrations/${leeId}`],
      ['POST', `/api/admin/registrations/${leeId}/resend-receipt`],
    ] as const) {
      expect((await t.call(method, url)).status, `${method} ${url}`).toBe(401);
      const refused = await t.call(method, url, undefined, lee.token);
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.json.message).toBeTruthy();
    }
  });

  it('every staff role reads the desk', async () => {
    const admin = await t.createUser('SuperAdmin');
    for (const token of [checkIn.token, director.token, admin.token])
      expect((await list('', token)).status).toBe(200);
  });
});

describe('the list', () => {
  it("defaults to the next tournament and shows each family's totals", async () => {
    const res = await list();
    expect(res.json.tournamentId).toBe(tournamentId);
    const leeRow = res.json.rows.find((r: any) => r.registrationId === leeId);
    expect(leeRow).toMatchObject({
      family: { ownerId: lee.user.id, name: 'Sam Lee', email: lee.user.email, phone: '7055550100' },
      competitorCount: 2,
      checkedInCount: 1,
      competitorNames: ['Maya Lee', 'Noah Lee'],
      paid: 10,
      complete: true,
    });
    expect(leeRow.balanceOwing).toBe(leeRow.cost - 10);
    expect(leeRow.confirmationCode).toMatch(/^[2-9A-Z]{8}$/);
    // Newest first by default.
    expect(ids(res)).toEqual([hackId, okaforId, leeId]);
  });

  it('searches owner names, e-mails, phones, competitor names and confirmation codes', async () => {
    expect(ids(await list('?q=noah'))).toEqual([leeId]);
    expect(ids(await list(`?q=${encodeURIComponent(okafor.user.email)}`))).toEqual([okaforId]);
    expect(ids(await list(`?q=${encodeURIComponent('(705) 555-9999')}`))).toEqual([okaforId]);
    expect(ids(await list('?q=Zed%20Hack'))).toEqual([hackId]);
    const code = (await list()).json.rows.find((r: any) => r.registrationId === okaforId).confirmationCode;
    expect(ids(await list(`?q=${code.toLowerCase()}`))).toEqual([okaforId]);
    expect((await list('?q=nobody-at-all')).json.rows).toEqual([]);
  });

  it('filters by complete, balance owing and checked in', async () => {
    expect(ids(await list('?complete=false'))).toEqual([hackId]);
    expect(ids(await list('?complete=true&sort=family'))).toEqual([leeId, okaforId]);
    expect(ids(await list('?balanceOwing=false'))).toEqual([okaforId]);
    expect(ids(await list('?balanceOwing=true&sort=family'))).toEqual([hackId, leeId]);
    expect(ids(await list('?checkedIn=true'))).toEqual([okaforId]);
    expect(ids(await list('?checkedIn=false&sort=family'))).toEqual([hackId, leeId]);
  });

  it('sorts by family, created and balance, either way', async () => {
    // By last name: Hack, Lee, Okafor.
    expect(ids(await list('?sort=family'))).toEqual([hackId, leeId, okaforId]);
    expect(ids(await list('?sort=family&dir=desc'))).toEqual([okaforId, leeId, hackId]);
    expect(ids(await list('?sort=created&dir=asc'))).toEqual([leeId, okaforId, hackId]);
    const byBalance = (await list('?sort=balance')).json.rows.map((r: any) => r.balanceOwing);
    expect(byBalance).toEqual([...byBalance].sort((a, b) => b - a));
    expect(ids(await list('?sort=balance')).at(-1)).toBe(okaforId);
  });

  it('refuses a bad query with field errors', async () => {
    for (const q of ['?sort=owner', '?complete=maybe', '?tournamentId=abc', `?q=${'x'.repeat(101)}`]) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(Object.keys(res.json.errors).length).toBeGreaterThan(0);
    }
  });

  it('another tournament with no registrations lists none (a director; a CheckInAdmin reaches only the next one, decision 018)', async () => {
    const res = await list('?tournamentId=999999', director.token);
    expect(res.status).toBe(200);
    expect(res.json.rows).toEqual([]);
    expect((await list('?tournamentId=999999')).status).toBe(403);
  });
});

describe('CSV export', () => {
  it('downloads the filtered rows as an attachment, quoted and formula-safe', async () => {
    const res = await t.call('GET', '/api/admin/registrations.csv?sort=family', undefined, checkIn.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="registrations.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Registration,Family,E-mail,Phone,Competitors/);
    expect(lines).toHaveLength(4);
    // The formula-like name is text with a leading apostrophe, and its quotes are doubled.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Hack"`);
    expect(lines[2]).toContain('Maya Lee; Noah Lee');
    // Created from 12:00 UTC on, written in Ontario time with its offset (decision 029).
    expect(lines[0]).toMatch(/,Created$/);
    for (const line of lines.slice(1)) expect(line).toMatch(/,2026-11-22T07:\d{2}:00-05:00$/);
    const filtered = await t.call(
      'GET',
      '/api/admin/registrations.csv?complete=false',
      undefined,
      checkIn.token,
    );
    expect(filtered.text.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('neutralises every formula prefix and quotes separators', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'].map(csvField)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvField('Lee, Sam')).toBe('"Lee, Sam"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });
});

describe('registration detail', () => {
  it('shows the owner, payments with who took them, every receipt and check-in state', async () => {
    const res = await t.call('GET', `/api/admin/registrations/${leeId}`, undefined, checkIn.token);
    expect(res.status).toBe(200);
    expect(res.json.registration.registrationId).toBe(leeId);
    expect(res.json.owner).toEqual({
      id: lee.user.id,
      name: 'Sam Lee',
      email: lee.user.email,
      phone: '7055550100',
      isStaff: false,
      isGuest: false,
    });
    expect(res.json.payments).toEqual([
      expect.objectContaining({
        id: 'cash-lee-1',
        method: 'cash',
        amount: 10,
        voided: false,
        recordedBy: expect.stringMatching(/^CheckInAdmin /),
      }),
    ]);
    expect(res.json.receipts).toHaveLength(1);
    expect(res.json.receipts[0].confirmationCode).toBe(res.json.registration.receipt.confirmationCode);
    expect(res.json.competitors.map((c: any) => [c.name, c.checkedInAt !== null])).toEqual([
      ['Maya Lee', true],
      ['Noah Lee', false],
    ]);
  });

  it('a staff-owned registration says so (it cannot be viewed as)', async () => {
    const id = await family(director.token, [['Dee', 'Rector']], false);
    expect(
      (await t.call('GET', `/api/admin/registrations/${id}`, undefined, checkIn.token)).json.owner.isStaff,
    ).toBe(true);
  });

  it('an unknown registration is 404 and a non-numeric id 400', async () => {
    expect((await t.call('GET', '/api/admin/registrations/999999', undefined, checkIn.token)).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/admin/registrations/abc', undefined, checkIn.token)).status).toBe(400);
  });
});

describe('resend receipt', () => {
  it('mails the latest receipt to the owner again', async () => {
    const before = t.sent.length;
    const res = await t.call(
      'POST',
      `/api/admin/registrations/${okaforId}/resend-receipt`,
      undefined,
      checkIn.token,
    );
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(english(ADMIN_REGISTRATION_MESSAGES.receiptResent(okafor.user.email)));
    expect(t.sent).toHaveLength(before + 1);
    const mail = t.sent.at(-1);
    expect(mail?.to).toBe(okafor.user.email);
    expect(mail?.subject).toContain(res.json.confirmationCode);
  });

  it('refuses with 409 when there is no receipt, and sends nothing', async () => {
    const before = t.sent.length;
    const res = await t.call(
      'POST',
      `/api/admin/registrations/${hackId}/resend-receipt`,
      undefined,
      checkIn.token,
    );
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(english(ADMIN_REGISTRATION_MESSAGES.noReceipt));
    expect(t.sent).toHaveLength(before);
  });

  it('a walk-in registered at the door shows no made-up e-mail, and its receipt is not mailed', async () => {
    const walkInId = crypto.randomUUID();
    const push = await t.call(
      'POST',
      '/sync/push',
      {
        clientGroupId: crypto.randomUUID(),
        clientId: crypto.randomUUID(),
        mutations: [
          {
            id: 1,
            name: 'registerWalkIn@1',
            args: {
              walkInId,
              contact: { firstName: 'Robin', lastName: 'Walker', email: '', phoneNumber: '7055550199' },
              competitors: [
                {
                  ...makeCompetitor(0, { firstName: 'Rowan', lastName: 'Walker' }),
                  registrationId: undefined,
                },
              ],
              spectators: 0,
              checkIn: true,
            },
          },
        ],
      },
      checkIn.token,
    );
    expect(push.json.results).toEqual([{ id: 1, status: 'applied', code: null, message: null }]);

    const row = (await list('?q=rowan')).json.rows[0];
    expect(row).toMatchObject({ walkIn: true, family: { name: 'Robin Walker', email: '' } });
    expect((await list('?q=guest.invalid')).json.rows).toEqual([]);
    const detail = await t.call(
      'GET',
      `/api/admin/registrations/${row.registrationId}`,
      undefined,
      checkIn.token,
    );
    expect(detail.json.owner).toMatchObject({ isGuest: true, email: '' });

    const before = t.sent.length;
    const res = await t.call(
      'POST',
      `/api/admin/registrations/${row.registrationId}/resend-receipt`,
      undefined,
      checkIn.token,
    );
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(english(ADMIN_REGISTRATION_MESSAGES.noEmail));
    expect(t.sent).toHaveLength(before);
  });

  it('says so when the mail server refuses', async () => {
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const res = await t.call(
        'POST',
        `/api/admin/registrations/${leeId}/resend-receipt`,
        undefined,
        checkIn.token,
      );
      expect(res.status).toBe(502);
      expect(res.json.message).toBe(english(ADMIN_REGISTRATION_MESSAGES.receiptNotSent));
    } finally {
      t.deps.mailer.send = send;
    }
  });
});

describe('staff change what a customer no longer can', () => {
  it('a director adds, edits and removes competitors and replaces contacts on a completed registration (not a CheckInAdmin, decision 018)', async () => {
    const added = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(leeId, { firstName: 'Ivy' }),
      director.token,
    );
    expect(added.status).toBe(200);
    const edited = await t.call(
      'PUT',
      '/api/registration/competitor',
      { ...makeCompetitor(leeId, { firstName: 'Ivie' }), id: added.json.id },
      director.token,
    );
    expect(edited.status).toBe(200);
    const contacts = await t.call(
      'PUT',
      `/api/registration/contacts/${leeId}`,
      { contacts: [{ name: 'Sam Lee', email: 'sam@example.com', phoneNumber: '7055550100' }] },
      director.token,
    );
    expect(contacts.status).toBe(200);
    let row = (await list('?q=ivie')).json.rows[0];
    expect(row).toMatchObject({ registrationId: leeId, competitorCount: 3, complete: true });
    // The customer still cannot.
    expect(
      (await t.call('DELETE', `/api/registration/competitor/${added.json.id}`, undefined, lee.token)).status,
    ).toBe(409);
    expect(
      (await t.call('DELETE', `/api/registration/competitor/${added.json.id}`, undefined, director.token))
        .status,
    ).toBe(200);
    row = (await list(`?q=${encodeURIComponent('sam lee')}`)).json.rows[0];
    expect(row.competitorCount).toBe(2);
  });
});
