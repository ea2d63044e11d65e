import { until } from '../testing/until.ts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReminderAt, type MessageSummary, type PushResponse } from '@tournament/shared';
import {
  competitorLevels,
  competitors,
  eventTypes,
  messages,
  receipts,
  registrationContacts,
  registrations,
  tournaments,
} from '../db/schema.ts';
import { createJobQueue } from '../jobs/queue.ts';
import type { Mailer } from '../lib/mailer.ts';
import { english } from '../testing/english.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { matchdayWorld } from '../testing/matchday-fixtures.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../testing/twilio-stand-in.ts';
import { registerNotices, runNoticeSweep } from './notices.ts';
import { registerSendPipeline } from './send-pipeline.ts';
import { getNextTournament } from './tournaments.ts';

// Automatic notices (decision 026), through the real /sync push, publication and checkout, the job
// queue and the twilio SDK against a local stand-in: each notice once (repeated triggers, the
// sweep, a restart of the queue), and only to those who opted in.

const PHONE = { C: '7055550103', W: '7055550104', D: '7055550105' };

let t: TestApp;
let sms: TwilioStandIn;
let director: { token: string };
let tournamentId: number;
let ring: number;
const div = new Map<string, number>();
const kid = new Map<string, number>();
let clientSeq = 0;

/** Texts the stand-in received for a phone number containing `words`. */
const textsTo = (phone: string, words: string) =>
  sms.received.filter((m) => m.to === `+1${phone}` && m.body.includes(words));
const messagesLike = async (key: string) =>
  t.db.select({ key: messages.dedupeKey }).from(messages).where(like(messages.dedupeKey, key));

/** Pushes one mutation from a fresh director device; answers its result. */
async function run(name: string, args: unknown) {
  clientSeq += 1;
  const id = `notices-${clientSeq}`;
  const res = await t.call(
    'POST',
    '/sync/push',
    { clientGroupId: id, clientId: id, mutations: [{ id: 1, name, args }] },
    director.token,
  );
  expect(res.status, res.text).toBe(200);
  const result = (res.json as PushResponse).results[0]!;
  expect(result.status, JSON.stringify(result)).toBe('applied');
  return result;
}

async function addContact(registrationId: number, phoneNumber: string, sms: boolean, email: boolean | null) {
  await t.db.insert(registrationContacts).values({
    registrationId,
    name: `Contact ${phoneNumber}`,
    email: `${phoneNumber}@example.com`,
    phoneNumber,
    agreedToSmsDivisionNotifications: sms,
    agreedToEmailDivisionNotifications: email,
  });
}

beforeAll(async () => {
  sms = await startTwilioStandIn();
  t = await createTestApp({
    config: {
      twilio: { accountSid: sms.accountSid, authToken: sms.authToken, from: sms.from, apiBase: sms.url },
    },
  });
  registerNotices(t.deps);
  director = await t.createUser('TournamentDirector');
  tournamentId = (await getNextTournament(t.deps))!.id;
  const w = await matchdayWorld(t, tournamentId);
  // Ten minutes a performance: a division of two runs 20 minutes, so the queue places decide here.
  await t.db.update(eventTypes).set({ minutesPerPerformance: 10 });
  const families: [string, { first: string; age: number; gender: 1 | 2 }[]][] = [
    [
      'A',
      [
        { first: 'Al', age: 8, gender: 1 },
        { first: 'Abe', age: 8, gender: 1 },
      ],
    ],
    [
      'B',
      [
        { first: 'Bo', age: 8, gender: 2 },
        { first: 'Bea', age: 8, gender: 2 },
      ],
    ],
    ['C', [{ first: 'Cleo', age: 10, gender: 2 }]],
    ['W', [{ first: 'Wren', age: 10, gender: 2 }]],
    [
      'D',
      [
        { first: 'Dan', age: 10, gender: 1 },
        { first: 'Dev', age: 10, gender: 1 },
      ],
    ],
  ];
  for (const [letter, kids] of families) {
    const parent = await t.createUser('Customer');
    const fam = await w.addFamily(
      parent.user.id,
      kids.map((k) => ({ ...k, last: `Family${letter}`, level: 'Beginner', types: ['Forms'] })),
    );
    kids.forEach((k, i) => kid.set(k.first, fam.competitorIds[i]!));
    if (letter === 'C') await addContact(fam.registrationId, PHONE.C, true, true);
    if (letter === 'W') await addContact(fam.registrationId, PHONE.W, false, null);
    if (letter === 'D') await addContact(fam.registrationId, PHONE.D, true, false);
  }
  await w.publish(director.token);
  for (const [title, d] of await w.divisions()) div.set(title, d.id);
  ring = (await t.call('POST', '/api/admin/rings', { tournamentId, name: 'Ring 1' }, director.token)).json.id;
  await t.deps.jobs.start();
}, 180_000);

