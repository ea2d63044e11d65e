import { until } from '../testing/until.ts';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RING_NOTICE_SETTLE_MINUTES, type MessageSummary, type PushResponse } from '@tournament/shared';
import { eventTypes, messages, registrationContacts } from '../db/schema.ts';
import { english } from '../testing/english.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { matchdayWorld } from '../testing/matchday-fixtures.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../testing/twilio-stand-in.ts';
import { registerNotices, runNoticeSweep } from './notices.ts';
import { getNextTournament } from './tournaments.ts';

// "Rings and times" (decision 047, update): after publishing, a director lays out and moves
// divisions between rings through the real /sync push; each family hears once its layout has
// settled, one message per channel, and again only when one of its children's divisions moved.

const PHONE_F = '7055550111';
const MAIL = { F: 'f@example.com', G: 'g@example.com', H: 'h@example.com' };
const SETTLE = RING_NOTICE_SETTLE_MINUTES * 60_000;

let t: TestApp;
let sms: TwilioStandIn;
let director: Awaited<ReturnType<TestApp['createUser']>>['user'];
/** The director's token as of the test clock, which runs ahead by minutes here. */
const directorToken = () =>
  t.deps.tokens.signAccess(
    {
      personId: director.id,
      roles: ['TournamentDirector'],
      userDisplayName: 'Director',
      tv: director.tokenVersion,
    },
    t.clock.now,
  );
let tournamentId: number;
const ring = new Map<string, number>();
const div = new Map<string, number>();
let clientSeq = 0;
let w: Awaited<ReturnType<typeof matchdayWorld>>;

const FAY = 'Girls 8-9 Beginner';
const FINN = 'Boys 8-9 Beginner';
const GUS = 'Boys 10-11 Beginner';
const HANA = 'Girls 10-11 Beginner';

/** The "rings and times" e-mails to `to`, oldest first. */
const ringMails = (to: string) =>
  t.sent.filter((m) => m.to === to && /^Rings? and times? for /.test(m.subject));
const ringTexts = () =>
  sms.received.filter((m) => m.to === `+1${PHONE_F}` && m.body.includes('estimated times'));
const ringKeys = async () =>
  (await t.db.select({ key: messages.dedupeKey }).from(messages).where(like(messages.dedupeKey, 'rings:%')))
    .map((m) => m.key)
    .sort();

async function push(name: string, args: unknown) {
  clientSeq += 1;
  const id = `rings-${clientSeq}`;
  const res = await t.call(
    'POST',
    '/sync/push',
    { clientGroupId: id, clientId: id, mutations: [{ id: 1, name, args }] },
    await directorToken(),
  );
  expect(res.status, res.text).toBe(200);
  expect((res.json as PushResponse).results[0]?.status).toBe('applied');
}
const assign = (title: string, ringName: string) =>
  push('assignDivision@1', { divisionId: div.get(title), ringId: ring.get(ringName) });

beforeAll(async () => {
  sms = await startTwilioStandIn();
  t = await createTestApp({
    config: {
      twilio: { accountSid: sms.accountSid, authToken: sms.authToken, from: sms.from, apiBase: sms.url },
    },
  });
  registerNotices(t.deps);
  const made = await t.createUser('TournamentDirector');
  director = made.user;
  tournamentId = (await getNextTournament(t.deps))!.id;
  w = await matchdayWorld(t, tournamentId);
  await t.db.update(eventTypes).set({ minutesPerPerformance: 10 });
  const families: [keyof typeof MAIL, { first: string; age: number; gender: 1 | 2 }[]][] = [
    [
      'F',
      [
        { first: 'Fay', age: 8, gender: 2 },
        { first: 'Finn', age: 8, gender: 1 },
      ],
    ],
    ['G', [{ first: 'Gus', age: 10, gender: 1 }]],
    ['H', [{ first: 'Hana', age: 10, gender: 2 }]],
  ];
  for (const [letter, kids] of families) {
    const parent = await t.createUser('Customer');
    const fam = await w.addFamily(
      parent.user.id,
      kids.map((k) => ({ ...k, last: `Family${letter}`, level: 'Beginner', types: ['Forms'] })),
    );
    await t.db.insert(registrationContacts).values({
      registrationId: fam.registrationId,
      name: `Parent ${letter}`,
      email: MAIL[letter],
      phoneNumber: letter === 'F' ? PHONE_F : null,
      agreedToEmailDivisionNotifications: true,
      agreedToSmsDivisionNotifications: letter === 'F',
    });
  }
  await w.publish(made.token);
  for (const [title, d] of await w.divisions()) div.set(title, d.id);
  for (const name of ['Ring 1', 'Ring 2'])
    ring.set(name, (await t.call('POST', '/api/admin/rings', { tournamentId, name }, made.token)).json.id);
  await t.deps.jobs.start();
  await until(
    () =>
      Object.values(MAIL).every((to) => t.sent.some((m) => m.to === to && m.subject.startsWith('Divisions'))),
    'the publication e-mails',
  );
}, 180_000);

