import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompetitorScheduleSchema,
  PublicResultsSchema,
  SignageRingListSchema,
  USER_CONTEXT_HEADER,
} from '@tournament/shared';
import { auditLog, divisionEntries, divisionResults, ringDivisions, rings } from '../db/schema.ts';
import { CACHE_CHANNEL } from '../lib/cache.ts';
import { resultsCacheKey, signageCacheKey } from '../services/matchday-public.ts';
import { poke } from '../sync/push.ts';
import { SYNC_POKE_CHANNEL } from '../sync/versions.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { matchdayWorld, type MatchdayWorld } from '../testing/matchday-fixtures.ts';

// Decisions 021 and 022 over /api: rings set up by directors, the public signage and results
// reads, a family's schedule, and ring divisions following the latest publication.

let t: TestApp;
let w: MatchdayWorld;
let director: string;
let customer: string;
let checkIn: string;
let parentA: { token: string; user: { id: number } };
let parentB: { token: string; user: { id: number } };
let tournamentId: number;
let draftId: number;
const kids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  director = (await t.createUser('TournamentDirector', { firstName: 'Dee', lastName: 'Rector' })).token;
  customer = (await t.createUser('Customer')).token;
  checkIn = (await t.createUser('CheckInAdmin')).token;
  parentA = await t.createUser('Customer');
  parentB = await t.createUser('Customer');
  tournamentId = (await getNextTournament(t.deps))!.id;
  w = await matchdayWorld(t, tournamentId);
  const a = await w.addFamily(parentA.user.id, [
    {
      first: 'Ava',
      last: 'Smithers',
      age: 10,
      gender: 2,
      level: 'Intermediate',
      types: ['Forms', 'Weapons'],
      school: 'Lake Dojo',
    },
    { first: 'Bea', last: 'Jonesy', age: 10, gender: 2, level: 'Intermediate', types: ['Forms', 'Weapons'] },
  ]);
  const b = await w.addFamily(parentB.user.id, [
    {
      first: 'Cam',
      last: 'Brownfield',
      age: 10,
      gender: 2,
      level: 'Intermediate',
      types: ['Forms', 'Weapons'],
    },
    { first: 'Dan', last: 'Leeward', age: 12, gender: 1, level: 'Beginner', types: ['Forms'] },
    { first: 'Eli', last: 'Kimball', age: 12, gender: 1, level: 'Beginner', types: ['Forms'] },
    { first: 'Fin', last: 'Rossi', age: 14, gender: 1, level: 'Advanced', types: ['Sparring'], weight: 50 },
    { first: 'Gus', last: 'Grant', age: 14, gender: 1, level: 'Advanced', types: ['Sparring'], weight: 52 },
  ]);
  for (const [i, n] of ['Ava', 'Bea'].entries()) kids.set(n, a.competitorIds[i]!);
  for (const [i, n] of ['Cam', 'Dan', 'Eli', 'Fin', 'Gus'].entries()) kids.set(n, b.competitorIds[i]!);
  draftId = (await w.publish(director)).draftId;
}, 120_000);
afterAll(() => t.close());

const GIRLS = 'Girls 10-11 Intermediate';
const BOYS = 'Boys 12-13 Beginner';
const SPARRING = 'Boys 14-15 Advanced';

async function ringsOf() {
  return t.db
    .select()
    .from(rings)
    .where(eq(rings.tournamentId, tournamentId))
    .orderBy(asc(rings.sortOrder), asc(rings.id));
}
async function auditOf(entity: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(asc(auditLog.id));
}
async function division(title: string) {
  const d = (await w.divisions()).get(title);
  if (!d) throw new Error(`no division ${title}`);
  return d;
}
/** Puts a division on a ring as a push would, and pokes (which drops the cached public reads). */
async function place(title: string, set: Partial<typeof ringDivisions.$inferInsert>) {
  const d = await division(title);
  await t.db.update(ringDivisions).set(set).where(eq(ringDivisions.id, d.id));
  await poke(t.deps, tournamentId, ['matchday', 'signage']);
  return d.id;
}

