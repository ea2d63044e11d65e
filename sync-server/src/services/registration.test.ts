import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerify } from 'jose';
import {
  CHECK_IN_AUDIENCE,
  COMPETITOR_MESSAGES,
  CONFIRMATION_CODE,
  MESSAGES,
  REGISTRATION_MESSAGES,
  type CompetitorCreate,
  type RegistrationOptions,
} from '@tournament/shared';
import { siteSettings } from '../db/schema.ts';
import { verifyJwt } from '../lib/jwt.ts';
import { competitorInput } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { SETTINGS_CACHE_KEY } from './site-settings.ts';
import { ISSUER } from './tokens.ts';
import { english } from '../testing/english.ts';

// Decision 009: the /api/registration rules, messages and ownership cases (pay at the door:
// no Stripe configured). Stripe Checkout and its webhook: payments.test.ts.

let t: TestApp;
let options: RegistrationOptions;
let tournamentId: number;
let forms: number;
let sparring: number;
let weapons: number;
let parent: { token: string; user: { id: number; email: string } };
let other: { token: string };
let staff: { token: string };

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  tournamentId = (await t.call('GET', '/api/tournaments')).json[0].id;
  parent = await t.createUser('Customer');
  other = await t.createUser('Customer');
  staff = await t.createUser('CheckInAdmin');
  options = (await t.call('GET', `/api/registration/options/${tournamentId}`, undefined, parent.token)).json;
  const byName = (n: string) => options.events.find((e) => e.name === n)?.id ?? -1;
  forms = byName('Forms');
  sparring = byName('Sparring');
  weapons = byName('Weapons');
}, 60_000);
afterAll(() => t.close());

/** Maya Lee in Forms at the first level. */
const makeCompetitor = (registrationId: number, over: Partial<CompetitorCreate> = {}) =>
  competitorInput(
    registrationId,
    { competitorLevelId: options.competitorLevels[0]?.id ?? 1, eventIds: [forms] },
    over,
  );

async function newRegistration(token: string) {
  const res = await t.call('POST', `/api/registration/create/${tournamentId}`, undefined, token);
  expect(res.status).toBe(200);
  return res.json.registrationId as number;
}

describe('events offered', () => {
  it('the seeded tournament offers one event per event type, sparring needing a weight', () => {
    expect(options.events.map((e) => e.name)).toEqual(['Forms', 'Sparring', 'Weapons', 'Self-Defense']);
    expect(options.events.filter((e) => e.requiresWeight).map((e) => e.name)).toEqual(['Sparring']);
    expect(options.competitorLevels.map((l) => l.name)).toContain('Beginner');
  });
});

describe('creating and resuming', () => {
  it('a visitor without a token is refused', async () => {
    const res = await t.call('POST', `/api/registration/create/${tournamentId}`);
    expect(res.status).toBe(401);
  });

  it('creating twice resumes the incomplete registration instead of making a second', async () => {
    const c = await t.createUser('Customer');
    const first = await t.call('POST', `/api/registration/create/${tournamentId}`, undefined, c.token);
    expect(first.json).toMatchObject({
      tournamentId,
      isCompleted: false,
      competitors: [],
      spectators: 0,
      lunch: 0,
      cost: 0,
      tournament: { id: tournamentId, competitorOnlineCost: 45, spectatorCost: 10, lunchCost: 12 },
    });
    expect(first.json.receipt).toBeUndefined();
    const again = await t.call('POST', `/api/registration/create/${tournamentId}`, undefined, c.token);
    expect(again.json.registrationId).toBe(first.json.registrationId);
    const incomplete = await t.call(
      'GET',
      `/api/registration/incomplete/${tournamentId}`,
      undefined,
      c.token,
    );
    expect(incomplete.json.registrationId).toBe(first.json.registrationId);
  });

  it("a new registration's first contact is the account's name, e-mail and sign-up phone, choices unset", async () => {
    const c = await t.createUser('Customer', {
      firstName: 'Pat',
      lastName: 'Lee',
      phoneNumber: '(705) 555-0123',
    });
    const res = await t.call('POST', `/api/registration/create/${tournamentId}`, undefined, c.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.contacts).toEqual([
      expect.objectContaining({
        name: 'Pat Lee',
        email: c.user.email,
        phoneNumber: '7055550123',
        agreedToSmsDivisionNotifications: null,
        agreedToEmailDivisionNotifications: null,
        lacksSmsPreference: true,
      }),
    ]);
    // Without a phone number at sign-up: the e-mail alone.
    const d = await t.createUser('Customer', { phoneNumber: '' });
    const other = await t.call('POST', `/api/registration/create/${tournamentId}`, undefined, d.token);
    expect(other.json.contacts).toEqual([
      expect.objectContaining({ email: d.user.email, phoneNumber: null }),
    ]);
  });

  it('a customer without one gets null for incomplete and false for has-completed', async () => {
    const c = await t.createUser('Customer');
    expect(
      (await t.call('GET', `/api/registration/incomplete/${tournamentId}`, undefined, c.token)).json,
    ).toBeNull();
    expect((await t.call('GET', '/api/registration/has-completed', undefined, c.token)).json).toBe(false);
  });

  it('an unknown tournament answers 404 and a non-numeric id 400', async () => {
    expect((await t.call('POST', '/api/registration/create/9999', undefined, parent.token)).status).toBe(404);
    expect((await t.call('GET', '/api/registration/abc', undefined, parent.token)).status).toBe(400);
  });
});

