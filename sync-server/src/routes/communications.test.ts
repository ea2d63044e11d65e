import crypto from 'node:crypto';
import { until } from '../testing/until.ts';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNICATION_PATHS, type Compose } from '@tournament/shared';
import {
  competitorLevels,
  registrationContacts,
  siteSettings,
  tournaments,
  unsubscribes,
} from '../db/schema.ts';
import { SETTINGS_CACHE_KEY } from '../services/site-settings.ts';
import { insertFamily } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../testing/twilio-stand-in.ts';

// Communications (decision 024) through /api: audiences, merge fields and preview; the send and its progress; the
// unsubscribe link; SMS only to contacts who agreed, Twilio's STOP webhook, the cost cap.

let t: TestApp;
let sms: TwilioStandIn;
let director: { token: string };
let tournamentId: number;

/** Sends and waits until no recipient is left waiting; answers each message's detail. */
async function sendAndWait(input: Compose) {
  const res = await t.call('POST', COMMUNICATION_PATHS.send, input, director.token);
  expect(res.status, res.text).toBe(202);
  const details = [];
  for (const id of res.json.messageIds as number[]) {
    let detail: any;
    await until(async () => {
      detail = (await t.call('GET', COMMUNICATION_PATHS.message(id), undefined, director.token)).json;
      return detail.counts.queued === 0 && detail.counts.sending === 0;
    }, `message ${id}`);
    details.push(detail);
  }
  return details;
}

const byAddress = (detail: any) =>
  Object.fromEntries(
    (detail.recipients as { address: string; status: string; failureReason: string | null }[]).map((r) => [
      r.address,
      r.failureReason ? `${r.status}: ${r.failureReason}` : r.status,
    ]),
  );

beforeAll(async () => {
  sms = await startTwilioStandIn();
  t = await createTestApp({
    config: {
      publicUrl: 'https://nomac.example',
      twilio: { accountSid: sms.accountSid, authToken: sms.authToken, from: sms.from, apiBase: sms.url },
    },
  });
  await t.deps.jobs.start();
  director = await t.createUser('TournamentDirector');
  const [tournament] = await t.db.select().from(tournaments).limit(1);
  const [level] = await t.db.select().from(competitorLevels).limit(1);
  tournamentId = tournament!.id;
  // Ana (incomplete, contact agreed to SMS), Ben (incomplete, contact said no), Cy (completed,
  // contact has not chosen).
  const families = [
    { first: 'Ana', done: false, agreed: true, phone: '7055550101' },
    { first: 'Ben', done: false, agreed: false, phone: '7055550102' },
    { first: 'Cy', done: true, agreed: null, phone: '7055550103' },
  ];
  for (const f of families) {
    const owner = await t.createUser('Customer', {
      email: `${f.first.toLowerCase()}@example.com`,
      firstName: f.first,
    });
    const { registrationId } = await insertFamily(t, {
      ownerUserId: owner.user.id,
      tournamentId,
      competitorLevelId: level!.id,
      competitors: [`${f.first}kid`],
      completed: f.done,
    });
    await t.db.insert(registrationContacts).values({
      registrationId,
      name: `${f.first} Parent`,
      email: `${f.first.toLowerCase()}.parent@example.com`,
      phoneNumber: f.phone,
      agreedToSmsDivisionNotifications: f.agreed,
    });
  }
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

const reminder: Compose = {
  tournamentId: 0,
  audience: { kind: 'incomplete' },
  email: true,
  sms: false,
  subject: 'Finish your registration, {{firstName}}',
  body: 'Hi {{firstName}}, {{competitors}} is not registered yet.',
  smsBody: '',
};

describe('composing', () => {
  it('previews one recipient’s merged message and how many each channel reaches', async () => {
    const res = await t.call(
      'POST',
      COMMUNICATION_PATHS.preview,
      { ...reminder, tournamentId, sms: true, smsBody: '{{firstName}}: {{competitors}}' },
      director.token,
    );
    expect(res.status, res.text).toBe(200);
    // Account holders and contacts of the two incomplete registrations; SMS only Ana's contact.
    expect(res.json).toEqual({
      emailRecipients: 4,
      smsRecipients: 1,
      sample: {
        name: 'Ana Person2',
        address: 'ana@example.com',
        subject: 'Finish your registration, Ana',
        body: 'Hi Ana, Anakid Lee is not registered yet.',
        smsBody: 'Ana: Anakid Lee',
      },
    });
  });

  it('"Send a test to me" mails the director alone the first recipient’s message, and records no send', async () => {
    const me = await t.createUser('TournamentDirector', { email: 'dee@example.com' });
    const before = t.sent.length;
    const res = await t.call(
      'POST',
      COMMUNICATION_PATHS.test,
      { ...reminder, tournamentId, sms: true, smsBody: '{{firstName}}: {{competitors}}' },
      me.token,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: 'A test went to dee@example.com, as Ana Person2 would get it.' });
    const mails = t.sent.slice(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['dee@example.com', '[Test] Finish your registration, Ana'],
    ]);
    expect(mails[0]!.text).toBe(
      'Hi Ana, Anakid Lee is not registered yet.\n\nThe SMS would read: Ana: Anakid Lee',
    );
    const history = await t.call('GET', COMMUNICATION_PATHS.history(tournamentId), undefined, me.token);
    expect(history.json).toEqual([]);
    // A customer may not send themself the families' messages.
    const customer = await t.createUser('Customer');
    const refused = await t.call(
      'POST',
      COMMUNICATION_PATHS.test,
      { ...reminder, tournamentId },
      customer.token,
    );
    expect(refused.status).toBe(403);
  });

  it('refuses an unknown merge field, changing nothing', async () => {
    const res = await t.call(
      'POST',
      COMMUNICATION_PATHS.send,
      { ...reminder, tournamentId, body: 'Hi {{firstname}}' },
      director.token,
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors: { body: 'Unknown merge field: {{firstname}}' } });
    const history = await t.call('GET', COMMUNICATION_PATHS.history(tournamentId), undefined, director.token);
    expect(history.json).toEqual([]);
  });
});