describe('publishing fills the divisions rings run', () => {
  it('makes a ring division per published division, its entries and one result row per event type', async () => {
    const divisions = await w.divisions();
    expect([...divisions.keys()].sort()).toEqual([BOYS, SPARRING, GIRLS].sort());
    const girls = divisions.get(GIRLS)!;
    expect(girls).toMatchObject({
      eventTypeIds: [w.type.get('Forms'), w.type.get('Weapons')],
      eventTypes: ['Forms', 'Weapons'],
      competitorCount: 3,
      ringId: null,
      status: 'upcoming',
    });
    const entries = await t.db.select().from(divisionEntries).where(eq(divisionEntries.divisionId, girls.id));
    expect(entries.map((e) => e.competitorId).sort()).toEqual(
      [kids.get('Ava'), kids.get('Bea'), kids.get('Cam')].sort(),
    );
    const results = await t.db.select().from(divisionResults).where(eq(divisionResults.divisionId, girls.id));
    expect(results.map((r) => r.eventTypeId).sort()).toEqual(
      [w.type.get('Forms')!, w.type.get('Weapons')!].sort(),
    );
    expect(results.every((r) => r.placings === null && r.completedAt === null)).toBe(true);
  });
});

describe('rings (directors)', () => {
  it('adds rings at the end of the order, audited', async () => {
    const one = await t.call('POST', '/api/admin/rings', { tournamentId, name: ' Ring 1 ' }, director);
    expect(one.status).toBe(201);
    expect(one.json).toMatchObject({ tournamentId, name: 'Ring 1', isOpen: true, sortOrder: 1 });
    const two = await t.call('POST', '/api/admin/rings', { tournamentId, name: 'Ring 2' }, director);
    expect(two.json).toMatchObject({ name: 'Ring 2', sortOrder: 2 });
    const created = (await auditOf('ring')).filter((a) => a.action === 'create');
    expect(created.map((a) => a.entityId)).toEqual([one.json.id, two.json.id]);
    expect(created[0]!.actorName).toBe('Dee Rector');
  });

  it('refuses a bad ring with field errors and adds nothing', async () => {
    const before = await ringsOf();
    const blank = await t.call('POST', '/api/admin/rings', { tournamentId, name: '   ' }, director);
    expect(blank.status).toBe(400);
    expect(blank.json).toEqual({ errors: { name: 'Value is required' } });
    const unknown = await t.call(
      'POST',
      '/api/admin/rings',
      { tournamentId: 999_999, name: 'Ring 9' },
      director,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors.tournamentId).toBe('The tournament was not found');
    expect(await ringsOf()).toEqual(before);
  });

  it('lets only directors set rings up', async () => {
    const [ring] = await ringsOf();
    const before = await ringsOf();
    const body = { tournamentId, name: 'Ring X' };
    for (const [token, status] of [
      [undefined, 401],
      [customer, 403],
      [checkIn, 403],
    ] as const) {
      expect((await t.call('POST', '/api/admin/rings', body, token)).status).toBe(status);
      expect((await t.call('PUT', `/api/admin/rings/${ring!.id}`, { name: 'X' }, token)).status).toBe(status);
      expect((await t.call('DELETE', `/api/admin/rings/${ring!.id}`, undefined, token)).status).toBe(status);
      const reorder = await t.call('POST', '/api/admin/rings/reorder', { tournamentId, ids: [] }, token);
      expect(reorder.status).toBe(status);
    }
    expect(await ringsOf()).toEqual(before);
  });

  it('renames a ring (audited), refusing a blank name and an unknown ring', async () => {
    const [ring] = await ringsOf();
    const res = await t.call('PUT', `/api/admin/rings/${ring!.id}`, { name: 'Ring A' }, director);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ring!.id, name: 'Ring A' });
    const audit = (await auditOf('ring')).filter((a) => a.action === 'update');
    expect(audit.at(-1)).toMatchObject({
      entityId: ring!.id,
      before: { name: 'Ring 1' },
      after: { name: 'Ring A' },
    });
    const bad = await t.call('PUT', `/api/admin/rings/${ring!.id}`, { name: '' }, director);
    expect(bad.status).toBe(400);
    expect(bad.json.errors.name).toBeDefined();
    expect((await t.call('PUT', '/api/admin/rings/999999', { name: 'Nope' }, director)).status).toBe(404);
    expect((await t.call('PUT', '/api/admin/rings/abc', { name: 'Nope' }, director)).status).toBe(400);
    expect((await ringsOf())[0]!.name).toBe('Ring A');
  });

  it('reorders rings; an order that misses, repeats or invents a ring is 400 and changes nothing', async () => {
    const [a, b] = await ringsOf();
    const before = await ringsOf();
    for (const ids of [[a!.id], [a!.id, a!.id], [a!.id, b!.id, 999_999], [b!.id, 999_999]]) {
      const res = await t.call('POST', '/api/admin/rings/reorder', { tournamentId, ids }, director);
      expect(res.status).toBe(400);
      expect(res.json.errors.ids).toBe('The new order must list every item exactly once');
    }
    expect(
      (await t.call('POST', '/api/admin/rings/reorder', { tournamentId, ids: 'x' }, director)).status,
    ).toBe(400);
    expect(await ringsOf()).toEqual(before);
    const unknown = await t.call(
      'POST',
      '/api/admin/rings/reorder',
      { tournamentId: 999_999, ids: [] },
      director,
    );
    expect(unknown.status).toBe(404);

    const res = await t.call(
      'POST',
      '/api/admin/rings/reorder',
      { tournamentId, ids: [b!.id, a!.id] },
      director,
    );
    expect(res.status).toBe(200);
    expect(res.json.map((r: { id: number }) => r.id)).toEqual([b!.id, a!.id]);
    expect((await auditOf('ring')).at(-1)).toMatchObject({
      action: 'reorder',
      before: [a!.id, b!.id],
      after: [b!.id, a!.id],
    });
    // Back to the first order for the tests below.
    await t.call('POST', '/api/admin/rings/reorder', { tournamentId, ids: [a!.id, b!.id] }, director);
  });

  it('removes a ring whose divisions are all upcoming: they go back to unassigned', async () => {
    const made = await t.call('POST', '/api/admin/rings', { tournamentId, name: 'Ring 3' }, director);
    const boys = await place(BOYS, { ringId: made.json.id, queueOrder: 1 });
    const res = await t.call('DELETE', `/api/admin/rings/${made.json.id}`, undefined, director);
    expect(res.status).toBe(200);
    expect((await ringsOf()).map((r) => r.name)).toEqual(['Ring A', 'Ring 2']);
    const [row] = await t.db.select().from(ringDivisions).where(eq(ringDivisions.id, boys));
    expect(row).toMatchObject({ ringId: null, queueOrder: 0, status: 'upcoming' });
    expect((await auditOf('ring')).at(-1)).toMatchObject({ action: 'delete', entityId: made.json.id });
    expect((await t.call('DELETE', `/api/admin/rings/${made.json.id}`, undefined, director)).status).toBe(
      404,
    );
  });

  it('refuses (409) to remove a ring with a current or completed division, changing nothing', async () => {
    const made = await t.call('POST', '/api/admin/rings', { tournamentId, name: 'Ring 4' }, director);
    const id = await place(SPARRING, {
      ringId: made.json.id,
      queueOrder: 1,
      status: 'current',
      startedAt: t.clock.now,
    });
    const res = await t.call('DELETE', `/api/admin/rings/${made.json.id}`, undefined, director);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(
      'Ring 4 has a current or completed division, so it stays (its results belong to it): close it instead.',
    );
    expect((await ringsOf()).map((r) => r.name)).toContain('Ring 4');
    const [row] = await t.db.select().from(ringDivisions).where(eq(ringDivisions.id, id));
    expect(row).toMatchObject({ ringId: made.json.id, status: 'current' });
    // Leave it upcoming and unassigned again, and the ring gone, for the tests below.
    await place(SPARRING, { ringId: null, queueOrder: 0, status: 'upcoming', startedAt: null });
    expect((await t.call('DELETE', `/api/admin/rings/${made.json.id}`, undefined, director)).status).toBe(
      200,
    );
  });
});