describe('competitors', () => {
  let id: number;
  beforeAll(async () => {
    id = await newRegistration(parent.token);
  });

  it('adds a competitor with the docs/design.md §5 fields and answers it with the age on tournament day', async () => {
    const res = await t.call('POST', '/api/registration/competitor', makeCompetitor(id), parent.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      registrationId: id,
      firstName: 'Maya',
      age: 10,
      eventIds: [forms],
      weightKg: null,
    });
    const got = await t.call('GET', `/api/registration/competitor/${res.json.id}`, undefined, parent.token);
    expect(got.json.firstName).toBe('Maya');
  });

  it('needs at least one event', async () => {
    const res = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { eventIds: [] }),
      parent.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors.eventIds).toBe(english(COMPETITOR_MESSAGES.atLeastOneEvent));
  });

  it('needs guardian consent for a competitor under 18, not for an adult', async () => {
    const minor = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { guardianConsent: false }),
      parent.token,
    );
    expect(minor.status).toBe(400);
    expect(minor.json.errors.guardianConsent).toBe(english(COMPETITOR_MESSAGES.guardianConsent));
    const adult = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { firstName: 'Sam', dateOfBirth: '1990-03-04', guardianConsent: false }),
      parent.token,
    );
    expect(adult.status).toBe(200);
  });

  it('refuses an implausible or malformed date of birth', async () => {
    for (const dateOfBirth of ['2030-01-01', '1900-01-01', '2025-06-01']) {
      const res = await t.call(
        'POST',
        '/api/registration/competitor',
        makeCompetitor(id, { dateOfBirth }),
        parent.token,
      );
      expect(res.status).toBe(400);
      expect(res.json.errors.dateOfBirth).toBe(english(COMPETITOR_MESSAGES.implausibleDateOfBirth));
    }
    const bad = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { dateOfBirth: '2016-02-30' }),
      parent.token,
    );
    expect(bad.json.errors.dateOfBirth).toBe(english(COMPETITOR_MESSAGES.dateOfBirth));
  });

  it('needs a weight when an entered event needs one', async () => {
    const res = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { eventIds: [forms, sparring] }),
      parent.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors.weightKg).toBe(english(COMPETITOR_MESSAGES.weightRequired('Sparring')));
    const ok = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { eventIds: [forms, sparring], weightKg: 32.5 }),
      parent.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.json.weightKg).toBe(32.5);
  });

  it('answers clear messages for missing and malformed fields', async () => {
    const res = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { firstName: '  ', emergencyContactPhone: '12345' }),
      parent.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      firstName: english(MESSAGES.required),
      emergencyContactPhone: english(MESSAGES.phone),
    });
  });

  it('refuses an event of another tournament or an unknown level', async () => {
    const res = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { eventIds: [99999], competitorLevelId: 99999 }),
      parent.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      eventIds: english(COMPETITOR_MESSAGES.unknownEvent),
      competitorLevelId: english(COMPETITOR_MESSAGES.unknownLevel),
    });
  });

  it('edits a competitor and deletes one, answering the registration without it', async () => {
    const added = await t.call(
      'POST',
      '/api/registration/competitor',
      makeCompetitor(id, { firstName: 'Leo' }),
      parent.token,
    );
    const edited = await t.call(
      'PUT',
      '/api/registration/competitor',
      { ...makeCompetitor(id, { firstName: 'Leon', eventIds: [weapons] }), id: added.json.id },
      parent.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: added.json.id, firstName: 'Leon', eventIds: [weapons] });
    const deleted = await t.call(
      'DELETE',
      `/api/registration/competitor/${added.json.id}`,
      undefined,
      parent.token,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.json.competitors.map((c: { id: number }) => c.id)).not.toContain(added.json.id);
  });
});

