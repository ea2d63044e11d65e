import { until } from '../testing/until.ts';
import { and, asc, eq, like } from 'drizzle-orm';
import type { Role } from '@tournament/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devSmsOutbox,
  divisionChangeNotices,
  matchmakingPublications,
  messageRecipients,
  messages,
  registrationContacts,
} from '../db/schema.ts';
import { english } from '../testing/english.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { matchdayWorld, type MatchdayWorld } from '../testing/matchday-fixtures.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { publishDraft } from './matchmaking/index.ts';
import { queuePublicationNotices } from './notices.ts';
import { registerSendPipeline } from './send-pipeline.ts';
import { getNextTournament } from './tournaments.ts';

// "A division published or changed" (decision 026): matchmaking publishes, a director
// moves a child to another division and publishes again. The family that opted in hears of the
// move once (a text and an e-mail, as they chose); a family whose child stayed put hears nothing
// more; a family that did not opt in hears nothing; a repeated evaluation or publication adds
// nothing. SMS go to the dev outbox (no Twilio configured). Runs on PGlite, and on PostgreSQL
// with DATABASE_URL.

const PHONE = { cleo: '7055550201', sky: '7055550202', wren: '7055550203' };
const GIRLS_8 = 'Girls 8-9 Beginner';
const GIRLS_10 = 'Girls 10-11 Beginner';

let t: TestApp;
let w: MatchdayWorld;
let director: Awaited<ReturnType<TestApp['createUser']>>;
let tournamentId: number;
let draftId: number;
const kid = new Map<string, number>();

const textsTo = async (phone: string) =>
  (
    await t.db
      .select()
      .from(devSmsOutbox)
      .where(eq(devSmsOutbox.toNumber, `+1${phone}`))
      .orderBy(asc(devSmsOutbox.id))
  ).map((r) => r.body);
const mailsTo = (phone: string) => t.sent.filter((m) => m.to === `${phone}@example.com`);
const changeNoticesTo = async (address: string) =>
  t.db
    .select({ key: messages.dedupeKey, channel: messages.channel, body: messageRecipients.body })
    .from(messages)
    .innerJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
    .where(and(like(messages.dedupeKey, 'division-changed:%'), eq(messageRecipients.address, address)));

async function addFamily(first: string, age: number, phone: string | null, optedIn: boolean) {
  const parent = await t.createUser('Customer');
  const fam = await w.addFamily(parent.user.id, [
    { first, last: 'Family', age, gender: 2, level: 'Beginner', types: ['Forms'] },
  ]);
  kid.set(first, fam.competitorIds[0]!);
  if (phone) {
    await t.db.insert(registrationContacts).values({
      registrationId: fam.registrationId,
      name: `${first}'s parent`,
      email: `${phone}@example.com`,
      phoneNumber: phone,
      agreedToSmsDivisionNotifications: optedIn,
      agreedToEmailDivisionNotifications: optedIn,
    });
  }
}

/** The draft division (its id is the division's, stable across publications) titled `title`. */
async function draftDivision(title: string): Promise<number> {
  const view = await t.call('GET', `/api/admin/matchmaking/drafts/${draftId}`, undefined, director.token);
  expect(view.status, view.text).toBe(200);
  const d = (view.json.divisions as { id: number; title: string }[]).find((x) => x.title === title);
  if (!d) throw new Error(`no draft division ${title}`);
  return d.id;
}