describe('signage (public, docs/product.md §3)', () => {
  it('answers a visitor with every ring in its order, the current division and the rest in queue order', async () => {
    const [ringA, ring2] = await ringsOf();
    await place(GIRLS, { ringId: ringA!.id, queueOrder: 2 });
    await place(BOYS, { ringId: ringA!.id, queueOrder: 1, status: 'current', startedAt: t.clock.now });
    await t.db.update(rings).set({ isOpen: false }).where(eq(rings.id, ring2!.id));
    await poke(t.deps, tournamentId, ['signage']);
    const res = await t.call('GET', `/api/signage/ring-assignments/${tournamentId}`);
    expect(res.status).toBe(200);
    const body = SignageRingListSchema.parse(res.json);
    const girls = await division(GIRLS);
    const boys = await division(BOYS);
    expect(body).toEqual([
      {
        ringId: ringA!.id,
        name: 'Ring A',
        isOpen: true,
        current: {
          ringAssignmentId: boys.id,
          title: BOYS,
          eventTypes: ['Forms'],
          order: 1,
          isCompleted: false,
        },
        upcoming: [
          {
            ringAssignmentId: girls.id,
            title: GIRLS,
            eventTypes: ['Forms', 'Weapons'],
            order: 2,
            isCompleted: false,
          },
        ],
      },
      { ringId: ring2!.id, name: 'Ring 2', isOpen: false, current: null, upcoming: [] },
    ]);
    // Exactly SPEC's fields: nothing about competitors.
    expect(res.text).not.toMatch(/Ava|Smithers|competitor|dateOfBirth|registration/i);
    await t.db.update(rings).set({ isOpen: true }).where(eq(rings.id, ring2!.id));
    await poke(t.deps, tournamentId, ['signage']);
  });

  it('flags completed divisions among the upcoming ones', async () => {
    const [ringA] = await ringsOf();
    await place(BOYS, { status: 'completed', completedAt: t.clock.now });
    const body = (await t.call('GET', `/api/signage/ring-assignments/${tournamentId}`)).json;
    const card = body.find((r: { ringId: number }) => r.ringId === ringA!.id);
    expect(card.current).toBeNull();
    expect(
      card.upcoming.map((a: { title: string; isCompleted: boolean }) => [a.title, a.isCompleted]),
    ).toEqual([
      [BOYS, true],
      [GIRLS, false],
    ]);
    await place(BOYS, { status: 'current', completedAt: null });
  });

  it('is cached, and a ring change drops the cached answer at once', async () => {
    const url = `/api/signage/ring-assignments/${tournamentId}`;
    // An invalidation's NOTIFY comes back to this server a moment later and drops what is cached
    // then (on PostgreSQL, a CI run saw the earlier tests' echo drop this test's first answer).
    // Invalidate a key of this test's own and wait for its echo: the earlier ones, committed
    // before, came first. (Waiting for the signage key itself could meet an earlier echo of it.)
    const key = `echo-barrier:${crypto.randomUUID()}`;
    let echoed!: () => void;
    const echo = new Promise<void>((resolve) => (echoed = resolve));
    const unlisten = await t.database.listen(CACHE_CHANNEL, (k) => {
      if (k === key) echoed();
    });
    await t.deps.cache.invalidate(key);
    await echo;
    await unlisten();
    const first = (await t.call('GET', url)).json;
    // A write that pokes nobody is not seen: the answer is cached.
    const [ringA] = await ringsOf();
    await t.db.update(rings).set({ name: 'Sneaky' }).where(eq(rings.id, ringA!.id));
    expect((await t.call('GET', url)).json).toEqual(first);
    // A director's rename (which pokes) is seen at once.
    await t.call('PUT', `/api/admin/rings/${ringA!.id}`, { name: 'Ring One' }, director);
    expect((await t.call('GET', url)).json[0].name).toBe('Ring One');
    await t.call('PUT', `/api/admin/rings/${ringA!.id}`, { name: 'Ring A' }, director);
    expect((await t.call('GET', url)).json[0].name).toBe('Ring A');
  });

  it("tells every server to drop its cached public reads before it tells the devices, in the poke's one statement", async () => {
    // Another server's view: one LISTEN connection carries both channels, in the order sent.
    const heard: string[] = [];
    let poked!: () => void;
    const pokes = new Promise<void>((resolve) => (poked = resolve));
    const unlistenCache = await t.database.listen(CACHE_CHANNEL, (key) => {
      if (key.endsWith(`:${tournamentId}`)) heard.push(key);
    });
    const unlistenPoke = await t.database.listen(SYNC_POKE_CHANNEL, (payload) => {
      const message = JSON.parse(payload) as { tournamentId: number; scopes?: string[] };
      if (message.tournamentId !== tournamentId || !message.scopes?.includes('matchday')) return;
      heard.push('poke');
      poked();
    });
    try {
      const cached = signageCacheKey(tournamentId);
      await t.deps.cache.get(cached, async () => 'kept');
      await poke(t.deps, tournamentId, ['matchday']);
      // This server's own copy is gone before the poke answers.
      expect(t.deps.cache.peek(cached)).toBeUndefined();
      await pokes;
      expect(heard.slice(-3)).toEqual([cached, resultsCacheKey(tournamentId), 'poke']);
    } finally {
      await unlistenCache();
      await unlistenPoke();
    }
  });

  it('answers 404 for an unknown tournament and 400 for a malformed id', async () => {
    expect((await t.call('GET', '/api/signage/ring-assignments/999999')).status).toBe(404);
    const bad = await t.call('GET', '/api/signage/ring-assignments/abc');
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toBeDefined();
  });
});

