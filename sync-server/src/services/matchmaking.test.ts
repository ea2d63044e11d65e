import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DraftViewSchema,
  MatchmakingListSchema,
  PublishPreviewSchema,
  SheetsSchema,
} from '@tournament/shared';
import { seedStarterRules } from '../db/seed.ts';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  divisionChangeNotices,
  divisions,
  events,
  eventTypes,
  registrations,
  ringDivisions,
  tournaments,
} from '../db/schema.ts';
import { english } from '../testing/english.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { readPublishedDivisions } from './matchmaking/index.ts';

// Matchmaking on the server (decision 017): drafts from registrations, split, combine, move, lock,
// publish with its change list and family notices, late entries, sheets, and the rules' in-use refusal.

interface Kid {
  first: string;
  age: number;
  gender: 1 | 2;
  level: string;
  types: string[];
  weight?: number;
  completed?: boolean;
}

describe('matchmaking', () => {
  let t: TestApp;
  let director: string;
  let admin: string;
  let ownerId: number;
  let tournamentId: number;
  let tournamentYear: number;
  const level = new Map<string, number>();
  const type = new Map<string, number>();
  const eventOf = new Map<string, number>();

  async function addKids(kids: Kid[]) {
    const ids: number[] = [];
    for (const k of kids) {
      const [reg] = await t.db
        .insert(registrations)
        .values({ ownerUserId: ownerId, tournamentId, isCompleted: k.completed ?? true })
        .returning();
      const [c] = await t.db
        .insert(competitors)
        .values({
          registrationId: reg!.id,
          firstName: k.first,
          lastName: 'Test',
          dateOfBirth: `${tournamentYear - k.age}-01-01`,
          gender: k.gender,
          competitorLevelId: level.get(k.level)!,
          weightKg: k.weight ?? null,
          school: 'North Dojo',
          emergencyContactName: 'Sam',
          emergencyContactPhone: '7055550100',
          emergencyContactRelationship: 'Parent',
        })
        .returning();
      await t.db
        .insert(competitorEvents)
        .values(k.types.map((n) => ({ competitorId: c!.id, eventId: eventOf.get(n)! })));
      ids.push(c!.id);
    }
    return ids;
  }

  const many = (n: number, kid: Omit<Kid, 'first'>, prefix: string): Kid[] =>
    Array.from({ length: n }, (_, i) => ({ ...kid, first: `${prefix}${i + 1}` }));

  let draftId: number;
  const call = (method: string, url: string, body?: unknown, token = director) =>
    t.call(method, url, body, token);
  const draft = async (id = draftId) => (await call('GET', `/api/admin/matchmaking/drafts/${id}`)).json;
  const byTitle = (view: any, title: string) => view.divisions.find((d: any) => d.title === title);

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    director = (await t.createUser('TournamentDirector')).token;
    admin = (await t.createUser('SuperAdmin')).token;
    ownerId = (await t.createUser('Customer')).user.id;
    await seedStarterRules(t.db);
    const [tour] = await t.db.select().from(tournaments).orderBy(asc(tournaments.id));
    tournamentId = tour!.id;
    tournamentYear = Number(tour!.tournamentDate.slice(0, 4));
    for (const l of await t.db.select().from(competitorLevels)) level.set(l.name, l.id);
    for (const e of await t.db.select().from(eventTypes)) type.set(e.title, e.id);
    for (const e of await t.db.select().from(events).where(eq(events.tournamentId, tournamentId))) {
      const title = [...type].find(([, id]) => id === e.eventTypeId)![0];
      eventOf.set(title, e.id);
    }
    await addKids([
      ...many(3, { age: 10, gender: 2, level: 'Intermediate', types: ['Forms', 'Weapons'] }, 'Girl'),
      ...many(10, { age: 12, gender: 1, level: 'Beginner', types: ['Forms'] }, 'Boy'),
      { first: 'Solo14', age: 14, gender: 1, level: 'Advanced', types: ['Sparring'], weight: 50 },
      { first: 'Solo16', age: 16, gender: 1, level: 'Advanced', types: ['Sparring'], weight: 60 },
      { first: 'Tiny', age: 2, gender: 2, level: 'Beginner', types: ['Forms'] },
      { first: 'Unpaid', age: 10, gender: 2, level: 'Intermediate', types: ['Forms'], completed: false },
    ]);
  });
  afterAll(() => t.close());

  it('offers the event types and competitor counts of a tournament', async () => {
    const res = await call('GET', `/api/admin/matchmaking/options/${tournamentId}`);
    expect(res.status).toBe(200);
    expect(res.json.competitors).toEqual({ completed: 16, checkedIn: 0 });
    expect(res.json.eventTypes.find((e: any) => e.title === 'Forms').competitors).toBe(14);
    expect((await call('GET', '/api/admin/matchmaking/options/99999')).status).toBe(404);
  });

  it('creates a draft: one division per rule group, event types together, warnings and no-rule-fits', async () => {
    const res = await call('POST', '/api/admin/matchmaking/drafts', {
      tournamentId,
      source: 'completed',
      eventTypeIds: [...type.values()],
    });
    expect(res.status).toBe(201);
    draftId = res.json.draftId;
    const view = await draft();
    expect(view.draft).toMatchObject({ name: 'Draft 1', status: 'draft' });
    expect(view.divisions.map((d: any) => d.title)).toEqual([
      'Girls 10-11 Intermediate',
      'Boys 12-13 Beginner',
      'Boys 14-15 Advanced',
      'Boys 16-17 Advanced',
    ]);
    const girls = byTitle(view, 'Girls 10-11 Intermediate');
    expect(girls.eventTypeIds).toEqual([type.get('Forms'), type.get('Weapons')]);
    expect(girls.competitorIds).toHaveLength(3);
    expect(byTitle(view, 'Boys 12-13 Beginner').warnings).toEqual([
      { kind: 'tooLarge', message: 'Too large: 10, at most 8' },
    ]);
    expect(byTitle(view, 'Boys 14-15 Advanced').warnings).toEqual([
      { kind: 'tooSmall', message: 'Too small: 1 of at least 2' },
    ]);
    expect(view.unplaced).toEqual([
      expect.objectContaining({
        reason: 'No division rule takes age 2',
        late: false,
        suggestedDivisionId: null,
      }),
    ]);
    const list = (await call('GET', '/api/admin/matchmaking')).json;
    const ours = list.tournaments.find((x: any) => x.id === tournamentId);
    expect(ours.drafts).toEqual([
      expect.objectContaining({
        id: draftId,
        status: 'draft',
        divisions: 4,
        competitors: 15,
        warnings: 3,
        unplaced: 1,
      }),
    ]);
  });

  it('the same registrations give the same draft', async () => {
    const again = await call('POST', '/api/admin/matchmaking/drafts', {
      tournamentId,
      source: 'completed',
      eventTypeIds: [...type.values()],
    });
    const a = (await draft()).divisions.map((d: any) => [d.title, d.eventTypeIds, d.competitorIds]);
    const b = (await draft(again.json.draftId)).divisions.map((d: any) => [
      d.title,
      d.eventTypeIds,
      d.competitorIds,
    ]);
    expect(b).toEqual(a);
    expect((await draft(again.json.draftId)).draft.name).toBe('Draft 2');
  });

  it('refuses bad options with the section 8 shape and creates nothing', async () => {
    const before = (await call('GET', '/api/admin/matchmaking')).json;
    const empty = await call('POST', '/api/admin/matchmaking/drafts', {
      tournamentId,
      source: 'completed',
      eventTypeIds: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.json.errors.eventTypeIds).toBe('Choose at least one event type');
    const unknown = await call('POST', '/api/admin/matchmaking/drafts', {
      tournamentId,
      source: 'completed',
      eventTypeIds: [9999],
    });
    expect(unknown.status).toBe(400);
    expect((await call('GET', '/api/admin/matchmaking')).json).toEqual(before);
  });

  it('splits a division by the competitors picked; one age cannot be split by age', async () => {
    const big = byTitle(await draft(), 'Boys 12-13 Beginner');
    const byAge = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/divisions/${big.id}/split`, {
      by: 'age',
    });
    expect(byAge.status).toBe(409);
    expect(byAge.json.message).toBe('Everyone in this division is the same age');
    const picked = big.competitorIds.slice(0, 5);
    const res = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/divisions/${big.id}/split`, {
      by: 'pick',
      competitorIds: picked,
    });
    expect(res.status).toBe(200);
    const one = byTitle(res.json, 'Boys 12-13 Beginner (1)');
    const two = byTitle(res.json, 'Boys 12-13 Beginner (2)');
    expect(one.id).toBe(big.id);
    expect(two.competitorIds).toEqual(picked);
    expect([...one.competitorIds, ...two.competitorIds].sort((a, b) => a - b)).toEqual(big.competitorIds);
    expect(one.warnings).toEqual([]);
  });

  it('combines two small divisions of the same event types, and the override shows', async () => {
    const view = await draft();
    const a = byTitle(view, 'Boys 14-15 Advanced');
    const b = byTitle(view, 'Boys 16-17 Advanced');
    const girls = byTitle(view, 'Girls 10-11 Intermediate');
    const across = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/divisions/${a.id}/combine`, {
      withDivisionId: girls.id,
    });
    expect(across.status).toBe(409);
    const res = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/divisions/${a.id}/combine`, {
      withDivisionId: b.id,
    });
    expect(res.status).toBe(200);
    const combined = byTitle(res.json, 'Boys 14-17 Advanced');
    expect(combined.competitorIds).toHaveLength(2);
    expect(combined.overrides).toEqual(['Combined Boys 14-15 Advanced with Boys 16-17 Advanced']);
    expect(res.json.divisions.some((d: any) => d.id === b.id)).toBe(false);
  });

  it('renames, notes and locks; regenerating leaves the locked division alone', async () => {
    const view = await draft();
    const girls = byTitle(view, 'Girls 10-11 Intermediate');
    const res = await call('PUT', `/api/admin/matchmaking/drafts/${draftId}/divisions/${girls.id}`, {
      title: 'Junior Girls',
      note: 'Ring 2 if free',
      locked: true,
    });
    expect(res.status).toBe(200);
    expect(byTitle(res.json, 'Junior Girls')).toMatchObject({ note: 'Ring 2 if free', locked: true });
    expect(
      (await call('PUT', `/api/admin/matchmaking/drafts/${draftId}/divisions/${girls.id}`, {})).status,
    ).toBe(400);
    const again = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/regenerate`);
    expect(again.status).toBe(200);
    expect(again.json.divisions.map((d: any) => d.title).sort()).toEqual(
      ['Boys 12-13 Beginner', 'Boys 14-15 Advanced', 'Boys 16-17 Advanced', 'Junior Girls'].sort(),
    );
    expect(byTitle(again.json, 'Junior Girls').id).toBe(girls.id);
  });

  it('publishes, then shows the change list of a move and needs a confirmation; families are recorded', async () => {
    const first = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/publish`, {});
    expect(first.status).toBe(200);
    expect((await draft()).draft.status).toBe('published');
    const unchanged = (await call('GET', `/api/admin/matchmaking/drafts/${draftId}/publish`)).json;
    expect(unchanged).toMatchObject({ firstPublication: false, changed: false });

    const view = await draft();
    const big = byTitle(view, 'Boys 12-13 Beginner');
    const small = byTitle(view, 'Boys 14-15 Advanced');
    const mover = big.competitorIds[0];
    // Different event types: refused.
    const refused = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/move`, {
      competitorId: mover,
      fromDivisionId: big.id,
      toDivisionId: small.id,
    });
    expect(refused.status).toBe(409);
    const girls = byTitle(view, 'Junior Girls');
    const girlsOnlyForms = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/move`, {
      competitorId: mover,
      fromDivisionId: big.id,
      toDivisionId: girls.id,
    });
    expect(girlsOnlyForms.status).toBe(409);
    // Split, then move one back: inside the same rule, no override.
    const split = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/divisions/${big.id}/split`, {
      by: 'pick',
      competitorIds: big.competitorIds.slice(0, 4),
    });
    const two = byTitle(split.json, 'Boys 12-13 Beginner (2)');
    const moved = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/move`, {
      competitorId: two.competitorIds[0],
      fromDivisionId: two.id,
      toDivisionId: big.id,
    });
    expect(moved.status).toBe(200);

    const preview = (await call('GET', `/api/admin/matchmaking/drafts/${draftId}/publish`)).json;
    expect(preview.changed).toBe(true);
    expect(preview.diff.added).toEqual([{ id: two.id, title: 'Boys 12-13 Beginner (2)' }]);
    expect(preview.diff.renamed).toEqual([
      { id: big.id, from: 'Boys 12-13 Beginner', to: 'Boys 12-13 Beginner (1)' },
    ]);
    expect(preview.diff.moved).toHaveLength(3);
    expect(preview.diff.moved[0]).toMatchObject({
      fromTitle: 'Boys 12-13 Beginner',
      toTitle: 'Boys 12-13 Beginner (2)',
    });
    expect(preview.familiesToNotify).toBe(3);

    const unconfirmed = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/publish`, {});
    expect(unconfirmed.status).toBe(409);
    const confirmed = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/publish`, {
      confirm: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.familiesToNotify).toBe(3);
    const notices = await t.db.select().from(divisionChangeNotices);
    expect(notices).toHaveLength(3);
    // Stored as references (a generated title, shared titles.ts); English when read.
    expect(
      notices.every((n) => english(n.toTitle ?? '') === 'Boys 12-13 Beginner (2)' && n.sentAt === null),
    ).toBe(true);
    const published = await readPublishedDivisions(t.db, tournamentId);
    const twoPublished = published?.divisions.find((d) => d.id === two.id);
    expect(twoPublished).toMatchObject({ eventTypes: ['Forms'] });
    expect(english(twoPublished!.title)).toBe('Boys 12-13 Beginner (2)');
  });

  it('a late entry is "not in a division yet" with a suggestion, placed in one click and published', async () => {
    const [late] = await addKids([
      { first: 'Late', age: 11, gender: 2, level: 'Intermediate', types: ['Forms', 'Weapons'] },
    ]);
    const view = await draft();
    const entry = view.unplaced.find((u: any) => u.competitorId === late);
    const girls = byTitle(view, 'Junior Girls');
    expect(entry).toMatchObject({
      late: true,
      reason: 'Not in a division yet',
      suggestedDivisionId: girls.id,
    });
    const placed = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/place`, {
      competitorId: late,
      eventTypeId: entry.eventTypeId,
      divisionId: girls.id,
    });
    expect(placed.status).toBe(200);
    expect(byTitle(placed.json, 'Junior Girls').competitorIds).toContain(late);
    expect(placed.json.unplaced.some((u: any) => u.competitorId === late)).toBe(false);
    const published = await readPublishedDivisions(t.db, tournamentId);
    expect(published?.divisions.find((d) => d.id === girls.id)?.competitorIds).toContain(late);
    const twice = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/place`, {
      competitorId: late,
      eventTypeId: entry.eventTypeId,
      divisionId: girls.id,
    });
    expect(twice.status).toBe(409);
  });

  it('prints sheets: competitors with school, level, age; brackets on bracket events; overrides', async () => {
    const view0 = await draft();
    const all = await call('GET', `/api/admin/division-sheets/all/${draftId}`);
    expect(all.status).toBe(200);
    // The answers match the contract the web app parses them with.
    expect(() => SheetsSchema.parse(all.json)).not.toThrow();
    expect(() => DraftViewSchema.parse(view0)).not.toThrow();
    const list = (await call('GET', '/api/admin/matchmaking')).json;
    expect(() => MatchmakingListSchema.parse(list)).not.toThrow();
    const preview = (await call('GET', `/api/admin/matchmaking/drafts/${draftId}/publish`)).json;
    expect(() => PublishPreviewSchema.parse(preview)).not.toThrow();
    const view = await draft();
    expect(all.json.sheets).toHaveLength(view.divisions.length);
    const sparring = all.json.sheets.find((s: any) => s.division.title === 'Boys 14-15 Advanced');
    expect(sparring.division.eventTypes.map((e: any) => e.title)).toEqual(['Sparring']);
    // Nothing is drawn before a director or the ring tablet draws it (decision 050).
    expect(sparring.brackets).toEqual([
      expect.objectContaining({ title: 'Sparring', kind: 'roundRobin', drawn: false, rounds: [] }),
    ]);
    const girls = byTitle(view, 'Junior Girls');
    const one = await call('GET', `/api/admin/division-sheets/${girls.id}`);
    expect(one.json.sheets).toHaveLength(1);
    expect(one.json.sheets[0]).toMatchObject({
      division: {
        title: 'Junior Girls',
        ring: null,
        queuePosition: null,
        status: 'upcoming',
        note: 'Ring 2 if free',
      },
      brackets: [],
    });
    expect(one.json.sheets[0].competitors[0]).toMatchObject({
      school: 'North Dojo',
      level: 'Intermediate',
      checkedIn: false,
    });
    expect((await call('GET', '/api/admin/division-sheets/999999')).status).toBe(404);
  });

  it('a division rule a draft uses cannot be removed, and the refusal names the draft', async () => {
    const [rule] = await t.db.select().from(divisions).where(eq(divisions.name, 'Girls 10-11 Intermediate'));
    const res = await call('DELETE', `/api/admin/divisions/${rule!.id}`, undefined, admin);
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(
      /^Cannot remove the division "Girls 10-11 Intermediate": it is used by 1 division of the matchmaking draft "Draft 1" \(\d{4}-\d\d-\d\d\) and 1 division of the matchmaking draft "Draft 2"/,
    );
    const [unused] = await t.db.select().from(divisions).where(eq(divisions.name, 'Women 35+ Black Belt'));
    expect((await call('DELETE', `/api/admin/divisions/${unused!.id}`, undefined, admin)).status).toBe(200);
  });

  it("a super admin copies a past tournament's rules back; copying twice adds nothing", async () => {
    const before = (await call('GET', '/api/admin/divisions', undefined, admin)).json;
    expect(
      (await call('POST', `/api/admin/divisions/copy-from-tournament/${tournamentId}`, undefined, director))
        .status,
    ).toBe(403);
    const res = await call(
      'POST',
      `/api/admin/divisions/copy-from-tournament/${tournamentId}`,
      undefined,
      admin,
    );
    expect(res.status).toBe(200);
    // The draft was made before "Women 35+ Black Belt" was removed: that one comes back.
    expect(res.json).toEqual({ copied: 1, skipped: before.length });
    const after = (await call('GET', '/api/admin/divisions', undefined, admin)).json;
    expect(after.at(-1)).toMatchObject({ name: 'Women 35+ Black Belt', minAge: 35, gender: 2 });
    const again = await call(
      'POST',
      `/api/admin/divisions/copy-from-tournament/${tournamentId}`,
      undefined,
      admin,
    );
    expect(again.json.copied).toBe(0);
  });

  it('undoes a rename of a generated title by asking for the title of its criteria again', async () => {
    const view = await draft();
    const boys = byTitle(view, 'Boys 16-17 Advanced');
    const url = `/api/admin/matchmaking/drafts/${draftId}/divisions/${boys.id}`;
    expect(byTitle((await call('PUT', url, { title: 'Seniors' })).json, 'Seniors').id).toBe(boys.id);
    const undone = await call('PUT', url, { title: null });
    expect(undone.status).toBe(200);
    expect(byTitle(undone.json, 'Boys 16-17 Advanced').id).toBe(boys.id);
    // A typed title that looks like a message reference is still refused, and changes nothing.
    const forged = await call('PUT', url, { title: 'i18n:server.matchmaking.empty' });
    expect(forged.status).toBe(400);
    expect(byTitle(await draft(), 'Boys 16-17 Advanced').id).toBe(boys.id);
  });

  it('a division emptied by moves shows "empty, will not be published" and leaves the rings', async () => {
    const view = await draft();
    const two = byTitle(view, 'Boys 12-13 Beginner (2)');
    const one = byTitle(view, 'Boys 12-13 Beginner (1)');
    expect(two.competitorIds.length).toBeGreaterThan(0);
    expect((await t.db.select().from(ringDivisions).where(eq(ringDivisions.id, two.id))).length).toBe(1);
    let after = view;
    for (const competitorId of two.competitorIds) {
      const res = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/move`, {
        competitorId,
        fromDivisionId: two.id,
        toDivisionId: one.id,
      });
      expect(res.status).toBe(200);
      after = res.json;
    }
    expect(byTitle(after, 'Boys 12-13 Beginner (2)').warnings).toEqual([
      { kind: 'empty', message: 'Empty, will not be published' },
    ]);
    // Until it is published again a ring still runs it: every sheet still prints it, as the
    // tablets show it.
    const running = (await call('GET', `/api/admin/division-sheets/all/${draftId}`)).json;
    const sheetOfTwo = running.sheets.find((x: { division: { id: number } }) => x.division.id === two.id);
    expect(sheetOfTwo?.competitors.length).toBe(two.competitorIds.length);
    const preview = (await call('GET', `/api/admin/matchmaking/drafts/${draftId}/publish`)).json;
    expect(preview.diff.removed).toEqual([{ id: two.id, title: 'Boys 12-13 Beginner (2)' }]);
    const published = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/publish`, {
      confirm: true,
    });
    expect(published.status).toBe(200);
    const copy = await readPublishedDivisions(t.db, tournamentId);
    expect(copy?.divisions.some((d) => d.id === two.id)).toBe(false);
    expect(copy?.divisions.every((d) => d.competitorIds.length > 0)).toBe(true);
    // Not on a ring, so never balanced, queued or shown on a TV.
    expect(await t.db.select().from(ringDivisions).where(eq(ringDivisions.id, two.id))).toEqual([]);
    // Still in the draft, where a move can fill it again.
    expect(byTitle(await draft(), 'Boys 12-13 Beginner (2)').competitorIds).toEqual([]);
    // Printing every sheet leaves it out (no blank page for the rings); asked for alone, it prints.
    const all = (await call('GET', `/api/admin/division-sheets/all/${draftId}`)).json;
    expect(all.sheets.map((x: { division: { id: number } }) => x.division.id)).not.toContain(two.id);
    expect(all.sheets.length).toBe((await draft()).divisions.length - 1);
    const alone = (await call('GET', `/api/admin/division-sheets/${two.id}`)).json;
    expect(alone.sheets.map((x: { competitors: unknown[] }) => x.competitors)).toEqual([[]]);
  });

  it('unknown drafts and divisions answer 404', async () => {
    expect((await call('GET', '/api/admin/matchmaking/drafts/999999')).status).toBe(404);
    const res = await call('POST', `/api/admin/matchmaking/drafts/${draftId}/divisions/999999/split`, {
      by: 'age',
    });
    expect(res.status).toBe(404);
  });
});
