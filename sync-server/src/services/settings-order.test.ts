import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { REORDER_MESSAGE } from './settings-order.ts';
import { english } from '../testing/english.ts';

// Every reorderable settings list goes through one helper (reorderList): the same good order
// is applied and audited, and the same bad orders are refused with 400 and change nothing.

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('reordering settings lists', () => {
  let t: TestApp;
  let admin: string;
  let tournamentId: number;
  let otherTournamentId: number;

  /** Each list's read path and reorder path, with the id of a row of another list. */
  const lists: { name: string; read: () => string; reorder: string; foreign: () => Promise<number> }[] = [
    {
      name: 'event types',
      read: () => '/api/admin/event-types',
      reorder: '/api/admin/event-types/reorder',
      foreign: async () => (await get('/api/admin/competitor-levels'))[0]!.id,
    },
    {
      name: 'competitor levels',
      read: () => '/api/admin/competitor-levels',
      reorder: '/api/admin/competitor-levels/reorder',
      foreign: async () => (await get('/api/admin/event-types')).at(-1)!.id,
    },
    {
      name: "a tournament's events",
      read: () => `/api/admin/events?tournamentId=${tournamentId}`,
      reorder: '/api/admin/events/reorder',
      foreign: async () => (await get(`/api/admin/events?tournamentId=${otherTournamentId}`))[0]!.id,
    },
    {
      name: 'divisions',
      read: () => '/api/admin/divisions',
      reorder: '/api/admin/divisions/reorder',
      foreign: async () => 99999, // one list of divisions: an id that names no row
    },
  ];

  async function get(path: string): Promise<{ id: number }[]> {
    const res = await t.call('GET', path, undefined, admin);
    expect(res.status, path).toBe(200);
    return res.json;
  }

  const audits = async () =>
    (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'reorder')))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    admin = (await t.createUser('SuperAdmin')).token;
    tournamentId = (await t.call('GET', '/api/tournaments')).json[0].id;
    const created = await t.call(
      'POST',
      '/api/admin/tournaments',
      {
        tournamentDate: '2027-11-20',
        registrationOpensOn: '2027-08-01',
        registrationClosesAfter: '2027-11-13',
        competitorOnlineCost: 50,
        competitorDoorCost: 65,
        spectatorCost: 10,
        lunchCost: 12,
        city: 'Elliot Lake',
        venue: 'Elliot Lake Secondary School',
        inPersonRegistrationTimes: '8:30AM to 10AM',
        blackBeltMeetingTime: '10:15AM',
        eliminationTime: '10:30AM',
        schedule: [],
      },
      admin,
    );
    expect(created.status).toBe(201);
    otherTournamentId = created.json.id;
    const types = await get('/api/admin/event-types');
    for (const tid of [tournamentId, tournamentId, tournamentId, otherTournamentId]) {
      const res = await t.call(
        'POST',
        '/api/admin/events',
        { tournamentId: tid, eventTypeId: types[0]!.id, name: `Event ${tid}` },
        admin,
      );
      expect(res.status).toBe(201);
    }
    for (const name of ['Girls 6-7', 'Boys 6-7', 'Mixed 8-9']) {
      const res = await t.call(
        'POST',
        '/api/admin/divisions',
        {
          name,
          minAge: 6,
          maxAge: 9,
          gender: null,
          competitorLevelIds: [],
          minWeight: null,
          maxWeight: null,
          minSize: 1,
          maxSize: 8,
        },
        admin,
      );
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
  });
  afterAll(() => t.close());

  for (const list of lists) {
    it(`${list.name}: a full new order is applied, answered and audited once`, async () => {
      const before = ids(await get(list.read()));
      expect(before.length).toBeGreaterThanOrEqual(3);
      const wanted = [before[1]!, ...before.slice(2).reverse(), before[0]!];
      const auditsBefore = await audits();
      const res = await t.call('POST', list.reorder, { ids: wanted }, admin);
      expect(res.status).toBe(200);
      expect(ids(res.json)).toEqual(wanted);
      expect(ids(await get(list.read()))).toEqual(wanted);
      expect(await audits()).toBe(auditsBefore + 1);
    });

    it(`${list.name}: a missing id, a duplicate or an id of another list is refused with 400 and changes nothing`, async () => {
      const before = ids(await get(list.read()));
      const auditsBefore = await audits();
      const foreign = await list.foreign();
      const bad = [
        before.slice(0, -1).reverse(), // one missing
        [...before].reverse().map((id, i) => (i === 1 ? before.at(-1)! : id)), // a duplicate in place of one
        [...before].reverse().concat(foreign), // all of them and one of another list
        [...before.slice(1), foreign], // one replaced by another list's
      ];
      for (const order of bad) {
        const res = await t.call('POST', list.reorder, { ids: order }, admin);
        expect(res.status, JSON.stringify(order)).toBe(400);
        expect(res.json).toEqual({ errors: { ids: english(REORDER_MESSAGE) } });
      }
      expect(ids(await get(list.read()))).toEqual(before);
      expect(await audits()).toBe(auditsBefore);
    });
  }

  it("an events order naming only another tournament's events reorders that tournament alone", async () => {
    const mine = ids(await get(`/api/admin/events?tournamentId=${tournamentId}`));
    const other = ids(await get(`/api/admin/events?tournamentId=${otherTournamentId}`));
    const res = await t.call('POST', '/api/admin/events/reorder', { ids: other }, admin);
    expect(res.status).toBe(200);
    expect(ids(res.json)).toEqual(other);
    expect(ids(await get(`/api/admin/events?tournamentId=${tournamentId}`))).toEqual(mine);
  });

  it('an events order starting with an unknown id is refused with 400', async () => {
    const res = await t.call('POST', '/api/admin/events/reorder', { ids: [99999] }, admin);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors: { ids: english(REORDER_MESSAGE) } });
  });
});