afterAll(async () => {
  await t?.close();
  await sms?.close();
});

const A = 'Boys 8-9 Beginner';
const B = 'Girls 8-9 Beginner';
const C = 'Girls 10-11 Beginner';
const D = 'Boys 10-11 Beginner';

describe('automatic notices', () => {
  it("publishing tells each opted-in family their children's divisions in one message; a family that declined hears nothing", async () => {
    await until(
      () =>
        textsTo(PHONE.D, 'Divisions are published').length === 1 &&
        textsTo(PHONE.C, 'Divisions are published').length === 1,
      'the published texts',
    );
    // No ring yet: the family is told so, with the link to its day.
    expect(textsTo(PHONE.C, 'Divisions are published')[0]!.body).toContain(
      `- Cleo FamilyC: ${C}, ring to be announced\nYour day: ${t.deps.config.publicUrl}/customer/day`,
    );
    const forD = textsTo(PHONE.D, 'Divisions are published')[0]!.body;
    expect(forD).toContain(`- Dan FamilyD: ${D}`);
    expect(forD).toContain(`- Dev FamilyD: ${D}`);
    await until(() => t.sent.some((m) => m.to === `${PHONE.C}@example.com`), 'the published e-mail');
    expect(sms.received.filter((m) => m.to === `+1${PHONE.W}`)).toEqual([]);
    expect(
      t.sent.filter((m) => m.to === `${PHONE.W}@example.com` || m.to === `${PHONE.D}@example.com`),
    ).toEqual([]);
  });

  it('laying out a ring sends no "up soon"; starting the division two before the child\'s texts "up soon" once', async () => {
    for (const title of [A, B, C, D])
      await run('assignDivision@1', { divisionId: div.get(title), ringId: ring });
    expect(await messagesLike('up-soon:%')).toEqual([]);

    await run('startDivision@1', { divisionId: div.get(A), seed: 1, at: t.clock.now.toISOString() });
    await until(() => textsTo(PHONE.C, 'up soon').length === 1, 'the up-soon text');
    expect(textsTo(PHONE.C, 'up soon')[0]!.body).toContain(
      `Your division is up soon in Ring 1: ${C} (Cleo FamilyC). Please head to the ring.`,
    );
    await until(
      () =>
        t.sent.some(
          (m) => m.to === `${PHONE.C}@example.com` && m.subject === 'Your division is up soon in Ring 1',
        ),
      'the up-soon e-mail',
    );
    // D is three away and 60 minutes out: not yet.
    expect(await messagesLike(`up-soon:${div.get(D)}:%`)).toEqual([]);
  });

  it('repeated triggers, the sweep and a restart of the queue send nothing twice; the next family still hears', async () => {
    await run('setRingOpen@1', { ringId: ring, isOpen: false });
    await run('setRingOpen@1', { ringId: ring, isOpen: true });
    await runNoticeSweep(t.deps);
    await runNoticeSweep(t.deps);

    // A restart: this queue stops, a new one starts over the same database (its start sweeps run).
    await t.deps.jobs.stop();
    t.deps.jobs = createJobQueue(t.database, { pollingIntervalSeconds: 0.5 });
    registerSendPipeline(t.deps);
    registerNotices(t.deps);
    await t.deps.jobs.start();
    await runNoticeSweep(t.deps);

    // D moves up to next: its family's text is the sign the evaluations after the restart ran.
    await run('assignDivision@1', { divisionId: div.get(D), ringId: ring, position: 0 });
    await until(() => textsTo(PHONE.D, 'up soon').length === 1, "D's up-soon text");
    expect(textsTo(PHONE.C, 'up soon')).toHaveLength(1);
    expect(await messagesLike(`up-soon:${div.get(C)}:sms:%`)).toEqual([
      { key: `up-soon:${div.get(C)}:sms:${PHONE.C}` },
    ]);
    expect(sms.received.filter((m) => m.to === `+1${PHONE.W}`)).toEqual([]);
  });

  it("a completed division texts each family its children's placings and points, once", async () => {
    const [forms] = await t.db.select().from(eventTypes).where(eq(eventTypes.title, 'Forms'));
    const at = () => t.clock.now.toISOString();
    const score = async (divisionId: number, competitorId: number, value: number) => {
      for (let judge = 1; judge <= forms!.judges; judge += 1)
        await run('recordScore@1', {
          divisionId,
          eventTypeId: forms!.id,
          competitorId,
          judge,
          round: 0,
          value,
          at: at(),
        });
    };
    await score(div.get(A)!, kid.get('Al')!, 9);
    await score(div.get(A)!, kid.get('Abe')!, 8);
    await run('completeDivision@1', { divisionId: div.get(A), at: at() });
    await run('startDivision@1', { divisionId: div.get(D), seed: 1, at: at() });
    await score(div.get(D)!, kid.get('Dan')!, 9);
    await score(div.get(D)!, kid.get('Dev')!, 8);
    await run('completeDivision@1', { divisionId: div.get(D), at: at() });
    await until(() => textsTo(PHONE.D, 'Results').length === 1, "D's results text");
    const body = textsTo(PHONE.D, 'Results')[0]!.body;
    expect(body).toContain(`Results of ${D}:`);
    expect(body).toContain('- Dan FamilyD, Forms: 1st place, 100 points');
    expect(body).toContain('- Dev FamilyD, Forms: 2nd place, 75 points');
    // Family D chose texts only; the sweep and a second look send nothing more.
    await runNoticeSweep(t.deps);
    await runNoticeSweep(t.deps);
    // The key names what the text said: Dan 1st and Dev 2nd (children in id order).
    const said = kid.get('Dan')! < kid.get('Dev')! ? '1.2' : '2.1';
    expect(await messagesLike(`result:${div.get(D)}#%`)).toEqual([
      { key: `result:${div.get(D)}#1#${said}:sms:${PHONE.D}` },
    ]);
    expect(textsTo(PHONE.D, 'Results')).toHaveLength(1);
  });

  it('a director correcting the placings texts the family the corrected results once', async () => {
    const [forms] = await t.db.select().from(eventTypes).where(eq(eventTypes.title, 'Forms'));
    const correct = (first: string, second: string) =>
      run('correctResult@1', {
        divisionId: div.get(D),
        eventTypeId: forms!.id,
        placings: [
          { competitorId: kid.get(first), place: 1 },
          { competitorId: kid.get(second), place: 2 },
        ],
      });
    await correct('Dev', 'Dan');
    // Sent after the push itself, without waiting for the minute sweep.
    await until(() => textsTo(PHONE.D, 'Corrected results').length === 1, "D's corrected results");
    const body = textsTo(PHONE.D, 'Corrected results')[0]!.body;
    expect(body).toContain(`Corrected results of ${D} (this replaces the earlier message):`);
    expect(body).toContain('- Dan FamilyD, Forms: 2nd place, 75 points');
    expect(body).toContain('- Dev FamilyD, Forms: 1st place, 100 points');
    await runNoticeSweep(t.deps);
    await runNoticeSweep(t.deps);
    expect(textsTo(PHONE.D, 'Results of')).toHaveLength(1);
    expect(textsTo(PHONE.D, 'Corrected results')).toHaveLength(1);

    // Corrected back: the family hears again (its last message is now wrong), once.
    await correct('Dan', 'Dev');
    await until(() => textsTo(PHONE.D, 'Corrected results').length === 2, 'the second correction');
    expect(textsTo(PHONE.D, 'Corrected results')[1]!.body).toContain(
      '- Dan FamilyD, Forms: 1st place, 100 points',
    );
    await runNoticeSweep(t.deps);
    expect(textsTo(PHONE.D, 'Corrected results')).toHaveLength(2);
    // Division A's families gave no contact: no correction of theirs goes anywhere.
    expect(await messagesLike(`result:${div.get(A)}#%`)).toEqual([]);
  });

  it('the send history shows each run of notices as one row, expandable to its families', async () => {
    const res = await t.call(
      'GET',
      `/api/admin/communications/history/${tournamentId}`,
      undefined,
      director.token,
    );
    expect(res.status, res.text).toBe(200);
    const rows = res.json as MessageSummary[];
    const labelled = (label: string) => rows.filter((r) => english(r.audienceLabel) === label);
    // The publication: families C (e-mail and text) and D (text), one row.
    const [published] = labelled('Divisions published, 2 families');
    expect(published?.run?.channels).toEqual(['email', 'sms']);
    expect(published?.run?.recipients.map((r) => `${r.channel}:${r.address}`).sort()).toEqual(
      [`email:${PHONE.C}@example.com`, `sms:+1${PHONE.C}`, `sms:+1${PHONE.D}`].sort(),
    );
    expect(published?.counts.total).toBe(3);
    // The first "up soon" told family C only (A and B gave no contact): one row, two recipients.
    const upSoon = labelled('Up soon, Ring 1, 1 family');
    expect(upSoon.length).toBeGreaterThanOrEqual(1);
    expect(
      upSoon
        .at(-1)
        ?.run?.recipients.map((r) => r.address)
        .sort(),
    ).toEqual([`${PHONE.C}@example.com`, `+1${PHONE.C}`].sort());
    expect(rows.filter((r) => r.kind === 'up-soon' && !r.run)).toEqual([]);
  });

  it('48 hours before registration closes, each incomplete registration is reminded once', async () => {
    const [tour] = await t.db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
    t.clock.set(new Date(closeReminderAt(tour!.registrationClosesAfter).getTime() + 60_000).toISOString());
    const late = await t.createUser('Customer', { email: 'late@example.com' });
    const [reg] = await t.db
      .insert(registrations)
      .values({ ownerUserId: late.user.id, tournamentId, isCompleted: false })
      .returning();
    const [level] = await t.db.select().from(competitorLevels).limit(1);
    await t.db.insert(competitors).values({
      registrationId: reg!.id,
      firstName: 'Lou',
      lastName: 'Late',
      dateOfBirth: '2016-01-01',
      gender: 1,
      competitorLevelId: level!.id,
      emergencyContactName: 'Sam',
      emergencyContactPhone: '7055550100',
      emergencyContactRelationship: 'Parent',
    });
    await runNoticeSweep(t.deps);
    await runNoticeSweep(t.deps);
    await until(() => t.sent.some((m) => m.to === 'late@example.com'), 'the reminder');
    const reminders = await messagesLike('close-reminder:%');
    expect(reminders).toEqual([{ key: `close-reminder:${reg!.id}:email:late@example.com` }]);
    const mail = t.sent.find((m) => m.to === 'late@example.com')!;
    expect(mail.subject).toBe('Registration closes soon: your registration is not complete');
    expect(mail.text).toContain(`http://localhost:3000/customer/registration/${reg!.id}`);

    // Completing it mails the receipt once; a sweep after that mails nothing more.
    const before = t.sent.filter((m) => m.to === 'late@example.com').length;
    const paid = await t.call('POST', `/api/registration/checkout/${reg!.id}`, undefined, late.token);
    expect(paid.status, paid.text).toBe(200);
    await runNoticeSweep(t.deps);
    const receiptsSent = t.sent.filter(
      (m) => m.to === 'late@example.com' && m.subject.startsWith('Your registration receipt'),
    );
    expect(receiptsSent).toHaveLength(1);
    expect(t.sent.filter((m) => m.to === 'late@example.com')).toHaveLength(before + 1);
  });

  it("a French account's reminder, its footer and its receipt are in French", async () => {
    // The clock is still within the 48 hours before registration closes (the test before).
    const tard = await t.createUser('Customer', { email: 'tard@example.com', language: 'fr' });
    const [reg] = await t.db
      .insert(registrations)
      .values({ ownerUserId: tard.user.id, tournamentId, isCompleted: false })
      .returning();
    const [level] = await t.db.select().from(competitorLevels).limit(1);
    await t.db.insert(competitors).values({
      registrationId: reg!.id,
      firstName: 'Léa',
      lastName: 'Tard',
      dateOfBirth: '2016-01-01',
      gender: 2,
      competitorLevelId: level!.id,
      emergencyContactName: 'Sam',
      emergencyContactPhone: '7055550100',
      emergencyContactRelationship: 'Parent',
    });
    await runNoticeSweep(t.deps);
    await until(() => t.sent.some((m) => m.to === 'tard@example.com'), 'the French reminder');
    const mail = t.sent.find((m) => m.to === 'tard@example.com')!;
    expect(mail.subject).toBe('Les inscriptions ferment bientôt\u00a0: votre inscription n’est pas terminée');
    expect(mail.text).toMatch(
      /^Votre inscription au tournoi du [a-z]+ \d+ [a-zéû]+ \d{4} n’est pas encore terminée\.\nLes inscriptions en ligne ferment après le [a-z]+ \d+ [a-zéû]+ \d{4}\.\nTerminez-la ici\u00a0: http:\/\/localhost:3000\/customer\/registration\/\d+\n\n--\nPour ne plus recevoir ces courriels, désabonnez-vous\u00a0: http:\/\/localhost:3000\/api\/communications\/unsubscribe\?token=[^&\s]+&lang=fr\n$/,
    );
    const page = await t.call(
      'GET',
      /http:\/\/localhost:3000(\/api\/communications\/unsubscribe\S+)/.exec(mail.text)![1]!,
    );
    expect(page.text).toContain('<html lang="fr-CA">');
    expect(page.text).toContain(
      'Ne plus recevoir nos courriels à l’adresse <strong>tard@example.com</strong>\u00a0?',
    );
    expect(page.text).toContain('action="/api/communications/unsubscribe?lang=fr"');

    const paid = await t.call('POST', `/api/registration/checkout/${reg!.id}`, undefined, tard.token);
    expect(paid.status, paid.text).toBe(200);
    await runNoticeSweep(t.deps);
    const receipt = t.sent.find((m) => m.to === 'tard@example.com' && m.subject.startsWith('Votre reçu'));
    expect(receipt?.subject).toMatch(/^Votre reçu d’inscription\u00a0: \S+$/);
    expect(receipt?.text).toContain('Code de confirmation\u00a0: ');
    expect(receipt?.text).toContain('Solde dû\u00a0: ');
  });

  it('a receipt whose mail failed stays queued and the sweep sends it, once', async () => {
    const owner = await t.createUser('Customer', { email: 'retry@example.com' });
    const [reg] = await t.db
      .insert(registrations)
      .values({ ownerUserId: owner.user.id, tournamentId, isCompleted: false, spectators: 1 })
      .returning();
    const working = t.deps.mailer;
    const down: Mailer = {
      send: () => Promise.reject(new Error('SMTP unreachable')),
      close() {},
    };
    t.deps.mailer = down;
    try {
      const paid = await t.call('POST', `/api/registration/checkout/${reg!.id}`, undefined, owner.token);
      expect(paid.status, paid.text).toBe(200);
    } finally {
      t.deps.mailer = working;
    }
    const state = async () =>
      (
        await t.db
          .select({ s: receipts.mailState })
          .from(receipts)
          .where(and(eq(receipts.registrationId, reg!.id)))
      )[0]?.s;
    expect(await state()).toBe('queued');
    await runNoticeSweep(t.deps);
    await runNoticeSweep(t.deps);
    expect(await state()).toBe('sent');
    expect(t.sent.filter((m) => m.to === 'retry@example.com')).toHaveLength(1);
  });
});