describe('spectator passes and lunch tickets', () => {
  let id: number;
  beforeAll(async () => {
    id = await newRegistration((await t.createUser('Customer')).token);
  });

  it('POST adds one and DELETE removes one, each answering the new count', async () => {
    const owner = (await t.call('GET', `/api/registration/${id}`, undefined, staff.token)).json.owner;
    expect(owner.personId).toBeGreaterThan(0);
    const token = staff.token;
    expect((await t.call('POST', `/api/registration/spectator/${id}`, undefined, token)).json).toBe(1);
    expect((await t.call('POST', `/api/registration/spectator/${id}`, undefined, token)).json).toBe(2);
    expect((await t.call('DELETE', `/api/registration/spectator/${id}`, undefined, token)).json).toBe(1);
    expect((await t.call('DELETE', `/api/registration/spectator/${id}`, undefined, token)).json).toBe(0);
    const none = await t.call('DELETE', `/api/registration/spectator/${id}`, undefined, token);
    expect(none.status).toBe(409);
    expect(none.json.message).toBe(english(REGISTRATION_MESSAGES.noSpectatorToRemove));
  });

  it('lunch tickets are refused while SellLunchTickets is off, and sold while it is on', async () => {
    const off = await t.call('POST', `/api/registration/lunch/${id}`, undefined, staff.token);
    expect(off.status).toBe(409);
    expect(off.json.message).toBe(english(REGISTRATION_MESSAGES.lunchNotOnSale));
    await t.db.update(siteSettings).set({ sellLunchTickets: true });
    await t.deps.cache.invalidate(SETTINGS_CACHE_KEY);
    try {
      expect((await t.call('POST', `/api/registration/lunch/${id}`, undefined, staff.token)).json).toBe(1);
      const reg = (await t.call('GET', `/api/registration/${id}`, undefined, staff.token)).json;
      expect(reg.lunch).toBe(1);
      expect(reg.cost).toBe(12);
      expect((await t.call('DELETE', `/api/registration/lunch/${id}`, undefined, staff.token)).json).toBe(0);
    } finally {
      await t.db.update(siteSettings).set({ sellLunchTickets: false });
      await t.deps.cache.invalidate(SETTINGS_CACHE_KEY);
    }
  });

  it('a client never sends an amount: the total is the docs/product.md §9 formula', async () => {
    const c = await t.createUser('Customer');
    const rid = await newRegistration(c.token);
    await t.call('POST', '/api/registration/competitor', makeCompetitor(rid), c.token);
    await t.call('POST', '/api/registration/competitor', makeCompetitor(rid, { firstName: 'Ben' }), c.token);
    await t.call('POST', `/api/registration/spectator/${rid}`, { amount: 1 }, c.token);
    await t.call('POST', `/api/registration/spectator/${rid}`, undefined, c.token);
    const reg = (await t.call('GET', `/api/registration/${rid}`, undefined, c.token)).json;
    expect(reg.cost).toBe(2 * 45 + 2 * 10);
    expect(reg.balanceOwing).toBe(reg.cost);
  });
});