describe('sending e-mail', () => {
  it('reaches each incomplete family once, merged, and an unsubscribe is honoured by the next send', async () => {
    const [first] = await sendAndWait({ ...reminder, tournamentId });
    expect(byAddress(first)).toEqual({
      'ana@example.com': 'sent',
      'ana.parent@example.com': 'sent',
      'ben@example.com': 'sent',
      'ben.parent@example.com': 'sent',
    });
    const toBen = t.sent.find((m) => m.to === 'ben@example.com')!;
    expect(toBen.subject).toBe('Finish your registration, Ben');
    expect(toBen.text).toContain('Hi Ben, Benkid Lee is not registered yet.');

    // The link works without signing in: a page to confirm, then the POST.
    const link = new URL(/unsubscribe: (\S+)/.exec(toBen.text)![1]!);
    expect(link.origin).toBe('https://nomac.example');
    const page = await t.call('GET', link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Stop e-mails from us to <strong>ben@example.com</strong>?');
    const done = await t.call('POST', link.pathname + link.search, 'List-Unsubscribe=One-Click', undefined, {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(done.status).toBe(200);
    expect(done.text).toContain('You are unsubscribed');

    const [second] = await sendAndWait({ ...reminder, tournamentId });
    expect(byAddress(second)['ben@example.com']).toBe('unsubscribed');
    expect(t.sent.filter((m) => m.to === 'ben@example.com')).toHaveLength(1);
    expect(t.sent.filter((m) => m.to === 'ana@example.com')).toHaveLength(2);
  });

  it('a forged or altered link changes nothing', async () => {
    const before = await t.db.select().from(unsubscribes);
    for (const token of ['nonsense', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbmFAZXhhbXBsZS5jb20ifQ.']) {
      const res = await t.call('POST', `${COMMUNICATION_PATHS.unsubscribe}?token=${token}`);
      expect(res.status).toBe(400);
    }
    expect(await t.db.select().from(unsubscribes)).toEqual(before);
  });
});

describe('SMS', () => {
  const text: Compose = {
    tournamentId: 0,
    audience: { kind: 'all' },
    email: false,
    sms: true,
    subject: '',
    body: '',
    smsBody: 'Hi {{firstName}}, doors open at 8:30.',
  };

  /** Twilio's incoming-message webhook as Twilio signs it. */
  async function reply(from: string, body: string, signWith = sms.authToken) {
    const params = { From: from, To: sms.from, Body: body, MessageSid: 'SM1', AccountSid: sms.accountSid };
    const signature = twilio.getExpectedTwilioSignature(
      signWith,
      `https://nomac.example${COMMUNICATION_PATHS.smsWebhook}`,
      params,
    );
    return t.call('POST', COMMUNICATION_PATHS.smsWebhook, new URLSearchParams(params).toString(), undefined, {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signature,
    });
  }

  it('goes only to contacts who agreed, and a STOP reply is honoured; a forged one is refused', async () => {
    const [first] = await sendAndWait({ ...text, tournamentId });
    expect(byAddress(first)).toEqual({ '+17055550101': 'sent' });
    expect(sms.received.map((s) => [s.to, s.body])).toEqual([
      ['+17055550101', 'Hi Ana, doors open at 8:30.\nReply STOP to stop these messages.'],
    ]);

    const forged = await reply('+17055550101', 'STOP', 'not-the-token');
    expect(forged.status).toBe(400);
    expect(await t.db.select().from(unsubscribes).where(eq(unsubscribes.channel, 'sms'))).toEqual([]);

    const stop = await reply('+17055550101', 'stop');
    expect(stop.status).toBe(200);
    expect(stop.headers.get('content-type')).toContain('text/xml');
    const [second] = await sendAndWait({ ...text, tournamentId });
    expect(byAddress(second)).toEqual({ '+17055550101': 'unsubscribed' });
    expect(sms.received).toHaveLength(1);

    await reply('+17055550101', 'START');
  });

  it('stops at the tournament’s cost cap and says so', async () => {
    await t.db.update(registrationContacts).set({ agreedToSmsDivisionNotifications: true });
    const put = await t.call(
      'PUT',
      COMMUNICATION_PATHS.settings(tournamentId),
      { smsCostCapCents: 3, smsSegmentCostCents: 1 },
      director.token,
    );
    // One SMS of one segment went out already.
    expect(put.json).toEqual({ smsCostCapCents: 3, smsSegmentCostCents: 1, smsSpentCents: 1 });
    const before = sms.received.length;
    const [detail] = await sendAndWait({ ...text, tournamentId });
    expect(Object.values(byAddress(detail)).sort()).toEqual([
      'failed: The SMS cost cap of $0.03 was reached; not sent.',
      'sent',
      'sent',
    ]);
    expect(detail.capReachedAt).not.toBeNull();
    expect(sms.received.length - before).toBe(2);
    const options = await t.call('GET', COMMUNICATION_PATHS.options(tournamentId), undefined, director.token);
    expect(options.json.settings.smsSpentCents).toBe(3);
  });

  it('is refused while AllowSmsNotifications is off', async () => {
    await t.db.update(siteSettings).set({ allowSmsNotifications: false });
    await t.deps.cache.invalidate(SETTINGS_CACHE_KEY);
    const res = await t.call('POST', COMMUNICATION_PATHS.send, { ...text, tournamentId }, director.token);
    expect(res.status).toBe(409);
    await t.db.update(siteSettings).set({ allowSmsNotifications: true });
    await t.deps.cache.invalidate(SETTINGS_CACHE_KEY);
  });
});

describe('walk-ins', () => {
  // Two families registered at the door (through /sync, as a check-in tablet does): the Walkers
  // gave an e-mail, which becomes their contact, and checked in; the Parks gave only a phone
  // number and did not check in yet. Each owner is a placeholder account
  // (walk-in-…@guest.invalid) that nobody reads.
  let walkers: number;
  let parks: number;
  beforeAll(async () => {
    const staff = await t.createUser('CheckInAdmin');
    const options = await t.call('GET', `/api/registration/options/${tournamentId}`, undefined, staff.token);
    const eventId = options.json.events.find((e: { requiresWeight: boolean }) => !e.requiresWeight).id;
    const competitor = (lastName: string) => ({
      firstName: 'Kid',
      lastName,
      dateOfBirth: '2014-05-05',
      gender: 2,
      competitorLevelId: options.json.competitorLevels[0].id,
      eventIds: [eventId],
      emergencyContactName: `Robin ${lastName}`,
      emergencyContactPhone: '7055550199',
      emergencyContactRelationship: 'Parent',
      guardianConsent: true,
    });
    const walkIn = (id: number, lastName: string, email: string, checkIn: boolean) => ({
      id,
      name: 'registerWalkIn@1',
      args: {
        walkInId: crypto.randomUUID(),
        contact: { firstName: 'Robin', lastName, email, phoneNumber: '7055550199' },
        competitors: [competitor(lastName)],
        spectators: 0,
        checkIn,
      },
    });
    const res = await t.call(
      'POST',
      '/sync/push',
      {
        clientGroupId: 'door-group',
        clientId: 'door-tablet',
        mutations: [walkIn(1, 'Walker', 'robin.walker@example.com', true), walkIn(2, 'Park', '', false)],
      },
      staff.token,
    );
    expect(res.json.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const picker = await t.call(
      'GET',
      COMMUNICATION_PATHS.registrations(tournamentId),
      undefined,
      director.token,
    );
    walkers = picker.json.find((r: { ownerName: string }) => r.ownerName === 'Robin Walker').registrationId;
    parks = picker.json.find((r: { ownerName: string }) => r.ownerName === 'Robin Park').registrationId;
  });

  const notice: Compose = {
    tournamentId: 0,
    audience: { kind: 'all' },
    email: true,
    sms: false,
    subject: 'Doors open at 8:30',
    body: 'Hi {{firstName}}, doors open at 8:30.',
    smsBody: '',
  };

  it('are reached at the contact given at the door, never at the placeholder, in every audience', async () => {
    const audiences: Compose['audience'][] = [
      { kind: 'all' },
      { kind: 'checked-in' },
      { kind: 'not-checked-in' },
      { kind: 'selected', registrationIds: [walkers, parks] },
    ];
    const sentTo: Record<string, string[]> = {};
    for (const audience of audiences) {
      const preview = await t.call(
        'POST',
        COMMUNICATION_PATHS.preview,
        { ...notice, tournamentId, audience },
        director.token,
      );
      expect(preview.status, preview.text).toBe(200);
      const [detail] = await sendAndWait({ ...notice, tournamentId, audience });
      const addresses = Object.keys(byAddress(detail)).sort();
      sentTo[audience.kind] = addresses;
      expect(preview.json.emailRecipients, audience.kind).toBe(
        Object.values(byAddress(detail)).filter((s) => s === 'sent').length,
      );
    }
    expect(sentTo.all).toContain('robin.walker@example.com');
    expect(sentTo['checked-in']).toEqual(['robin.walker@example.com']);
    expect(sentTo['not-checked-in']).toEqual(['cy.parent@example.com', 'cy@example.com']);
    expect(sentTo.selected).toEqual(['robin.walker@example.com']);
    expect(JSON.stringify(sentTo)).not.toContain('.invalid');
    expect(t.sent.filter((m) => m.to.endsWith('.invalid'))).toEqual([]);
    const toWalkers = t.sent.find((m) => m.to === 'robin.walker@example.com')!;
    expect(toWalkers.text).toContain('Hi Robin, doors open at 8:30.');
  });

  it('show their contact’s e-mail in the audience picker, or none', async () => {
    const picker = await t.call(
      'GET',
      COMMUNICATION_PATHS.registrations(tournamentId),
      undefined,
      director.token,
    );
    const emails = Object.fromEntries(
      picker.json.map((r: { registrationId: number; email: string }) => [r.registrationId, r.email]),
    );
    expect([emails[walkers], emails[parks]]).toEqual(['robin.walker@example.com', '']);
  });
});