afterAll(async () => {
  await t?.close();
  await sms?.close();
});

describe('rings and times', () => {
  it('rings laid out after publishing: once the layout settles, one message per family and channel with ring and time; a second sweep sends nothing', async () => {
    // The publication said so: no ring yet.
    expect(t.sent.find((m) => m.to === MAIL.G)?.text).toContain(`Gus FamilyG: ${GUS}, ring to be announced`);
    for (const title of [FAY, FINN, GUS, HANA]) await assign(title, 'Ring 1');
    await runNoticeSweep(t.deps);
    // Still being laid out: nobody hears yet.
    expect(await ringKeys()).toEqual([]);

    t.clock.advance(SETTLE);
    await runNoticeSweep(t.deps);
    await until(
      () => Object.values(MAIL).every((to) => ringMails(to).length === 1) && ringTexts().length === 1,
      'the rings e-mails and text',
    );
    const [forF] = ringMails(MAIL.F);
    expect(forF?.subject).toBe('Rings and times for Fay FamilyF and Finn FamilyF');
    expect(forF?.text).toMatch(new RegExp(`- Fay FamilyF: ${FAY}, Ring 1, about \\d+:\\d\\d [ap]\\.m\\.`));
    expect(forF?.text).toMatch(new RegExp(`- Finn FamilyF: ${FINN}, Ring 1, about \\d+:\\d\\d [ap]\\.m\\.`));
    expect(forF?.text).toContain(`Your day: ${t.deps.config.publicUrl}/customer/day`);
    expect(ringMails(MAIL.G)[0]?.subject).toBe('Ring and time for Gus FamilyG');
    expect(ringTexts()[0]?.body).toContain(`- Fay FamilyF: ${FAY}, Ring 1, about `);

    await runNoticeSweep(t.deps);
    t.clock.advance(SETTLE);
    await runNoticeSweep(t.deps);
    expect(await ringKeys()).toHaveLength(4);
    expect(Object.values(MAIL).map((to) => ringMails(to).length)).toEqual([1, 1, 1]);
    expect(ringTexts()).toHaveLength(1);
  });

  it("a division moved to another ring tells that division's family only, once", async () => {
    await assign(GUS, 'Ring 2');
    t.clock.advance(SETTLE);
    await runNoticeSweep(t.deps);
    await until(() => ringMails(MAIL.G).length === 2, "Gus's move");
    expect(ringMails(MAIL.G)[1]?.text).toContain(`- Gus FamilyG: ${GUS}, Ring 2, about `);
    await runNoticeSweep(t.deps);
    expect(await ringKeys()).toHaveLength(5);
    expect(Object.values(MAIL).map((to) => ringMails(to).length)).toEqual([1, 2, 1]);
  });

  it("both children's divisions moved within minutes: the family hears once, of both", async () => {
    await assign(FAY, 'Ring 2');
    t.clock.advance(2 * 60_000);
    await runNoticeSweep(t.deps);
    await assign(FINN, 'Ring 2');
    t.clock.advance(3 * 60_000);
    // Five minutes after the first move, three after the last: not settled yet.
    await runNoticeSweep(t.deps);
    expect(await ringKeys()).toHaveLength(5);

    t.clock.advance(SETTLE);
    await runNoticeSweep(t.deps);
    await until(
      () => ringMails(MAIL.F).length === 2 && ringTexts().length === 2,
      "the family's second message",
    );
    const text = ringMails(MAIL.F)[1]!.text;
    expect(text).toContain(`- Fay FamilyF: ${FAY}, Ring 2, about `);
    expect(text).toContain(`- Finn FamilyF: ${FINN}, Ring 2, about `);
    await runNoticeSweep(t.deps);
    expect(await ringKeys()).toHaveLength(7);
    expect(Object.values(MAIL).map((to) => ringMails(to).length)).toEqual([2, 2, 1]);
    expect(ringTexts()).toHaveLength(2);
  });

  it('moved back to the ring told before: a change, told again', async () => {
    await assign(GUS, 'Ring 1');
    t.clock.advance(SETTLE);
    await runNoticeSweep(t.deps);
    await until(() => ringMails(MAIL.G).length === 3, "Gus's move back");
    expect(ringMails(MAIL.G)[2]?.text).toContain(`- Gus FamilyG: ${GUS}, Ring 1, about `);
  });

  it('laid out on a third ring, then "Balance rings" over two: each family whose rings differ from what it was told hears once, of where it ended', async () => {
    const ringsNow = async () => new Map([...(await w.divisions())].map(([title, d]) => [title, d.ringId]));
    const told = await ringsNow();
    const before = Object.values(MAIL).map((to) => ringMails(to).length);
    const keysBefore = (await ringKeys()).length;
    ring.set(
      'Ring 3',
      (await t.call('POST', '/api/admin/rings', { tournamentId, name: 'Ring 3' }, await directorToken())).json
        .id,
    );
    for (const title of [FAY, FINN, GUS, HANA]) await assign(title, 'Ring 3');
    t.clock.advance(2 * 60_000);
    await runNoticeSweep(t.deps);
    await push('setRingOpen@1', { ringId: ring.get('Ring 3'), isOpen: false });
    await push('balanceRings@1', {});
    const after = await ringsNow();
    const moved = (titles: string[]) => titles.some((title) => after.get(title) !== told.get(title));
    const expected = [moved([FAY, FINN]), moved([GUS]), moved([HANA])].map(
      (m, i) => before[i]! + (m ? 1 : 0),
    );
    // Both of the family's divisions were moved twice in two minutes; where they ended differs.
    expect(moved([FAY, FINN])).toBe(true);
    expect([...after.values()].every((r) => r === ring.get('Ring 1') || r === ring.get('Ring 2'))).toBe(true);

    t.clock.advance(SETTLE);
    await runNoticeSweep(t.deps);
    await until(
      () => Object.values(MAIL).every((to, i) => ringMails(to).length === expected[i]),
      'the messages after the balance',
    );
    await runNoticeSweep(t.deps);
    // Family F by e-mail and text; each other family that moved, by e-mail.
    expect(await ringKeys()).toHaveLength(
      keysBefore + 1 + expected.reduce((n, c, i) => n + c - before[i]!, 0),
    );
    const ringName = (title: string) => [...ring].find(([, id]) => id === after.get(title))![0];
    const last = ringMails(MAIL.F).at(-1)!.text;
    expect(last).toContain(`- Fay FamilyF: ${FAY}, ${ringName(FAY)}, about `);
    expect(last).toContain(`- Finn FamilyF: ${FINN}, ${ringName(FINN)}, about `);
  });

  it('the send history shows each run as one row: "Rings and times, 3 families"', async () => {
    const res = await t.call(
      'GET',
      `/api/admin/communications/history/${tournamentId}`,
      undefined,
      await directorToken(),
    );
    expect(res.status, res.text).toBe(200);
    const rows = (res.json as MessageSummary[]).filter((r) => r.kind === 'rings');
    // One row per sweep that sent: the layout, Gus's two moves, the Lees' moves, the balance.
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.run)).toBe(true);
    const first = rows.find((r) => english(r.audienceLabel) === 'Rings and times, 3 families');
    expect(first?.run?.recipients.map((r) => r.address).sort()).toEqual(
      [MAIL.F, MAIL.G, MAIL.H, `+1${PHONE_F}`].sort(),
    );
    expect(first?.run?.channels).toEqual(['email', 'sms']);
    expect(first?.counts.total).toBe(4);
  });
});
