import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildBracket,
  MATCHDAY_MESSAGES,
  resolveBracket,
  type PatchOp,
  type PullResponse,
  type PushResponse,
} from '@tournament/shared';
import { auditLog, divisionResults, judgeScores, ringDivisions, rings } from '../db/schema.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { syncPullsShared } from '../lib/metrics.ts';
import { english } from '../testing/english.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { matchdayWorld, type MatchdayWorld } from '../testing/matchday-fixtures.ts';
import { PUSH_HEARTBEAT_MS } from './devices.ts';
import { MAX_NEW_CLIENTS_PER_DAY } from './push.ts';

// Decision 021 through the real /sync push and pull: ring tablets and directors' devices running
// the matchday mutators, offline batches, conflicting entries, refusals and the signage scope.

let t: TestApp;
let w: MatchdayWorld;
type Account = Awaited<ReturnType<TestApp['createUser']>>;
let director: Account;
let director2: Account;
let official: Account;
let checkIn: { token: string };
let tournamentId: number;
let forms: number;
let weapons: number;
let ring1: number;
let ring2: number;
const kid = new Map<string, number>();
const div = new Map<string, number>();
let clientSeq = 0;

const GIRLS = 'Girls 10-11 Intermediate';
const BOYS = 'Boys 12-13 Beginner';
const SPARRING = 'Boys 14-15 Advanced';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  director = await t.createUser('TournamentDirector', { firstName: 'Dee', lastName: 'Rector' });
  director2 = await t.createUser('TournamentDirector', { firstName: 'Dot', lastName: 'Second' });
  official = await t.createUser('RingOfficial', { firstName: 'Ora', lastName: 'Official' });
  checkIn = await t.createUser('CheckInAdmin');
  const admin = await t.createUser('SuperAdmin');
  const parent = await t.createUser('Customer');
  tournamentId = (await getNextTournament(t.deps))!.id;
  w = await matchdayWorld(t, tournamentId);
  forms = w.type.get('Forms')!;
  weapons = w.type.get('Weapons')!;
  // Three judges keep the score sheets short.
  for (const id of [forms, weapons]) {
    const type = (await t.call('GET', '/api/admin/event-types', undefined, admin.token)).json.find(
      (e: { id: number }) => e.id === id,
    );
    const res = await t.call(
      'PUT',
      `/api/admin/event-types/${id}`,
      { title: type.title, description: type.description, decidedBy: type.decidedBy, judges: 3 },
      admin.token,
    );
    expect(res.status).toBe(200);
  }
  const fam = await w.addFamily(parent.user.id, [
    {
      first: 'Ava',
      last: 'Smithers',
      age: 10,
      gender: 2,
      level: 'Intermediate',
      types: ['Forms', 'Weapons'],
    },
    { first: 'Bea', last: 'Jonesy', age: 10, gender: 2, level: 'Intermediate', types: ['Forms', 'Weapons'] },
    { first: 'Dan', last: 'Leeward', age: 12, gender: 1, level: 'Beginner', types: ['Forms'] },
    { first: 'Eli', last: 'Kimball', age: 12, gender: 1, level: 'Beginner', types: ['Forms'] },
    { first: 'Fin', last: 'Rossi', age: 14, gender: 1, level: 'Advanced', types: ['Sparring'], weight: 50 },
    { first: 'Gus', last: 'Grant', age: 14, gender: 1, level: 'Advanced', types: ['Sparring'], weight: 52 },
  ]);
  for (const [i, n] of ['Ava', 'Bea', 'Dan', 'Eli', 'Fin', 'Gus'].entries())
    kid.set(n, fam.competitorIds[i]!);
  await w.publish(director.token);
  for (const [title, d] of await w.divisions()) div.set(title, d.id);
  ring1 = (await t.call('POST', '/api/admin/rings', { tournamentId, name: 'Ring 1' }, director.token)).json
    .id;
  ring2 = (await t.call('POST', '/api/admin/rings', { tournamentId, name: 'Ring 2' }, director.token)).json
    .id;
}, 120_000);
afterAll(() => t.close());

