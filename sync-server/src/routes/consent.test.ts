import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRIVACY_POLICY,
  PublicResultsSchema,
  type CompetitorCreate,
  type RegistrationOptions,
} from '@tournament/shared';
import { competitors, consentRecords, divisionResults, ringDivisions } from '../db/schema.ts';
import { poke } from '../sync/push.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { competitorInput } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { matchdayWorld, type MatchdayWorld } from '../testing/matchday-fixtures.ts';

// Decision 043: consent per child. A registration records who consented, when and under which
// privacy policy; a child whose family did not allow their name appears on every public read
// (results, leaderboard, signage) as "Competitor N" with their school; the family's choice can be
// changed later and takes effect at once; a family that accepted an older policy accepts the
// current one before registering again. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

let t: TestApp;
let w: MatchdayWorld;
let director: string;
let parent: { token: string; user: { id: number } };
let stranger: { token: string; user: { id: number } };
let tournamentId: number;
let options: RegistrationOptions;
let zed: number;
let ivy: number;

const BOYS = 'Boys 12-13 Beginner';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  director = (await t.createUser('TournamentDirector')).token;
  parent = await t.createUser('Customer');
  stranger = await t.createUser('Customer');
  tournamentId = (await getNextTournament(t.deps))!.id;
  w = await matchdayWorld(t, tournamentId);
  const family = await w.addFamily(parent.user.id, [
    // Zed's family did not allow his name on public results; Ivy's did.
    {
      first: 'Zed',
      last: 'Quillfeather',
      age: 12,
      gender: 1,
      level: 'Beginner',
      types: ['Forms'],
      school: 'Quiet Dojo',
      publishName: false,
    },
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
  [zed, ivy] = family.competitorIds as [number, number];
  await w.publish(director);
  // The division completes with Zed first and Ivy second: both on the results and the leaderboard.
  const boys = (await w.divisions()).get(BOYS)!;
  await t.db
    .update(divisionResults)
    .set({
      placings: [
        { competitorId: zed, place: 1 },
        { competitorId: ivy, place: 2 },
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
  options = (await t.call('GET', `/api/registration/options/${tournamentId}`, undefined, parent.token)).json;
}, 120_000);
afterAll(() => t.close());

/** Every public read a visitor can make of the tournament: results, signage, the signage pull. */
async function publicBodies(headers: Record<string, string> = {}) {
  const results = await t.call('GET', `/api/results/${tournamentId}`, undefined, undefined, headers);
  expect(results.status).toBe(200);
  const signage = await t.call('GET', `/api/signage/ring-assignments/${tournamentId}`);
  expect(signage.status).toBe(200);
  const pull = await t.call('POST', '/sync/pull', {
    clientGroupId: `consent-${Math.random()}`,
    clientId: `consent-${Math.random()}`,
    cookie: null,
    scope: 'signage',
  });
  expect(pull.status).toBe(200);
  return {
    results: PublicResultsSchema.parse(results.json),
    resultsText: results.text,
    others: [signage.text, pull.text],
  };
}

/** A new registration of the caller with one competitor, Maya Lee in Forms unless `over` says. */
async function register(token: string, over: Partial<CompetitorCreate>) {
  const registrationId = (await t.call('POST', `/api/registration/create/${tournamentId}`, undefined, token))
    .json.registrationId as number;
  const entry = {
    competitorLevelId: options.competitorLevels[0]!.id,
    eventIds: [options.events.find((e) => e.name === 'Forms')!.id],
  };
  return t.call('POST', '/api/registration/competitor', competitorInput(registrationId, entry, over), token);
}

const names = (r: { divisions: { results: { placings: { name: string; school: string }[] }[] }[] }) =>
  r.divisions.flatMap((d) => d.results.flatMap((x) => x.placings));

describe('the naming choice on public reads', () => {
  it('shows a child without it as "Competitor N" with their school on results and the leaderboard, never the name', async () => {
    const { results, resultsText, others } = await publicBodies();
    expect(names(results)).toEqual([
      { place: 1, name: `Competitor ${zed}`, school: 'Quiet Dojo' },
      { place: 2, name: 'Ivy M.', school: 'Loud Dojo' },
    ]);
    const board = results.leaderboard.flatMap((s) => s.rows);
    expect(board.find((r) => r.points === 100)).toMatchObject({
      name: `Competitor ${zed}`,
      school: 'Quiet Dojo',
    });
    expect(board.find((r) => r.points === 75)).toMatchObject({ name: 'Ivy M.' });
    for (const text of [resultsText, ...others]) {
      expect(text).not.toMatch(/Zed|Quillfeather/);
    }
    // Signage never carried names at all.
    for (const text of others) expect(text).not.toMatch(/Ivy|Marchbanks/);
  });

  it('says "Competitor N" in the reader’s language', async () => {
    const { results } = await publicBodies({ 'Accept-Language': 'fr-CA' });
    expect(names(results)[0]).toMatchObject({ name: `Athlète ${zed}` });
  });

  it('names the child as soon as the family allows it, and stops when they withdraw it, each change recorded', async () => {
    const allow = await t.call(
      'PUT',
      `/api/registration/competitor/${zed}/choices`,
      { publishName: true, photosAllowed: true },
      parent.token,
    );
    expect(allow.status).toBe(200);
    expect(allow.json).toMatchObject({ id: zed, publishName: true, photosAllowed: true });
    let read = await publicBodies();
    expect(names(read.results)[0]).toMatchObject({ name: 'Zed Q.', school: 'Quiet Dojo' });
    expect(read.results.leaderboard.flatMap((s) => s.rows).find((r) => r.points === 100)?.name).toBe(
      'Zed Q.',
    );

    t.clock.advance(60_000);
    const withdraw = await t.call(
      'PUT',
      `/api/registration/competitor/${zed}/choices`,
      { publishName: false, photosAllowed: true },
      parent.token,
    );
    expect(withdraw.status).toBe(200);
    read = await publicBodies();
    expect(read.resultsText).not.toMatch(/Zed|Quillfeather/);

    const records = await t.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.competitorId, zed))
      .orderBy(asc(consentRecords.id));
    expect(records.map((r) => [r.kind, r.given])).toEqual([
      ['publish_name', true],
      ['photos', true],
      ['publish_name', false],
    ]);
    expect(
      records.every((r) => r.userId === parent.user.id && r.policyVersion === PRIVACY_POLICY.version),
    ).toBe(true);
    expect(records.every((r) => r.givenAs === 'guardian')).toBe(true);
  });

  it('lets nobody but the family change the choice: another customer gets 404 and nothing changes', async () => {
    const before = await t.db.select().from(consentRecords);
    const res = await t.call(
      'PUT',
      `/api/registration/competitor/${ivy}/choices`,
      { publishName: false, photosAllowed: false },
      stranger.token,
    );
    expect(res.status).toBe(404);
    const [row] = await t.db.select().from(competitors).where(eq(competitors.id, ivy));
    expect(row).toMatchObject({ publishName: true });
    expect(await t.db.select().from(consentRecords)).toHaveLength(before.length);
    const { resultsText } = await publicBodies();
    expect(resultsText).toContain('Ivy M.');
  });

  it('refuses a choice that is not yes or no, with the field named, and changes nothing', async () => {
    const res = await t.call(
      'PUT',
      `/api/registration/competitor/${ivy}/choices`,
      { publishName: 'maybe', photosAllowed: false },
      parent.token,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors)).toContain('publishName');
    const [row] = await t.db.select().from(competitors).where(eq(competitors.id, ivy));
    expect(row).toMatchObject({ publishName: true, photosAllowed: false });
  });
});

