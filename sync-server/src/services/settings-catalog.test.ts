import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { competitorEvents, competitors, registrations, ringDivisions } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { REORDER_MESSAGE } from './settings-order.ts';
import { english } from '../testing/english.ts';

describe('event types, competitor levels and events', () => {
  let t: TestApp;
  let admin: string;
  let tournamentId: number;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    admin = (await t.createUser('SuperAdmin')).token;
    tournamentId = (await t.call('GET', '/api/tournaments')).json[0].id;
  });
  afterAll(() => t.close());

  /** A registration with one competitor of `levelId` entered in `eventIds`. */
  async function registerCompetitor(levelId: number, eventIds: number[]) {
    const customer = await t.createUser('Customer');
    const [reg] = await t.db
      .insert(registrations)
      .values({ ownerUserId: customer.user.id, tournamentId })
      .returning();
    const [comp] = await t.db
      .insert(competitors)
      .values({
        registrationId: reg!.id,
        firstName: 'Sam',
        lastName: 'Lee',
        dateOfBirth: '2016-03-04',
        gender: 1,
        competitorLevelId: levelId,
        emergencyContactName: 'Pat Lee',
        emergencyContactPhone: '7055550100',
        emergencyContactRelationship: 'Parent',
      })
      .returning();
    if (eventIds.length)
      await t.db
        .insert(competitorEvents)
        .values(eventIds.map((eventId) => ({ competitorId: comp!.id, eventId })));
  }

  it('an event type edit shows on the public list without a restart', async () => {
    const before = (await t.call('GET', '/api/event-types')).json; // fills the public cache
    const forms = before.find((e: { title: string }) => e.title === 'Forms');
    const res = await t.call(
      'PUT',
      `/api/admin/event-types/${forms.id}`,
      { title: 'Kata', description: 'Solo forms', showOnHomepage: false, decidedBy: 'judged' },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: 'Kata', showOnHomepage: false });
    const after = (await t.call('GET', '/api/event-types')).json;
    expect(after.find((e: { id: number }) => e.id === forms.id)).toMatchObject({
      title: 'Kata',
      showOnHomepage: false,
    });
  });

  it('an event type needs a title and a way of deciding', async () => {
    const res = await t.call('POST', '/api/admin/event-types', { title: '', decidedBy: 'coin toss' }, admin);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ title: 'Value is required', decidedBy: 'Choose judged or bracket' });
  });

  it('new event types go last and can be reordered; a partial order is refused', async () => {
    const created = await t.call(
      'POST',
      '/api/admin/event-types',
      { title: 'Breaking', decidedBy: 'judged' },
      admin,
    );
    expect(created.status).toBe(201);
    const list = (await t.call('GET', '/api/admin/event-types', undefined, admin)).json;
    expect(list.at(-1).title).toBe('Breaking');
    const ids = list.map((e: { id: number }) => e.id);
    const reversed = [...ids].reverse();
    const res = await t.call('POST', '/api/admin/event-types/reorder', { ids: reversed }, admin);
    expect(res.status).toBe(200);
    expect(res.json.map((e: { id: number }) => e.id)).toEqual(reversed);
    expect((await t.call('GET', '/api/event-types')).json.map((e: { id: number }) => e.id)).toEqual(reversed);
    const partial = await t.call('POST', '/api/admin/event-types/reorder', { ids: ids.slice(1) }, admin);
    expect(partial.status).toBe(400);
    expect(partial.json).toEqual({ errors: { ids: english(REORDER_MESSAGE) } });
  });

  it('an event of a tournament takes its event type’s title when unnamed', async () => {
    const types = (await t.call('GET', '/api/admin/event-types', undefined, admin)).json;
    const sparring = types.find((e: { title: string }) => e.title === 'Sparring');
    const res = await t.call(
      'POST',
      '/api/admin/events',
      { tournamentId, eventTypeId: sparring.id, requiresWeight: true },
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      tournamentId,
      eventTypeId: sparring.id,
      name: 'Sparring',
      requiresWeight: true,
      entryCount: 0,
    });
  });

  it('an event needs a tournament and an event type that exist', async () => {
    const res = await t.call('POST', '/api/admin/events', { tournamentId: 9999, eventTypeId: 9999 }, admin);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      tournamentId: 'The tournament was not found',
      eventTypeId: 'The event type was not found',
    });
  });

  it('an event type with events cannot be removed, and the message says what uses it', async () => {
    const types = (await t.call('GET', '/api/admin/event-types', undefined, admin)).json;
    const weapons = types.find((e: { title: string }) => e.title === 'Weapons');
    const uses = weapons.eventCount + 2;
    await t.call(
      'POST',
      '/api/admin/events',
      { tournamentId, eventTypeId: weapons.id, name: 'Weapons (juniors)' },
      admin,
    );
    await t.call(
      'POST',
      '/api/admin/events',
      { tournamentId, eventTypeId: weapons.id, name: 'Weapons (adults)' },
      admin,
    );
    const res = await t.call('DELETE', `/api/admin/event-types/${weapons.id}`, undefined, admin);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      message: `Cannot remove the event type "Weapons": it is used by ${uses} events. Change or remove those first.`,
    });
    expect((await t.call('GET', '/api/event-types')).json.map((e: { title: string }) => e.title)).toContain(
      'Weapons',
    );
  });

  it('an unused event type is removed and leaves the public list', async () => {
    const created = (
      await t.call('POST', '/api/admin/event-types', { title: 'Musical forms', decidedBy: 'judged' }, admin)
    ).json;
    await t.call('GET', '/api/event-types');
    expect((await t.call('DELETE', `/api/admin/event-types/${created.id}`, undefined, admin)).status).toBe(
      200,
    );
    expect((await t.call('GET', '/api/event-types')).json.map((e: { id: number }) => e.id)).not.toContain(
      created.id,
    );
  });

  it('an event with entries cannot be removed; one without can', async () => {
    const levels = (await t.call('GET', '/api/admin/competitor-levels', undefined, admin)).json;
    const events = (await t.call('GET', `/api/admin/events?tournamentId=${tournamentId}`, undefined, admin))
      .json;
    const [entered, empty] = events;
    await registerCompetitor(levels[0].id, [entered.id]);
    const refused = await t.call('DELETE', `/api/admin/events/${entered.id}`, undefined, admin);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      `Cannot remove the event "${entered.name}": it is used by 1 competitor. Change or remove those first.`,
    );
    // A French reader gets the refusal and the removal in French, with the event's gender.
    const french = { Cookie: 'lang=fr' };
    const refusedFr = await t.call('DELETE', `/api/admin/events/${entered.id}`, undefined, admin, french);
    expect(refusedFr.json.message).toBe(
      `Impossible de retirer l’épreuve «\u00a0${entered.name}\u00a0», car des éléments en dépendent encore\u00a0: 1 compétiteur. Modifiez ou retirez d’abord ces éléments.`,
    );
    const removed = await t.call('DELETE', `/api/admin/events/${empty.id}`, undefined, admin, french);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ message: 'L’épreuve a été retirée.' });
  });

  it('an event stays in its tournament and keeps its place on rename', async () => {
    const [event] = (await t.call('GET', `/api/admin/events?tournamentId=${tournamentId}`, undefined, admin))
      .json;
    const moved = await t.call(
      'PUT',
      `/api/admin/events/${event.id}`,
      { ...event, tournamentId: 9999 },
      admin,
    );
    expect(moved.status).toBe(400);
    expect(moved.json.errors.tournamentId).toBe('An event cannot move to another tournament');
    const renamed = await t.call(
      'PUT',
      `/api/admin/events/${event.id}`,
      { ...event, name: 'Open sparring' },
      admin,
    );
    expect(renamed.json).toMatchObject({ name: 'Open sparring', sortOrder: event.sortOrder });
  });

  it('competitor levels are created last, renamed, reordered, and names stay unique', async () => {
    const created = await t.call('POST', '/api/admin/competitor-levels', { name: 'Novice' }, admin);
    expect(created.status).toBe(201);
    const clash = await t.call('POST', '/api/admin/competitor-levels', { name: 'Beginner' }, admin);
    expect(clash.status).toBe(409);
    expect(clash.json.errors.name).toBe('A competitor level named "Beginner" already exists');
    const list = (await t.call('GET', '/api/admin/competitor-levels', undefined, admin)).json;
    expect(list.at(-1).name).toBe('Novice');
    const ids = list.map((l: { id: number }) => l.id);
    const novice = ids.at(-1);
    const moved = await t.call(
      'POST',
      '/api/admin/competitor-levels/reorder',
      { ids: [novice, ...ids.slice(0, -1)] },
      admin,
    );
    expect(moved.json.map((l: { name: string }) => l.name)[0]).toBe('Novice');
    const renamed = await t.call(
      'PUT',
      `/api/admin/competitor-levels/${novice}`,
      { name: 'White Belt' },
      admin,
    );
    expect(renamed.json).toMatchObject({ name: 'White Belt', sortOrder: 1 });
  });

  it('a competitor level used by competitors or divisions cannot be removed, and the message says by what', async () => {
    const levels = (await t.call('GET', '/api/admin/competitor-levels', undefined, admin)).json;
    const advanced = levels.find((l: { name: string }) => l.name === 'Advanced');
    await registerCompetitor(advanced.id, []);
    await registerCompetitor(advanced.id, []);
    await t.call(
      'POST',
      '/api/admin/divisions',
      {
        name: 'Advanced 8-10',
        minAge: 8,
        maxAge: 10,
        gender: null,
        competitorLevelIds: [advanced.id],
        minSize: 2,
        maxSize: 8,
      },
      admin,
    );
    const res = await t.call('DELETE', `/api/admin/competitor-levels/${advanced.id}`, undefined, admin);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(
      'Cannot remove the competitor level "Advanced": it is used by 2 competitors and 1 division. Change or remove those first.',
    );
    const whiteBelt = levels.find((l: { name: string }) => l.name === 'White Belt');
    expect(
      (await t.call('DELETE', `/api/admin/competitor-levels/${whiteBelt.id}`, undefined, admin)).status,
    ).toBe(200);
  });

  // How an event type is run on matchday (decision 021).
  it('an event type’s matchday rules: defaults when new, kept when an edit leaves them out, checked', async () => {
    const made = await t.call(
      'POST',
      '/api/admin/event-types',
      { title: 'Kumite', decidedBy: 'bracket' },
      admin,
    );
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      judges: 5,
      scoreMin: 0,
      scoreMax: 10,
      minutesPerPerformance: 2,
      minutesPerMatch: 3,
      thirdPlace: 'shared',
    });
    const url = `/api/admin/event-types/${made.json.id}`;
    const base = { title: 'Kumite', decidedBy: 'bracket' };
    const edited = await t.call(
      'PUT',
      url,
      { ...base, judges: 3, scoreMin: 5, scoreMax: 9.5, minutesPerMatch: 2.5, thirdPlace: 'match' },
      admin,
    );
    expect(edited.status).toBe(200);
    const rules = {
      judges: 3,
      scoreMin: 5,
      scoreMax: 9.5,
      minutesPerPerformance: 2,
      minutesPerMatch: 2.5,
      thirdPlace: 'match',
    };
    expect(edited.json).toMatchObject(rules);
    // The settings page sends only the first four fields: the rules stay.
    expect((await t.call('PUT', url, { ...base, description: 'Sparring' }, admin)).json).toMatchObject(rules);

    const refusals: [Record<string, unknown>, string][] = [
      [{ judges: 4 }, 'judges'],
      [{ scoreMin: 6, scoreMax: 6 }, 'scoreMax'],
      [{ scoreMin: 9.5 }, 'scoreMin'], // against the stored highest, 9.5
      [{ scoreMax: 1 }, 'scoreMax'],
      [{ minutesPerMatch: 0 }, 'minutesPerMatch'],
      [{ minutesPerPerformance: -1 }, 'minutesPerPerformance'],
      [{ scoreMax: 9.555 }, 'scoreMax'],
      [{ thirdPlace: 'none' }, 'thirdPlace'],
    ];
    for (const [bad, field] of refusals) {
      const res = await t.call('PUT', url, { ...base, ...bad }, admin);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.errors[field], JSON.stringify(bad)).toBeDefined();
    }
    const tooHigh = await t.call(
      'POST',
      '/api/admin/event-types',
      { ...base, title: 'X', scoreMin: 10 },
      admin,
    );
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.json.errors.scoreMin).toBe('The highest score must be above the lowest');
    const list = (await t.call('GET', '/api/admin/event-types', undefined, admin)).json;
    expect(list.find((e: { id: number }) => e.id === made.json.id)).toMatchObject(rules);
    expect(list.some((e: { title: string }) => e.title === 'X')).toBe(false);
  });

  it('a change of an event type’s rules or title re-sends the next tournament’s divisions running it', async () => {
    const types = (await t.call('GET', '/api/admin/event-types', undefined, admin)).json;
    const type = types.find((e: { decidedBy: string }) => e.decidedBy === 'judged');
    await t.db.insert(ringDivisions).values({
      id: 990_001,
      tournamentId,
      title: 'Girls 10-11',
      eventTypeIds: [type.id],
      eventTypes: [type.title],
    });
    const version = async () =>
      (await t.db.select().from(ringDivisions).where(eq(ringDivisions.id, 990_001)))[0]!.version;
    const before = await version();
    const base = { title: type.title, description: type.description, decidedBy: type.decidedBy };
    await t.call(
      'PUT',
      `/api/admin/event-types/${type.id}`,
      { ...base, description: 'Only the text' },
      admin,
    );
    expect(await version()).toBe(before);
    await t.call('PUT', `/api/admin/event-types/${type.id}`, { ...base, judges: 3 }, admin);
    const afterJudges = await version();
    expect(afterJudges).toBeGreaterThan(before);
    await t.call(
      'PUT',
      `/api/admin/event-types/${type.id}`,
      { ...base, title: `${type.title} (open)` },
      admin,
    );
    expect(await version()).toBeGreaterThan(afterJudges);
  });
});