/** A device of `token`'s user: numbered mutations, pushes and pulls. */
function device(token: string) {
  clientSeq += 1;
  const clientId = `matchday-${clientSeq}`;
  const clientGroupId = `matchday-group-${clientSeq}`;
  let nextId = 1;
  const queued: { id: number; name: string; args: unknown }[] = [];
  return {
    /** Queues a mutation (offline) to push later. */
    queue(name: string, args: unknown) {
      queued.push({ id: nextId++, name, args });
      return this;
    },
    async push() {
      const res = await t.call(
        'POST',
        '/sync/push',
        { clientGroupId, clientId, mutations: queued.splice(0) },
        token,
      );
      return res;
    },
    async run(name: string, args: unknown) {
      this.queue(name, args);
      const res = await this.push();
      expect(res.status).toBe(200);
      return (res.json as PushResponse).results[0]!;
    },
    async pull(scope: string, cookie: string | null = null) {
      const res = await t.call('POST', '/sync/pull', { clientGroupId, clientId, cookie, scope }, token);
      expect(res.status).toBe(200);
      return { body: res.json as PullResponse, text: res.text };
    },
  };
}

function puts(patch: PatchOp[], entity: string): any[] {
  return patch.flatMap((op) => (op.op === 'put' && op.entity === entity ? (op.rows as any[]) : []));
}

async function divisionRow(title: string) {
  const [row] = await t.db
    .select()
    .from(ringDivisions)
    .where(eq(ringDivisions.id, div.get(title)!));
  return row!;
}
async function queueOf(ringId: number) {
  return (
    await t.db
      .select()
      .from(ringDivisions)
      .where(and(eq(ringDivisions.ringId, ringId), eq(ringDivisions.status, 'upcoming')))
      .orderBy(asc(ringDivisions.queueOrder))
  ).map((d) => english(d.title));
}
/** A tap `minutes` into the past hour (a time in the future would be replaced by the server's now). */
const at = (minutes: number) => new Date(t.clock.now.getTime() - (60 - minutes) * 60_000).toISOString();

/** The three judges' scores of each competitor: `values[competitor] = [j1, j2, j3]`. */
function queueScores(
  d: ReturnType<typeof device>,
  divisionId: number,
  eventTypeId: number,
  values: Record<string, [number, number, number]>,
) {
  for (const [name, scores] of Object.entries(values))
    scores.forEach((value, i) =>
      d.queue('recordScore@1', {
        divisionId,
        eventTypeId,
        competitorId: kid.get(name)!,
        judge: i + 1,
        round: 0,
        value,
        at: at(1),
      }),
    );
}