describe('contacts', () => {
  it('keeps phone numbers and a null SMS choice, flagged until the contact chooses', async () => {
    const c = await t.createUser('Customer');
    const id = await newRegistration(c.token);
    const res = await t.call(
      'PUT',
      `/api/registration/contacts/${id}`,
      {
        contacts: [
          {
            name: 'Sam Lee',
            email: 'sam@example.com',
            phoneNumber: '7055550101',
            agreedToSmsDivisionNotifications: null,
          },
          {
            name: 'Kim Lee',
            email: 'kim@example.com',
            phoneNumber: null,
            agreedToEmailDivisionNotifications: true,
          },
        ],
      },
      c.token,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject([
      {
        name: 'Sam Lee',
        phoneNumber: '7055550101',
        agreedToSmsDivisionNotifications: null,
        lacksSmsPreference: true,
      },
      {
        name: 'Kim Lee',
        phoneNumber: null,
        agreedToEmailDivisionNotifications: true,
        lacksSmsPreference: false,
      },
    ]);
    const prefs = await t.call(
      'PUT',
      `/api/registration/contact-preferences/${res.json[0].id}`,
      { agreedToSmsDivisionNotifications: true, agreedToEmailDivisionNotifications: false },
      c.token,
    );
    expect(prefs.json).toMatchObject({ agreedToSmsDivisionNotifications: true, lacksSmsPreference: false });
    const stranger = await t.call(
      'PUT',
      `/api/registration/contact-preferences/${res.json[0].id}`,
      { agreedToSmsDivisionNotifications: false, agreedToEmailDivisionNotifications: false },
      other.token,
    );
    expect(stranger.status).toBe(404);
  });

  it('refuses a malformed phone number or e-mail', async () => {
    const c = await t.createUser('Customer');
    const id = await newRegistration(c.token);
    const res = await t.call(
      'PUT',
      `/api/registration/contacts/${id}`,
      { contacts: [{ name: 'Sam', email: 'nope', phoneNumber: '555' }] },
      c.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      'contacts.0.email': english(MESSAGES.email),
      'contacts.0.phoneNumber': english(MESSAGES.phone),
    });
  });
});