beforeAll(async () => {
  t = await createTestApp();
  director = await t.createUser('TournamentDirector');
  tournamentId = (await getNextTournament(t.deps))!.id;
  w = await matchdayWorld(t, tournamentId);
  await addFamily('Bea', 8, null, false);
  await addFamily('Cleo', 10, PHONE.cleo, true); // opted in; her division will change
  await addFamily('Sky', 10, PHONE.sky, true); // opted in; stays where she is
  await addFamily('Wren', 10, PHONE.wren, false); // did not opt in; her division changes too
  ({ draftId } = await w.publish(director.token));
  await t.deps.jobs.start();
  // The first publication: the families that opted in hear where their child competes.
  await until(
    async () =>
      (await textsTo(PHONE.cleo)).length === 1 &&
      (await textsTo(PHONE.sky)).length === 1 &&
      mailsTo(PHONE.cleo).length === 1 &&
      mailsTo(PHONE.sky).length === 1,
    'the published notices',
  );
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('a division published or changed', () => {
  it('a child moved in a new publication: the family that opted in hears once; the others hear nothing', async () => {
    const from = await draftDivision(GIRLS_10);
    const to = await draftDivision(GIRLS_8);
    for (const name of ['Cleo', 'Wren']) {
      const moved = await t.call(
        'POST',
        `/api/admin/matchmaking/drafts/${draftId}/move`,
        { competitorId: kid.get(name), fromDivisionId: from, toDivisionId: to },
        director.token,
      );
      expect(moved.status, moved.text).toBe(200);
    }
    await w.publish(director.token, draftId);

    const moveText = `Division change: Cleo Family moved from ${GIRLS_10} to ${GIRLS_8}.`;
    await until(
      async () => (await textsTo(PHONE.cleo)).length === 2 && mailsTo(PHONE.cleo).length === 2,
      "Cleo's change notices",
    );
    expect((await textsTo(PHONE.cleo))[1]).toContain(moveText);
    expect(mailsTo(PHONE.cleo)[1]).toMatchObject({ subject: 'A division changed for Cleo Family' });
    expect(mailsTo(PHONE.cleo)[1]!.text).toContain(moveText);
    expect(await changeNoticesTo(`${PHONE.cleo}@example.com`)).toHaveLength(1);
    expect(await changeNoticesTo(`+1${PHONE.cleo}`)).toHaveLength(1);

    // Sky stayed in her division: nothing new. Wren moved, but her family did not opt in.
    expect(await changeNoticesTo(`+1${PHONE.sky}`)).toEqual([]);
    expect(await changeNoticesTo(`${PHONE.sky}@example.com`)).toEqual([]);
    expect(await textsTo(PHONE.sky)).toHaveLength(1);
    expect(mailsTo(PHONE.sky)).toHaveLength(1);
    expect(await changeNoticesTo(`+1${PHONE.wren}`)).toEqual([]);
    expect(await textsTo(PHONE.wren)).toEqual([]);
    expect(mailsTo(PHONE.wren)).toEqual([]);
  });

  it('evaluating the publication again, or publishing it again unchanged, tells no one twice', async () => {
    const again = () => t.db.transaction((tx) => queuePublicationNotices(t.deps, tournamentId, tx));
    expect(await again()).toEqual([]);
    await w.publish(director.token, draftId);
    expect(await again()).toEqual([]);
    // The queue has nothing left to send once every message's recipients are settled.
    await until(
      async () =>
        (await t.db.select().from(messageRecipients).where(eq(messageRecipients.status, 'queued'))).length ===
        0,
      'the queue to settle',
    );
    expect(await textsTo(PHONE.cleo)).toHaveLength(2);
    expect(mailsTo(PHONE.cleo)).toHaveLength(2);
    expect(await changeNoticesTo(`+1${PHONE.cleo}`)).toHaveLength(1);
    expect(await textsTo(PHONE.sky)).toHaveLength(1);
    expect(await textsTo(PHONE.wren)).toEqual([]);
  });
});

describe('a crash right after the publishing transaction commits (decision 026)', () => {
  it("loses no notice: they committed with the publication, and the queue's sweep sends them after a restart", async () => {
    const movedBack = await t.call(
      'POST',
      `/api/admin/matchmaking/drafts/${draftId}/move`,
      {
        competitorId: kid.get('Cleo'),
        fromDivisionId: await draftDivision(GIRLS_8),
        toDivisionId: await draftDivision(GIRLS_10),
      },
      director.token,
    );
    expect(movedBack.status, movedBack.text).toBe(200);

    // The server "dies" just after the publishing transaction commits: nothing after it runs
    // (no poke, no job queued), and its workers are gone.
    await t.deps.jobs.stop();
    const db = t.deps.database.db;
    const commit = db.transaction.bind(db);
    db.transaction = (async (...args: Parameters<typeof commit>) => {
      db.transaction = commit;
      await commit(...args);
      throw new Error('the process died after the commit');
    }) as typeof commit;
    const caller = {
      personId: director.user.id,
      roles: director.user.roles as Role[],
      displayName: 'Director',
    };
    await expect(publishDraft(t.deps, caller, draftId, true)).rejects.toThrow(
      'the process died after the commit',
    );
    expect(db.transaction).toBe(commit);

    const backText = `Division change: Cleo Family moved from ${GIRLS_8} to ${GIRLS_10}.`;
    const queued = await changeNoticesTo(`+1${PHONE.cleo}`);
    expect(queued).toHaveLength(2);
    expect(queued.map((q) => q.body).filter((b) => b.includes(backText))).toHaveLength(1);

    // The restart: a new queue over the same database; its start sweep sends what is queued.
    t.deps.jobs = createJobQueue(t.database, { pollingIntervalSeconds: 0.5 });
    registerSendPipeline(t.deps);
    await t.deps.jobs.start();
    await until(
      async () => (await textsTo(PHONE.cleo)).length === 3 && mailsTo(PHONE.cleo).length === 3,
      'the notices of the publication that crashed',
    );
    expect((await textsTo(PHONE.cleo))[2]).toContain(backText);
    expect(mailsTo(PHONE.cleo)[2]!.text).toContain(backText);
    expect(await textsTo(PHONE.sky)).toHaveLength(1);
    expect(await textsTo(PHONE.wren)).toEqual([]);
  });

  it('a failure in the notices is rolled back to its savepoint and the publication still stands', async () => {
    const moved = await t.call(
      'POST',
      `/api/admin/matchmaking/drafts/${draftId}/move`,
      {
        competitorId: kid.get('Cleo'),
        fromDivisionId: await draftDivision(GIRLS_10),
        toDivisionId: await draftDivision(GIRLS_8),
      },
      director.token,
    );
    expect(moved.status, moved.text).toBe(200);
    const before = await t.db.select().from(matchmakingPublications);
    const notices = await t.db.select().from(messages);
    // The notices' table is out of reach for the length of one publication: their writes fail.
    await t.database.execScript('alter table messages rename to messages_away');
    try {
      const res = await t.call(
        'POST',
        `/api/admin/matchmaking/drafts/${draftId}/publish`,
        { confirm: true },
        director.token,
      );
      expect(res.status, res.text).toBe(200);
    } finally {
      await t.database.execScript('alter table messages_away rename to messages');
    }
    const after = await t.db.select().from(matchmakingPublications);
    expect(after).toHaveLength(before.length + 1);
    const latest = after.at(-1)!;
    // The change list of the new publication is there; no notice was made for it (and the log says so).
    const changes = await t.db
      .select()
      .from(divisionChangeNotices)
      .where(eq(divisionChangeNotices.publicationId, latest.id));
    expect(changes).toEqual([expect.objectContaining({ competitorId: kid.get('Cleo'), sentAt: null })]);
    expect([english(changes[0]!.fromTitle), english(changes[0]!.toTitle ?? '')]).toEqual([GIRLS_10, GIRLS_8]);
    expect(await t.db.select().from(messages)).toHaveLength(notices.length);
    // The rings run the new publication: Cleo is in Girls 8-9 there.
    expect((await w.divisions()).has(GIRLS_8)).toBe(true);
  });
});