describe('matchday through push and pull', () => {
  it('two devices putting divisions on one ring converge on the server’s order', async () => {
    const a = device(director.token);
    const b = device(director2.token);
    // Both queued offline against an empty ring, then pushed one after the other.
    a.queue('assignDivision@1', { divisionId: div.get(GIRLS), ringId: ring1 });
    b.queue('assignDivision@1', { divisionId: div.get(BOYS), ringId: ring1, position: 0 });
    b.queue('assignDivision@1', { divisionId: div.get(SPARRING), ringId: ring1 });
    expect((await a.push()).json.results).toEqual([expect.objectContaining({ status: 'applied' })]);
    expect((await b.push()).json.results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
    ]);
    expect(await queueOf(ring1)).toEqual([BOYS, GIRLS, SPARRING]);
    const [pa, pb] = [(await a.pull('matchday')).body, (await b.pull('matchday')).body];
    const order = (patch: PatchOp[]) =>
      puts(patch, 'divisions')
        .filter((d) => d.ringId === ring1)
        .sort((x, y) => x.queueOrder - y.queueOrder)
        .map((d) => [d.id, d.queueOrder]);
    expect(order(pa.patch)).toEqual(order(pb.patch));
    expect(order(pa.patch).map(([id]) => id)).toEqual([div.get(BOYS), div.get(GIRLS), div.get(SPARRING)]);
  });

  it('a director’s reorder pushed while an official’s start and completion wait offline: both survive', async () => {
    const official1 = device(official.token);
    const boys = div.get(BOYS)!;
    // The official, offline, runs the first division of the queue from start to finish.
    official1.queue('startDivision@1', { divisionId: boys, seed: 7, at: at(0) });
    queueScores(official1, boys, forms, { Dan: [7, 8, 9], Eli: [6, 7, 8] });
    official1.queue('completeDivision@1', { divisionId: boys, at: at(5) });
    // Meanwhile the director, online, puts Sparring first and Boys last.
    const d = device(director.token);
    const reorder = await d.run('reorderQueue@1', {
      ringId: ring1,
      divisionIds: [div.get(SPARRING), div.get(GIRLS), boys],
    });
    expect(reorder.status).toBe('applied');
    expect(await queueOf(ring1)).toEqual([SPARRING, GIRLS, BOYS]);

    const res = await official1.push();
    expect(res.status).toBe(200);
    expect(res.json.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    expect(await divisionRow(BOYS)).toMatchObject({ status: 'completed', ringId: ring1 });
    expect(await queueOf(ring1)).toEqual([SPARRING, GIRLS]);
    const results = await t.db.select().from(divisionResults).where(eq(divisionResults.divisionId, boys));
    expect(results[0]!.placings).toEqual([
      { competitorId: kid.get('Dan'), place: 1 },
      { competitorId: kid.get('Eli'), place: 2 },
    ]);

    // A reorder made before the completion was known, naming the completed division first, leaves it completed.
    const late = await device(director2.token).run('reorderQueue@1', {
      ringId: ring1,
      divisionIds: [boys, div.get(GIRLS), div.get(SPARRING)],
    });
    expect(late.status).toBe('applied');
    expect(await divisionRow(BOYS)).toMatchObject({ status: 'completed' });
    expect(await queueOf(ring1)).toEqual([GIRLS, SPARRING]);
  });

  it('a correction after completion is applied and audited with before and after', async () => {
    const boys = div.get(BOYS)!;
    const placings = [
      { competitorId: kid.get('Eli')!, place: 1 },
      { competitorId: kid.get('Dan')!, place: 2 },
    ];
    const r = await device(director.token).run('correctResult@1', {
      divisionId: boys,
      eventTypeId: forms,
      placings,
    });
    expect(r.status).toBe('applied');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'divisionResult'));
    expect(audit).toMatchObject({
      entityId: boys,
      action: 'update',
      actorName: 'Dee Rector',
      before: {
        eventTypeId: forms,
        placings: [
          { competitorId: kid.get('Dan'), place: 1 },
          { competitorId: kid.get('Eli'), place: 2 },
        ],
      },
      after: { eventTypeId: forms, placings },
    });
    const [row] = await t.db
      .select()
      .from(divisionResults)
      .where(and(eq(divisionResults.divisionId, boys), eq(divisionResults.eventTypeId, forms)));
    expect(row).toMatchObject({ placings, correctedByName: 'Dee Rector' });
    // The public results follow at once.
    const pub = (await t.call('GET', `/api/results/${tournamentId}`)).json;
    expect(pub.divisions[0].results[0].placings.map((p: { name: string }) => p.name)).toEqual([
      'Eli K.',
      'Dan L.',
    ]);
  });

  it('refuses to complete with scores missing, with the incomplete message, changing nothing', async () => {
    const girls = div.get(GIRLS)!;
    const o = device(official.token);
    expect((await o.run('startDivision@1', { divisionId: girls, seed: 3, at: at(10) })).status).toBe(
      'applied',
    );
    queueScores(o, girls, forms, { Ava: [8, 8, 8], Bea: [7, 7, 7] });
    expect((await o.push()).json.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    const before = await t.db.select().from(divisionResults).where(eq(divisionResults.divisionId, girls));
    const r = await o.run('completeDivision@1', { divisionId: girls, at: at(20) });
    expect(r).toMatchObject({
      status: 'rejected',
      code: 'results_incomplete',
      message: english(MATCHDAY_MESSAGES.incomplete('Weapons')),
    });
    expect(await divisionRow(GIRLS)).toMatchObject({ status: 'current', completedAt: null });
    expect(await t.db.select().from(divisionResults).where(eq(divisionResults.divisionId, girls))).toEqual(
      before,
    );
  });

  it('two devices scoring the same judge: the later tap wins whatever the push order; the loser is told', async () => {
    const girls = div.get(GIRLS)!;
    const a = device(official.token);
    const b = device(director.token);
    const score = (competitor: string, value: number, minutes: number) => ({
      divisionId: girls,
      eventTypeId: weapons,
      competitorId: kid.get(competitor)!,
      judge: 1,
      round: 0,
      value,
      at: at(minutes),
    });
    // The later entry arrives first: the earlier one, pushed after, does not replace it.
    expect((await b.run('recordScore@1', score('Ava', 8, 12))).status).toBe('applied');
    const lost = await a.run('recordScore@1', score('Ava', 6, 11));
    expect(lost).toMatchObject({ status: 'applied', code: 'superseded' });
    expect(lost.message).toBe(english(MATCHDAY_MESSAGES.supersededScore(8, 'Dee Rector')));
    // The earlier entry arrives first: the later one replaces it.
    expect((await a.run('recordScore@1', score('Bea', 6, 11))).code).toBeNull();
    expect((await b.run('recordScore@1', score('Bea', 9, 12))).code).toBeNull();
    const rows = await t.db.select().from(judgeScores).where(eq(judgeScores.eventTypeId, weapons));
    const value = (name: string) =>
      rows.find((r) => r.competitorId === kid.get(name) && r.judge === 1)?.value;
    expect([value('Ava'), value('Bea')]).toEqual([8, 9]);
    // Both devices see the same standing scores.
    const seen = async (d: ReturnType<typeof device>) =>
      puts((await d.pull('matchday')).body.patch, 'scores')
        .filter((s) => s.eventTypeId === weapons)
        .map((s) => [s.competitorId, s.value]);
    expect(await seen(a)).toEqual(await seen(b));
  });

  it('the leaderboard follows the groups a director sets for the tournament', async () => {
    const groups = [{ id: 'all', label: 'Everyone', minAge: 0, maxAge: 120, gender: null }];
    const r = await device(director.token).run('setLeaderboardGroups@1', { tournamentId, groups });
    expect(r.status).toBe('applied');
    const pub = (await t.call('GET', `/api/results/${tournamentId}`)).json;
    expect(pub.leaderboard).toEqual([
      {
        groupId: 'all',
        label: 'Everyone',
        rows: [
          { rank: 1, tied: false, name: 'Eli K.', school: 'North Dojo', points: 100 },
          { rank: 2, tied: false, name: 'Dan L.', school: 'North Dojo', points: 75 },
        ],
      },
    ]);
  });

  it('refuses a CheckInAdmin’s matchday push with 403, applying nothing', async () => {
    const before = await t.db.select().from(rings).where(eq(rings.tournamentId, tournamentId));
    const d = device(checkIn.token);
    d.queue('setRingOpen@1', { ringId: ring1, isOpen: false });
    d.queue('assignDivision@1', { divisionId: div.get(SPARRING), ringId: ring2 });
    const res = await d.push();
    expect(res.status).toBe(403);
    expect(await t.db.select().from(rings).where(eq(rings.tournamentId, tournamentId))).toEqual(before);
    expect(await divisionRow(SPARRING)).toMatchObject({ ringId: ring1 });
    // Nor may a check-in tablet read the matchday scope.
    const pull = await t.call(
      'POST',
      '/sync/pull',
      { clientGroupId: 'g-ci', clientId: 'c-ci', cookie: null, scope: 'matchday' },
      checkIn.token,
    );
    expect(pull.status).toBe(403);
  });

  it('gives a visitor’s signage pull rings and divisions, but no entries, scores, results or names', async () => {
    const { body, text } = await device('').pull('signage');
    const entities = new Set(body.patch.flatMap((op) => (op.op === 'put' ? [op.entity] : [])));
    expect([...entities].sort()).toEqual(['divisions', 'rings']);
    expect(puts(body.patch, 'rings').map((r) => r.name)).toEqual(['Ring 1', 'Ring 2']);
    expect(
      puts(body.patch, 'divisions')
        .map((d) => english(d.title))
        .sort(),
    ).toEqual([BOYS, SPARRING, GIRLS].sort());
    // The rows go as stored, whatever the reader's language: a generated title stays a reference,
    // which the TV shows in the language it speaks at the time (a bilingual TV turns).
    const french = await t.call(
      'POST',
      '/sync/pull',
      { clientGroupId: 'g-fr', clientId: 'c-fr', cookie: null, scope: 'signage' },
      undefined,
      { 'Accept-Language': 'fr-CA' },
    );
    const titles = puts((french.json as PullResponse).patch, 'divisions').map((d) => d.title);
    expect(titles.every((title) => title.startsWith('i18n:division.title|'))).toBe(true);
    expect(text).not.toMatch(/Ava|Bea|Dan|Eli|Smithers|Kimball|Dee Rector|Ora/);
    // A ring opened or closed on a tablet reaches it at once (and the public read too).
    expect((await device(director.token).run('setRingOpen@1', { ringId: ring2, isOpen: false })).status).toBe(
      'applied',
    );
    const again = await device('').pull('signage', body.cookie);
    expect(puts(again.body.patch, 'rings')).toEqual([expect.objectContaining({ id: ring2, isOpen: false })]);
    const api = (await t.call('GET', `/api/signage/ring-assignments/${tournamentId}`)).json;
    expect(api.find((r: { ringId: number }) => r.ringId === ring2).isOpen).toBe(false);
  });

  it('answers TVs pulling together from one cookie with one reading of the rows, and a TV pulling after a change with it', async () => {
    const shared = async () =>
      (await syncPullsShared.get()).values.find((v) => v.labels.scope === 'signage')?.value ?? 0;
    const { body } = await device('').pull('signage');
    const before = await shared();
    // A division started pokes every TV of the venue, and they all pull from the same cookie.
    const tvs = await Promise.all(Array.from({ length: 10 }, () => device('').pull('signage', body.cookie)));
    expect(await shared()).toBe(before + 9);
    for (const tv of tvs)
      expect([tv.body.cookie, tv.body.patch]).toEqual([tvs[0]!.body.cookie, tvs[0]!.body.patch]);
    // Nothing is kept once answered: the next change reaches the next pull from the same cookie.
    expect((await device(director.token).run('setRingOpen@1', { ringId: ring1, isOpen: false })).status).toBe(
      'applied',
    );
    const next = await device('').pull('signage', body.cookie);
    expect(puts(next.body.patch, 'rings')).toContainEqual(
      expect.objectContaining({ id: ring1, isOpen: false }),
    );
    expect(next.body.cookie).not.toBe(body.cookie);
    expect((await device(director.token).run('setRingOpen@1', { ringId: ring1, isOpen: true })).status).toBe(
      'applied',
    );
  });

  it('refuses a RingOfficial the day’s set-up with 403 (rings, queues, balancing, leaderboard groups), applying nothing', async () => {
    const ringsBefore = await t.db.select().from(rings).where(eq(rings.tournamentId, tournamentId));
    const divisionsBefore = await t.db
      .select()
      .from(ringDivisions)
      .where(eq(ringDivisions.tournamentId, tournamentId))
      .orderBy(asc(ringDivisions.id));
    const attempts: [string, unknown][] = [
      ['setRingOpen@1', { ringId: ring1, isOpen: false }],
      ['assignDivision@1', { divisionId: div.get(SPARRING), ringId: ring2 }],
      ['reorderQueue@1', { ringId: ring1, divisionIds: [div.get(SPARRING)] }],
      ['balanceRings@1', {}],
      [
        'setLeaderboardGroups@1',
        { tournamentId, groups: [{ id: 'all', label: 'All', minAge: 0, maxAge: 200, gender: null }] },
      ],
    ];
    for (const [name, args] of attempts) {
      const d = device(official.token);
      d.queue(name, args);
      expect((await d.push()).status, name).toBe(403);
    }
    expect(await t.db.select().from(rings).where(eq(rings.tournamentId, tournamentId))).toEqual(ringsBefore);
    expect(
      await t.db
        .select()
        .from(ringDivisions)
        .where(eq(ringDivisions.tournamentId, tournamentId))
        .orderBy(asc(ringDivisions.id)),
    ).toEqual(divisionsBefore);
    // Nor may a ring tablet read check-in's scope (registrations, payments) or take a check-in.
    expect(
      (
        await t.call(
          'POST',
          '/sync/pull',
          { clientGroupId: 'g-ro', clientId: 'c-ro', cookie: null, scope: 'checkin' },
          official.token,
        )
      ).status,
    ).toBe(403);
    const c = device(official.token);
    c.queue('checkInCompetitor@1', { competitorId: kid.get('Fin') });
    expect((await c.push()).status).toBe(403);
  });

  it('gives a RingOfficial’s matchday pull names, schools, check-in state and the photo choice, and nothing more of a family', async () => {
    // Fin is checked in at the door, so the check-in state (and who took it) has something to show.
    expect(
      (await device(checkIn.token).run('checkInCompetitor@1', { competitorId: kid.get('Fin') })).status,
    ).toBe('applied');
    const { body, text } = await device(official.token).pull('matchday');
    const fin = puts(body.patch, 'competitors').find((c) => c.id === kid.get('Fin'));
    expect(Object.keys(fin).sort()).toEqual(
      [
        'checkedInAt',
        'checkedInBy',
        'checkedInByName',
        'firstName',
        'id',
        'lastName',
        // The family's photo choice: the ring is where photos are taken.
        'photosAllowed',
        'registrationId',
        'version',
      ].sort(),
    );
    expect(fin).toMatchObject({
      firstName: 'Fin',
      lastName: 'Rossi',
      checkedInBy: null,
      checkedInByName: null,
    });
    expect(fin.checkedInAt).not.toBeNull();
    const entry = puts(body.patch, 'divisionEntries').find((e) => e.competitorId === kid.get('Fin'));
    expect(entry).toMatchObject({
      firstName: 'Fin',
      lastName: 'Rossi',
      school: 'North Dojo',
      age: null,
      gender: null,
    });
    // No birth date, emergency contact, weight, e-mail or phone of a family, in any row.
    expect(text).not.toMatch(/\d{4}-01-01|7055550100|\bSam\b|Parent|@example|weightKg|dateOfBirth|emergency/);
    // A director's pull of the same scope keeps what the leaderboard groups by.
    const directors = await device(director.token).pull('matchday');
    expect(
      puts(directors.body.patch, 'divisionEntries').find((e) => e.competitorId === kid.get('Fin')),
    ).toMatchObject({
      age: 14,
      gender: 1,
    });
  });

  it('prints the live division’s sheet: its ring, the tablet’s judges, the stored draw, no no-shows (decision 050)', async () => {
    const sheetOf = async (title: string) => {
      const res = await t.call(
        'GET',
        `/api/admin/division-sheets/${div.get(title)}`,
        undefined,
        director.token,
      );
      expect(res.status).toBe(200);
      return res.json.sheets[0];
    };
    const row = await divisionRow(SPARRING);
    expect(row).toMatchObject({ ringId: ring1, status: 'upcoming' });
    const before = await sheetOf(SPARRING);
    expect(before.division).toMatchObject({
      ring: 'Ring 1',
      queuePosition: row.queueOrder,
      status: 'upcoming',
    });
    expect(before.brackets).toEqual([
      expect.objectContaining({ title: 'Sparring', drawn: false, rounds: [] }),
    ]);
    // Forms was set to three judges: the sheet's panel is the one the tablet scores with.
    expect((await sheetOf(GIRLS)).division.eventTypes).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: forms, judges: 3 })]),
    );

    // A ring official may not draw; a director draws before the start.
    const o = device(official.token);
    o.queue('drawDivision@1', { divisionId: div.get(SPARRING), seed: 5, redraw: false });
    expect((await o.push()).status).toBe(403);
    const d = device(director.token);
    expect(
      (await d.run('drawDivision@1', { divisionId: div.get(SPARRING), seed: 5, redraw: false })).status,
    ).toBe('applied');
    const [stored] = await t.db
      .select()
      .from(divisionResults)
      .where(eq(divisionResults.divisionId, div.get(SPARRING)!));
    const tabletFirst = resolveBracket(buildBracket(stored!.draw!, 'shared'), new Map())[0]!;
    const drawn = await sheetOf(SPARRING);
    expect(drawn.brackets[0]).toMatchObject({ drawn: true, fits: true });
    expect(drawn.brackets[0].rounds[0][0]).toMatchObject({ a: tabletFirst.a, b: tabletFirst.b });

    // A no-show is not listed, and the draw says it was made before the change.
    await d.run('markNoShow@1', {
      divisionId: div.get(SPARRING),
      competitorId: kid.get('Gus'),
      noShow: true,
    });
    // Drawing again without the director's confirmation is refused; the printed draw stays.
    const unconfirmed = await d.run('drawDivision@1', {
      divisionId: div.get(SPARRING),
      seed: 6,
      redraw: false,
    });
    expect(unconfirmed).toMatchObject({ status: 'rejected', code: 'redraw_needs_confirmation' });
    const late = await sheetOf(SPARRING);
    expect(late.competitors.map((c: { name: string }) => c.name)).toEqual(['Fin Rossi']);
    expect(late.brackets[0]).toMatchObject({ drawn: true, fits: false });
    // Each change moves the division's change version on: a sheet printed before it has changed.
    expect(drawn.division.changeVersion).toBeGreaterThan(before.division.changeVersion);
    expect(late.division.changeVersion).toBeGreaterThan(drawn.division.changeVersion);
    await d.run('markNoShow@1', {
      divisionId: div.get(SPARRING),
      competitorId: kid.get('Gus'),
      noShow: false,
    });
  });
});