describe('publishing again', () => {
  it('keeps ring, queue place and status; a completed division is left as it was', async () => {
    const [ringA] = await ringsOf();
    const girls = await division(GIRLS);
    const boys = await division(BOYS);
    await place(GIRLS, { ringId: ringA!.id, queueOrder: 2, status: 'upcoming' });
    await place(BOYS, { status: 'completed', completedAt: t.clock.now });
    const completedBefore = await division(BOYS);
    for (const [id, title] of [
      [girls.id, 'Girls 10-11 Intermediate (renamed)'],
      [boys.id, 'Boys 12-13 Beginner (renamed)'],
    ] as const) {
      const res = await t.call(
        'PUT',
        `/api/admin/matchmaking/drafts/${draftId}/divisions/${id}`,
        { title },
        director,
      );
      expect(res.status).toBe(200);
    }
    await w.publish(director, draftId);
    const [g] = await t.db.select().from(ringDivisions).where(eq(ringDivisions.id, girls.id));
    expect(g).toMatchObject({
      title: 'Girls 10-11 Intermediate (renamed)',
      ringId: ringA!.id,
      queueOrder: 2,
      status: 'upcoming',
    });
    const [b] = await t.db.select().from(ringDivisions).where(eq(ringDivisions.id, boys.id));
    expect(b).toEqual(completedBefore);
    // Put the titles back for the tests below.
    for (const [id, title] of [
      [girls.id, GIRLS],
      [boys.id, BOYS],
    ] as const)
      await t.call('PUT', `/api/admin/matchmaking/drafts/${draftId}/divisions/${id}`, { title }, director);
    await place(BOYS, { status: 'current', completedAt: null });
    await w.publish(director, draftId);
    expect((await division(GIRLS)).ringId).toBe(ringA!.id);
  });
});

