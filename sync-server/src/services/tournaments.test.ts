import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOURNAMENT_DATE_MESSAGES, type TournamentInput } from '@tournament/shared';
import { auditLog, registrations } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { english } from '../testing/english.ts';

const makeTournament = (over: Partial<TournamentInput> = {}): TournamentInput => ({
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
  schedule: [
    { order: 2, line1: 'Sparring divisions', line2: '1:00PM' },
    { order: 1, line1: 'Forms divisions', line2: '11:00AM' },
  ],
  ...over,
});

describe('tournament settings', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    admin = (await t.createUser('SuperAdmin')).token;
  });
  afterAll(() => t.close());

  it('a SuperAdmin creates next year’s tournament and the public list shows it at once', async () => {
    await t.call('GET', '/api/tournaments'); // fill the public cache first
    const res = await t.call('POST', '/api/admin/tournaments', makeTournament(), admin);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      tournamentDate: '2027-11-20',
      registrationCount: 0,
      isRegistrationOpenSoon: true,
    });
    expect(res.json.schedule.map((l: { order: number }) => l.order)).toEqual([1, 2]);
    const pub = await t.call('GET', '/api/tournaments');
    expect(pub.json.map((x: { tournamentDate: string }) => x.tournamentDate)).toContain('2027-11-20');
  });

  it('PUT with the full body replaces the dates, costs and schedule, and the public list follows', async () => {
    const [seeded] = (await t.call('GET', '/api/tournaments')).json;
    const res = await t.call(
      'PUT',
      `/api/admin/tournaments/${seeded.id}`,
      {
        ...seeded, // the public shape, derived flags included, is accepted as the body
        registrationOpensOn: '2026-11-01',
        registrationClosesAfter: '2026-11-21',
        competitorOnlineCost: 40,
        schedule: [{ order: 1, line1: 'Everything', line2: 'all day' }],
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      registrationClosesAfter: '2026-11-21',
      competitorOnlineCost: 40,
      isRegistrationOpen: false,
    });
    const pub = (await t.call('GET', '/api/tournaments')).json.find(
      (x: { id: number }) => x.id === seeded.id,
    );
    expect(pub).toMatchObject({ registrationClosesAfter: '2026-11-21', isRegistrationOpen: false });
    expect(pub.schedule).toEqual([{ order: 1, line1: 'Everything', line2: 'all day' }]);
  });

  it('refuses registration that opens after it closes, naming the field', async () => {
    const res = await t.call(
      'POST',
      '/api/admin/tournaments',
      makeTournament({ registrationOpensOn: '2027-11-14' }),
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      errors: { registrationOpensOn: english(TOURNAMENT_DATE_MESSAGES.opensBeforeCloses) },
    });
  });

  it('refuses registration that closes on or after tournament day', async () => {
    const [seeded] = (await t.call('GET', '/api/tournaments')).json;
    const res = await t.call(
      'PUT',
      `/api/admin/tournaments/${seeded.id}`,
      makeTournament({ registrationClosesAfter: '2027-11-20' }),
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors.registrationClosesAfter).toBe(
      english(TOURNAMENT_DATE_MESSAGES.closesBeforeTournament),
    );
  });

  it('refuses missing and negative fields with field messages', async () => {
    const res = await t.call(
      'POST',
      '/api/admin/tournaments',
      makeTournament({ city: ' ', lunchCost: -1 }),
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      city: 'Value is required',
      lunchCost: expect.stringContaining('0 or more'),
    });
  });

  it('names a wrong date order together with the other wrong fields, in one answer', async () => {
    const before = (await t.call('GET', '/api/admin/tournaments', undefined, admin)).json;
    const res = await t.call(
      'POST',
      '/api/admin/tournaments',
      makeTournament({ city: '', registrationClosesAfter: '2099-01-01' }),
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      city: 'Value is required',
      registrationClosesAfter: english(TOURNAMENT_DATE_MESSAGES.closesBeforeTournament),
    });
    expect((await t.call('GET', '/api/admin/tournaments', undefined, admin)).json).toEqual(before);
  });

  it('answers 404 for a tournament that does not exist', async () => {
    expect((await t.call('PUT', '/api/admin/tournaments/99999', makeTournament(), admin)).status).toBe(404);
    expect((await t.call('DELETE', '/api/admin/tournaments/99999', undefined, admin)).status).toBe(404);
  });

  it('a tournament with registrations cannot be deleted, and the message says why', async () => {
    const [seeded] = (await t.call('GET', '/api/tournaments')).json;
    const customer = await t.createUser('Customer');
    await t.db.insert(registrations).values({ ownerUserId: customer.user.id, tournamentId: seeded.id });
    const res = await t.call('DELETE', `/api/admin/tournaments/${seeded.id}`, undefined, admin);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: 'This tournament cannot be deleted: it has 1 registration.' });
    expect((await t.call('GET', `/api/admin/tournaments/${seeded.id}`, undefined, admin)).status).toBe(200);
  });

  it('a tournament without registrations is deleted and leaves the public list', async () => {
    const created = (
      await t.call(
        'POST',
        '/api/admin/tournaments',
        makeTournament({
          tournamentDate: '2028-11-18',
          registrationOpensOn: '2028-08-01',
          registrationClosesAfter: '2028-11-11',
        }),
        admin,
      )
    ).json;
    const res = await t.call('DELETE', `/api/admin/tournaments/${created.id}`, undefined, admin);
    expect(res.status).toBe(200);
    const pub = (await t.call('GET', '/api/tournaments')).json;
    expect(pub.map((x: { id: number }) => x.id)).not.toContain(created.id);
  });

  it('every change is in the audit log with who, before and after', async () => {
    const boss = await t.createUser('SuperAdmin');
    const created = (
      await t.call(
        'POST',
        '/api/admin/tournaments',
        makeTournament({
          city: 'Sudbury',
          tournamentDate: '2029-11-17',
          registrationOpensOn: '2029-08-01',
          registrationClosesAfter: '2029-11-10',
        }),
        boss.token,
      )
    ).json;
    await t.call(
      'PUT',
      `/api/admin/tournaments/${created.id}`,
      makeTournament({
        city: 'Blind River',
        tournamentDate: '2029-11-17',
        registrationOpensOn: '2029-08-01',
        registrationClosesAfter: '2029-11-10',
      }),
      boss.token,
    );
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    const mine = rows.filter((r) => r.entity === 'tournament');
    expect(mine.map((r) => r.action)).toEqual(['create', 'update']);
    const update = mine[1]!;
    expect(update.actorUserId).toBe(boss.user.id);
    expect(update.before).toMatchObject({ city: 'Sudbury' });
    expect(update.after).toMatchObject({ city: 'Blind River' });
  });
});