describe('unlocking a tablet locked to one ring (decision 042)', () => {
  const unlock = (body: unknown, token: string) =>
    t.call('POST', '/api/matchday/ring-lock/unlock', body, token);

  it('accepts a director’s e-mail and password typed on a ring official’s tablet', async () => {
    const res = await unlock({ email: director.user.email, password: director.password }, official.token);
    expect(res.status, res.text).toBe(200);
  });

  it('refuses a ring official’s own password and a wrong one with 422, keeping the tablet signed in', async () => {
    const own = await unlock({ email: official.user.email, password: official.password }, official.token);
    expect(own.status).toBe(422);
    expect(own.json.message).toBe('Only a tournament director or a super admin can unlock this tablet.');
    const wrong = await unlock({ email: director.user.email, password: 'not the password' }, official.token);
    expect(wrong.status).toBe(422);
    expect(wrong.json.message).toBe('The e-mail address or password is incorrect.');
    // The tablet's own session still works.
    expect((await device(official.token).pull('matchday')).body.patch.length).toBeGreaterThan(0);
  });

  it('is the ring tablets’ alone: a CheckInAdmin is refused with 403, a visitor with 401', async () => {
    const body = { email: director.user.email, password: director.password };
    expect((await unlock(body, checkIn.token)).status).toBe(403);
    expect((await t.call('POST', '/api/matchday/ring-lock/unlock', body)).status).toBe(401);
  });
});