describe('results (public)', () => {
  it('lists completed divisions with placings by first name, last initial and school, and the leaderboard', async () => {
    const boys = await division(BOYS);
    const forms = w.type.get('Forms')!;
    await t.db
      .update(divisionResults)
      .set({
        placings: [
          { competitorId: kids.get('Eli')!, place: 1 },
          { competitorId: kids.get('Dan')!, place: 2 },
        ],
        completedAt: t.clock.now,
      })
      .where(and(eq(divisionResults.divisionId, boys.id), eq(divisionResults.eventTypeId, forms)));
    await place(BOYS, { status: 'completed', completedAt: t.clock.now });

    const res = await t.call('GET', `/api/results/${tournamentId}`);
    expect(res.status).toBe(200);
    const body = PublicResultsSchema.parse(res.json);
    expect(body.tournamentId).toBe(tournamentId);
    expect(body.divisions).toEqual([
      {
        divisionId: boys.id,
        title: BOYS,
        eventTypes: ['Forms'],
        completedAt: t.clock.now.toISOString(),
        results: [
          {
            eventTypeId: forms,
            eventType: 'Forms',
            placings: [
              { place: 1, name: 'Eli K.', school: 'North Dojo' },
              { place: 2, name: 'Dan L.', school: 'North Dojo' },
            ],
          },
        ],
      },
    ]);
    const rows = body.leaderboard.flatMap((s) => s.rows);
    expect(rows.find((r) => r.name === 'Eli K.')).toMatchObject({ points: 100, school: 'North Dojo' });
    expect(rows.find((r) => r.name === 'Dan L.')).toMatchObject({ points: 75 });
    // Nothing beyond a first name, a last initial and a school.
    expect(res.text).not.toMatch(/Kimball|Leeward|dateOfBirth|registration|competitorId|20\d\d-01-01/);
  });

  it('answers a generated title in the reader’s language, and a title a director typed as typed', async () => {
    // SPARRING was never renamed: its stored title is the generated one (a message reference);
    // BOYS was renamed back to "Boys 12-13 Beginner" above: typed, it is data.
    await place(SPARRING, { status: 'completed', completedAt: t.clock.now });
    try {
      const titles = async (headers: Record<string, string>) => {
        const res = await t.call('GET', `/api/results/${tournamentId}`, undefined, undefined, headers);
        expect(res.status).toBe(200);
        expect(res.text).not.toContain('i18n:');
        return PublicResultsSchema.parse(res.json).divisions.map((d) => d.title);
      };
      expect(await titles({})).toEqual([BOYS, SPARRING]);
      expect(await titles({ 'Accept-Language': 'fr-CA,fr;q=0.9' })).toEqual([
        BOYS,
        'Garçons 14-15 ans Advanced',
      ]);
      // The signage read too.
      const signage = await t.call(
        'GET',
        `/api/signage/ring-assignments/${tournamentId}`,
        undefined,
        undefined,
        {
          'Accept-Language': 'fr-CA',
        },
      );
      expect(signage.text).not.toContain('i18n:');
    } finally {
      await place(SPARRING, { status: 'upcoming', completedAt: null });
    }
  });

  it('answers 404 for an unknown tournament and 400 for a malformed id', async () => {
    expect((await t.call('GET', '/api/results/999999')).status).toBe(404);
    const bad = await t.call('GET', '/api/results/1x');
    expect(bad.status).toBe(400);
    expect(bad.json.errors.tournamentId).toBeDefined();
  });
});