describe('registering records consent', () => {
  it("records the guardian's consent for a child, and the two choices, with the account, the time and the policy version", async () => {
    const guardian = await t.createUser('Customer');
    const res = await register(guardian.token, { firstName: 'Noa', publishName: false, photosAllowed: true });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ publishName: false, photosAllowed: true });
    const records = await t.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.competitorId, res.json.id))
      .orderBy(asc(consentRecords.id));
    expect(records.map((r) => ({ kind: r.kind, given: r.given }))).toEqual([
      { kind: 'participation', given: true },
      { kind: 'publish_name', given: false },
      { kind: 'photos', given: true },
    ]);
    for (const r of records) {
      expect(r).toMatchObject({
        userId: guardian.user.id,
        givenAs: 'guardian',
        policyVersion: PRIVACY_POLICY.version,
      });
      expect(r.givenAt.toISOString()).toBe(t.clock.now.toISOString());
    }
  });

  it('records an adult’s own consent, and asks nothing of a registration that does not choose (not named, no photos)', async () => {
    const adult = await t.createUser('Customer');
    const res = await register(adult.token, {
      firstName: 'Sam',
      dateOfBirth: '1990-03-04',
      guardianConsent: false,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ publishName: false, photosAllowed: false });
    const records = await t.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.competitorId, res.json.id));
    expect(records.map((r) => r.givenAs)).toEqual(['self', 'self', 'self']);
  });
});

describe('a new privacy policy version', () => {
  it('is accepted before a family that accepted an earlier one registers again', async () => {
    const family = await t.createUser('Customer');
    // This family consented under version 1, before the policy changed.
    await t.db.insert(consentRecords).values({
      userId: family.user.id,
      competitorId: null,
      kind: 'privacy_policy',
      given: true,
      policyVersion: PRIVACY_POLICY.version - 1,
      givenAt: new Date('2025-10-01T12:00:00Z'),
    });
    const status = await t.call('GET', '/api/users/privacy-policy', undefined, family.token);
    expect(status.json).toEqual({
      version: PRIVACY_POLICY.version,
      date: PRIVACY_POLICY.date,
      acceptedVersion: PRIVACY_POLICY.version - 1,
      mustAccept: true,
    });

    const refused = await register(family.token, { firstName: 'Lou' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain(`Version ${PRIVACY_POLICY.version}`);

    // Accepting a version other than the one in force (a page loaded before a change) is refused.
    const stale = await t.call('POST', '/api/users/privacy-policy', { version: 1 }, family.token);
    expect(stale.status).toBe(409);
    expect((await t.call('GET', '/api/users/privacy-policy', undefined, family.token)).json.mustAccept).toBe(
      true,
    );

    const accepted = await t.call(
      'POST',
      '/api/users/privacy-policy',
      { version: PRIVACY_POLICY.version },
      family.token,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ acceptedVersion: PRIVACY_POLICY.version, mustAccept: false });
    expect((await register(family.token, { firstName: 'Lou' })).status).toBe(200);
  });

  it('is not asked of a family registering for the first time', async () => {
    const family = await t.createUser('Customer');
    expect((await t.call('GET', '/api/users/privacy-policy', undefined, family.token)).json).toMatchObject({
      acceptedVersion: null,
      mustAccept: false,
    });
  });
});