describe('each device’s last contact, for the control room (decision 048)', () => {
  const pullWith = (token: string, clientId: string, extra: Record<string, unknown>, scope = 'matchday') =>
    t.call(
      'POST',
      '/sync/pull',
      { clientGroupId: `g-${clientId}`, clientId, cookie: null, scope, ...extra },
      token,
    );

  it('gives a director’s matchday pull each ring tablet’s ring, unsent changes and when it was last heard from', async () => {
    const heardAt = t.clock.now.toISOString();
    expect((await pullWith(official.token, 'tablet-ring-1', { ringId: ring1, outboxDepth: 3 })).status).toBe(
      200,
    );
    const res = await pullWith(director.token, 'director-desk', {});
    expect(res.status).toBe(200);
    const devices = (res.json as PullResponse).devices!;
    expect(devices).toContainEqual({
      id: expect.any(Number),
      ringId: ring1,
      personName: 'Ora Official',
      lastHeardAt: heardAt,
      outboxDepth: 3,
    });
    // A pull without the heartbeat's fields (an older app) is still answered.
    expect(devices.find((d) => d.personName === 'Dee Rector')).toMatchObject({
      ringId: null,
      outboxDepth: 0,
    });
  });

  it('keeps the ring a push does not name, and moves the last contact on', async () => {
    await pullWith(official.token, 'tablet-ring-2', { ringId: ring2, outboxDepth: 1 });
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const pushed = await t.call(
      'POST',
      '/sync/push',
      { clientGroupId: 'g-tablet-ring-2', clientId: 'tablet-ring-2', mutations: [] },
      official.token,
    );
    expect(pushed.status).toBe(200);
    const devices = ((await pullWith(director.token, 'director-desk', {})).json as PullResponse).devices!;
    expect(devices.find((d) => d.ringId === ring2)).toMatchObject({
      lastHeardAt: t.clock.now.toISOString(),
      outboxDepth: 1,
    });
  });

  it('records a push as a heartbeat at most every PUSH_HEARTBEAT_MS per device (a pull every time)', async () => {
    await pullWith(official.token, 'tablet-ring-3', { ringId: ring1, outboxDepth: 0 });
    const pushAt = async (ms: number) => {
      t.clock.now = new Date(t.clock.now.getTime() + ms);
      const res = await t.call(
        'POST',
        '/sync/push',
        { clientGroupId: 'g-tablet-ring-3', clientId: 'tablet-ring-3', mutations: [] },
        official.token,
      );
      expect(res.status).toBe(200);
      return t.clock.now.toISOString();
    };
    const heard = async () =>
      ((await pullWith(director.token, 'director-desk', {})).json as PullResponse).devices!.find(
        (d) => d.personName === 'Ora Official' && d.ringId === ring1,
      )?.lastHeardAt;
    const first = await pushAt(60_000);
    expect(await heard()).toBe(first);
    await pushAt(PUSH_HEARTBEAT_MS - 1_000);
    expect(await heard()).toBe(first);
    const later = await pushAt(1_000);
    expect(await heard()).toBe(later);
  });

  it("never takes another person's device id, and records no new device past an account's day's allowance", async () => {
    await pullWith(official.token, 'tablet-ring-4', { ringId: ring2, outboxDepth: 2 });
    // Someone else's session pulls with that device id: the row stays the official's.
    await pullWith(director2.token, 'tablet-ring-4', { ringId: ring1, outboxDepth: 9 });
    const listed = async () =>
      ((await pullWith(director.token, 'director-desk', {})).json as PullResponse).devices!;
    expect((await listed()).filter((d) => d.outboxDepth === 9)).toEqual([]);
    expect(
      (await listed()).find((d) => d.personName === 'Ora Official' && d.outboxDepth === 2),
    ).toMatchObject({
      ringId: ring2,
    });

    const many = await t.createUser('RingOfficial', { firstName: 'Many', lastName: 'Tablets' });
    for (let i = 0; i <= MAX_NEW_CLIENTS_PER_DAY; i++)
      expect((await pullWith(many.token, `many-${i}`, { ringId: ring1, outboxDepth: 0 })).status).toBe(200);
    const theirs = (await listed()).filter((d) => d.personName === 'Many Tablets');
    expect(theirs).toHaveLength(MAX_NEW_CLIENTS_PER_DAY);
  });

  it('gives them to directors only: not to a ring official, nor to signage', async () => {
    const own = await pullWith(official.token, 'tablet-ring-1', { ringId: ring1, outboxDepth: 0 });
    expect(own.json.devices).toBeUndefined();
    const signage = await pullWith('', 'tv-1', {}, 'signage');
    expect(signage.json.devices).toBeUndefined();
    expect(signage.text).not.toContain('Ora Official');
  });

  it('refuses a negative unsent count with 400, recording nothing', async () => {
    const before = ((await pullWith(director.token, 'director-desk', {})).json as PullResponse).devices!;
    const res = await pullWith(official.token, 'tablet-ring-1', { ringId: ring2, outboxDepth: -1 });
    expect(res.status).toBe(400);
    const after = ((await pullWith(director.token, 'director-desk', {})).json as PullResponse).devices!;
    expect(after.find((d) => d.ringId === ring1 && d.personName === 'Ora Official')).toEqual(
      before.find((d) => d.ringId === ring1 && d.personName === 'Ora Official'),
    );
  });

  it('keeps the behind-schedule threshold a director sets, and refuses it to a ring official', async () => {
    const result = await device(director.token).run('setBehindWarning@1', { tournamentId, minutes: 20 });
    expect(result.status).toBe('applied');
    const { body } = await device(director.token).pull('matchday');
    expect(puts(body.patch, 'matchdaySettings')).toEqual([
      expect.objectContaining({ id: tournamentId, behindWarningMinutes: 20 }),
    ]);
    const d = device(official.token);
    d.queue('setBehindWarning@1', { tournamentId, minutes: 5 });
    expect((await d.push()).status).toBe(403);
    expect(
      (await device(director.token).run('setBehindWarning@1', { tournamentId, minutes: 0 })).status,
    ).toBe('rejected');
  });
});