describe("a family's schedule", () => {
  it("lists the caller's own competitors' divisions with ring, status and estimated start", async () => {
    const [ringA] = await ringsOf();
    const res = await t.call('GET', `/api/registration/schedule/${tournamentId}`, undefined, parentA.token);
    expect(res.status).toBe(200);
    const body = CompetitorScheduleSchema.parse(res.json);
    const girls = await division(GIRLS);
    expect(body.map((e) => e.firstName).sort()).toEqual(['Ava', 'Bea']);
    expect(body.every((e) => e.divisionId === girls.id && e.ringName === ringA!.name)).toBe(true);
    expect(body[0]).toMatchObject({ title: GIRLS, eventTypes: ['Forms', 'Weapons'], status: 'upcoming' });
    // Second on a ring whose first division is running: later than now.
    expect(Date.parse(body[0]!.estimatedStart!)).toBeGreaterThanOrEqual(t.clock.now.getTime());
  });

  it("never lists another family's competitors", async () => {
    const res = await t.call('GET', `/api/registration/schedule/${tournamentId}`, undefined, parentB.token);
    const names = res.json.map((e: { firstName: string }) => e.firstName);
    expect(names).not.toContain('Ava');
    expect(names).not.toContain('Bea');
    expect(names).toEqual(expect.arrayContaining(['Cam', 'Dan', 'Eli', 'Fin', 'Gus']));
    const sparring = res.json.find((e: { firstName: string }) => e.firstName === 'Fin');
    expect(sparring).toMatchObject({ title: SPARRING, ringName: null, estimatedStart: null, placings: [] });
    // The division the results above completed: the child's own placing, and the name the
    // public results give them (the family's day page and the results page highlight it).
    const dan = res.json.find((e: { firstName: string }) => e.firstName === 'Dan');
    expect(dan).toMatchObject({
      title: BOYS,
      status: 'completed',
      placings: [{ eventTypeId: w.type.get('Forms'), eventType: 'Forms', place: 2 }],
      publicName: 'Dan L.',
    });
    expect(
      (await t.call('GET', `/api/registration/schedule/${tournamentId}`, undefined, customer)).json,
    ).toEqual([]);
  });

  it('works for a director viewing as the family, and needs a sign-in', async () => {
    const res = await t.call('GET', `/api/registration/schedule/${tournamentId}`, undefined, director, {
      [USER_CONTEXT_HEADER]: String(parentA.user.id),
    });
    expect(res.status).toBe(200);
    expect(res.json.map((e: { firstName: string }) => e.firstName).sort()).toEqual(['Ava', 'Bea']);
    expect((await t.call('GET', `/api/registration/schedule/${tournamentId}`)).status).toBe(401);
    expect((await t.call('GET', '/api/registration/schedule/999999', undefined, parentA.token)).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/registration/schedule/x', undefined, parentA.token)).status).toBe(400);
  });
});