describe('ownership', () => {
  let id: number;
  let competitorId: number;
  beforeAll(async () => {
    id = await newRegistration(parent.token);
    competitorId = (await t.call('POST', '/api/registration/competitor', makeCompetitor(id), parent.token))
      .json.id;
  });

  it("a customer cannot read or change another customer's registration, competitor or receipt: 404", async () => {
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/registration/${id}`],
      ['GET', `/api/registration/competitor/${competitorId}`],
      ['PUT', '/api/registration/competitor', { ...makeCompetitor(id), id: competitorId }],
      ['POST', '/api/registration/competitor', makeCompetitor(id)],
      ['DELETE', `/api/registration/competitor/${competitorId}`],
      ['POST', `/api/registration/spectator/${id}`],
      ['DELETE', `/api/registration/spectator/${id}`],
      ['PUT', `/api/registration/contacts/${id}`, { contacts: [] }],
      ['POST', `/api/registration/checkout/${id}`],
      ['GET', `/api/registration/receipt/${id}`],
    ];
    const before = (await t.call('GET', `/api/registration/${id}`, undefined, parent.token)).json;
    for (const [method, url, body] of attempts) {
      const res = await t.call(method, url, body, other.token);
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 });
      expect(res.text).not.toContain('Maya');
    }
    const after = (await t.call('GET', `/api/registration/${id}`, undefined, parent.token)).json;
    expect(after).toEqual(before);
  });

  it("another customer's list leaves the registration out, and so does a staff member's own (decision 018)", async () => {
    const mine = (await t.call('GET', `/api/registration/getAll/${tournamentId}`, undefined, other.token))
      .json;
    expect(mine.map((r: { registrationId: number }) => r.registrationId)).not.toContain(id);
    const staffOwn = (await t.call('GET', `/api/registration/getAll/${tournamentId}`, undefined, staff.token))
      .json;
    expect(staffOwn.map((r: { registrationId: number }) => r.registrationId)).not.toContain(id);
    const own = (await t.call('GET', `/api/registration/getAll/${tournamentId}`, undefined, parent.token))
      .json;
    expect(own.every((r: { owner: { personId: number } }) => r.owner.personId === parent.user.id)).toBe(true);
  });

  it('staff can read and change any registration', async () => {
    expect((await t.call('GET', `/api/registration/${id}`, undefined, staff.token)).status).toBe(200);
    expect(
      (await t.call('GET', `/api/registration/competitor/${competitorId}`, undefined, staff.token)).status,
    ).toBe(200);
  });
});

describe('completing with pay at the door (no Stripe configured)', () => {
  let c: Awaited<ReturnType<TestApp['createUser']>>;
  let id: number;
  beforeAll(async () => {
    c = await t.createUser('Customer', { email: 'parent.door@example.com', firstName: 'Pat' });
    id = await newRegistration(c.token);
  });

  it('refuses to complete an empty registration', async () => {
    const res = await t.call('POST', `/api/registration/checkout/${id}`, undefined, c.token);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(english(REGISTRATION_MESSAGES.nothingToPay));
  });

  it('has no receipt before completion', async () => {
    expect((await t.call('GET', `/api/registration/receipt/${id}`, undefined, c.token)).status).toBe(404);
  });

  it('completes with the balance owing on the receipt, and e-mails it with the QR code', async () => {
    await t.call('POST', '/api/registration/competitor', makeCompetitor(id), c.token);
    await t.call('POST', '/api/registration/competitor', makeCompetitor(id, { firstName: 'Ben' }), c.token);
    await t.call('POST', `/api/registration/spectator/${id}`, undefined, c.token);
    await t.call('POST', `/api/registration/spectator/${id}`, undefined, c.token);
    const before = t.sent.length;
    const res = await t.call('POST', `/api/registration/checkout/${id}`, undefined, c.token);
    expect(res.status).toBe(200);
    expect(res.json.mode).toBe('door');
    const reg = res.json.registration;
    expect(reg).toMatchObject({ isCompleted: true, cost: 110, amountPaid: 0, balanceOwing: 110 });
    expect(reg.receipt).toMatchObject({ paymentAmount: 0, total: 110, balanceOwing: 110 });
    expect(reg.receipt.confirmationCode).toMatch(CONFIRMATION_CODE);
    expect(reg.receipt.description).toContain('Pay at the door: $110 balance owing.');
    expect(reg.receipt.receiptItems).toEqual([
      { description: 'Competitor registration: Maya Lee', quantity: 1, unitPrice: 45, amount: 45 },
      { description: 'Competitor registration: Ben Lee', quantity: 1, unitPrice: 45, amount: 45 },
      { description: 'Spectator pass', quantity: 2, unitPrice: 10, amount: 20 },
    ]);
    expect(reg.receipt.receiptUrl).toBe(`http://localhost:3000/customer/registration/${id}/receipt`);

    expect(t.sent.length).toBe(before + 1);
    const mail = t.sent.at(-1);
    expect(mail?.to).toBe('parent.door@example.com');
    expect(mail?.subject).toContain(reg.receipt.confirmationCode);
    expect(mail?.text).toContain('Balance owing: $110');
    expect(mail?.text).toContain(reg.receipt.receiptUrl);
    expect(mail?.html).toContain('cid:checkin-qr');
    const qr = mail?.attachments?.find((a) => a.cid === 'checkin-qr');
    expect(qr?.contentType).toBe('image/png');
    expect(qr?.content.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers the receipt with a QR code whose token is signed for check-in only', async () => {
    const res = await t.call('GET', `/api/registration/receipt/${id}`, undefined, c.token);
    expect(res.status).toBe(200);
    expect(res.json.qrCode).toMatch(/^data:image\/png;base64,/);
    // Verified as a check-in token must be (nothing on the server reads one: the check-in
    // tablet takes the code from it, web/src/features/check-in/qr.ts).
    const checkIn = { issuer: ISSUER, audience: CHECK_IN_AUDIENCE, requiredClaims: ['exp', 'iat', 'sub'] };
    const claims = await verifyJwt(res.json.checkInToken, t.deps.tokens.key, {
      ...checkIn,
      now: t.clock.now,
    });
    expect(claims).toMatchObject({
      rid: id,
      rcp: res.json.receiptId,
      code: res.json.confirmationCode,
    });
    const { payload } = await jwtVerify(res.json.checkInToken, t.deps.tokens.key, {
      currentDate: t.clock.now,
    });
    expect(payload.aud).toBe(CHECK_IN_AUDIENCE);
    // An access token is not a check-in token, and a check-in token is not an access token.
    expect(await verifyJwt(c.token, t.deps.tokens.key, { ...checkIn, now: t.clock.now })).toBeNull();
    expect((await t.call('GET', `/api/registration/${id}`, undefined, res.json.checkInToken)).status).toBe(
      401,
    );
  });

  it('a completed registration shows on has-completed and cannot be changed by its customer', async () => {
    expect((await t.call('GET', '/api/registration/has-completed', undefined, c.token)).json).toBe(true);
    for (const [method, url, body] of [
      ['POST', `/api/registration/spectator/${id}`, undefined],
      ['POST', '/api/registration/competitor', makeCompetitor(id)],
      ['PUT', `/api/registration/contacts/${id}`, { contacts: [] }],
    ] as const) {
      const res = await t.call(method, url, body, c.token);
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(english(REGISTRATION_MESSAGES.completed));
    }
    const again = await t.call('POST', `/api/registration/checkout/${id}`, undefined, c.token);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(english(REGISTRATION_MESSAGES.alreadyCompleted));
  });

  it('a director can still change a completed registration (a CheckInAdmin cannot, decision 018); the balance follows', async () => {
    const refused = await t.call('POST', `/api/registration/spectator/${id}`, undefined, staff.token);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(english(REGISTRATION_MESSAGES.completed));
    const director = await t.createUser('TournamentDirector');
    expect((await t.call('POST', `/api/registration/spectator/${id}`, undefined, director.token)).json).toBe(
      3,
    );
    const reg = (await t.call('GET', `/api/registration/${id}`, undefined, c.token)).json;
    expect(reg).toMatchObject({ cost: 120, balanceOwing: 120, isCompleted: true });
  });

  it('after completion, creating starts a new registration for the same tournament', async () => {
    const fresh = await newRegistration(c.token);
    expect(fresh).not.toBe(id);
  });
});

describe('registration window', () => {
  it('a customer cannot create or change a registration once online registration has closed', async () => {
    const late = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    try {
      const tournament = (await late.call('GET', '/api/tournaments')).json[0];
      const tid = tournament.id;
      const c = await late.createUser('Customer');
      const rid = (await late.call('POST', `/api/registration/create/${tid}`, undefined, c.token)).json
        .registrationId;
      // The day before the tournament: after the closing date (docs/product.md §4).
      late.clock.set(`${tournament.tournamentDate}T00:00:00Z`);
      late.clock.advance(-12 * 3_600_000);
      const s = await late.createUser('TournamentDirector');
      const token = await late.deps.tokens.signAccess(
        { personId: c.user.id, roles: ['Customer'], userDisplayName: 'Customer', tv: c.user.tokenVersion },
        late.clock.now,
      );
      const closed = await late.call('POST', `/api/registration/spectator/${rid}`, undefined, token);
      expect(closed.status).toBe(409);
      expect(closed.json.message).toBe(english(REGISTRATION_MESSAGES.closed));
      const fresh = await late.createUser('Customer');
      const create = await late.call('POST', `/api/registration/create/${tid}`, undefined, fresh.token);
      expect(create.status).toBe(409);
      expect((await late.call('POST', `/api/registration/spectator/${rid}`, undefined, s.token)).json).toBe(
        1,
      );
    } finally {
      await late.close();
    }
  }, 60_000);
});
