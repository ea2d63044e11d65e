import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, type CompetitorReport, type Dashboard } from '@tournament/shared';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  events,
  payments,
  registrations,
  tournaments,
} from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { english } from '../testing/english.ts';

// GET /api/admin/dashboard, /competitors and /competitors.csv against seeded rows (decision 013).

let t: TestApp;
let director: string;
let superAdmin: string;
let checkInAdmin: string;
let customer: string;
let tournamentId: number;
let tournamentDate: string;
let eventId: Record<string, number>;
let eventTypeId: Record<string, number>;
let levelId: Record<string, number>;
let ownerId: number;

/** A date of birth giving `age` on tournament day (the seeded tournament is in February). */
const bornAged = (age: number) => `${Number(tournamentDate.slice(0, 4)) - age}-01-01`;

async function addRegistration(opts: {
  completed: boolean;
  spectators?: number;
  lunch?: number;
  tid?: number;
}) {
  const [r] = await t.db
    .insert(registrations)
    .values({
      ownerUserId: ownerId,
      tournamentId: opts.tid ?? tournamentId,
      isCompleted: opts.completed,
      spectators: opts.spectators ?? 0,
      lunch: opts.lunch ?? 0,
    })
    .returning();
  return r!.id;
}

async function addCompetitor(
  registrationId: number,
  c: {
    first: string;
    age: number;
    gender: 1 | 2;
    level: string;
    events: string[];
    checkedIn?: boolean;
    school?: string;
  },
) {
  const [row] = await t.db
    .insert(competitors)
    .values({
      registrationId,
      firstName: c.first,
      lastName: 'Tester',
      dateOfBirth: bornAged(c.age),
      gender: c.gender,
      competitorLevelId: levelId[c.level]!,
      school: c.school ?? 'Elliot Lake Karate',
      emergencyContactName: 'Pat',
      emergencyContactPhone: '7055550100',
      emergencyContactRelationship: 'Parent',
      guardianConsent: true,
      checkedInAt: c.checkedIn ? new Date('2026-11-22T09:00:00Z') : null,
    })
    .returning();
  if (c.events.length) {
    await t.db
      .insert(competitorEvents)
      .values(c.events.map((e) => ({ competitorId: row!.id, eventId: eventId[e]! })));
  }
  return row!.id;
}

async function pay(
  registrationId: number,
  method: 'online' | 'cash' | 'card' | 'etransfer',
  amount: number,
  voided = false,
) {
  await t.db.insert(payments).values({ id: crypto.randomUUID(), registrationId, method, amount, voided });
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  director = (await t.createUser('TournamentDirector')).token;
  superAdmin = (await t.createUser('SuperAdmin')).token;
  checkInAdmin = (await t.createUser('CheckInAdmin')).token;
  const owner = await t.createUser('Customer');
  customer = owner.token;
  ownerId = owner.user.id;
  const [tour] = await t.db.select().from(tournaments);
  tournamentId = tour!.id;
  tournamentDate = tour!.tournamentDate;
  const evs = await t.db.select().from(events).where(eq(events.tournamentId, tournamentId));
  eventId = Object.fromEntries(evs.map((e) => [e.name, e.id]));
  eventTypeId = Object.fromEntries(evs.map((e) => [e.name, e.eventTypeId]));
  levelId = Object.fromEntries((await t.db.select().from(competitorLevels)).map((l) => [l.name, l.id]));

  // Two completed families and one still filling in the form.
  const smith = await addRegistration({ completed: true, spectators: 2, lunch: 3 });
  await addCompetitor(smith, {
    first: 'Ava',
    age: 7,
    gender: 2,
    level: 'Beginner',
    events: ['Forms', 'Weapons'],
    checkedIn: true,
  });
  await addCompetitor(smith, {
    first: 'Ben',
    age: 12,
    gender: 1,
    level: 'Beginner',
    events: ['Forms', 'Sparring'],
  });
  await addCompetitor(smith, {
    first: 'Cal',
    age: 40,
    gender: 1,
    level: 'Black Belt',
    events: ['Sparring'],
    checkedIn: true,
  });
  await pay(smith, 'online', 135);
  await pay(smith, 'cash', 20);
  const jones = await addRegistration({ completed: true, spectators: 1 });
  await addCompetitor(jones, {
    first: 'Dee',
    age: 16,
    gender: 2,
    level: 'Advanced',
    events: ['Self-Defense'],
    school: '=HYPERLINK("x")',
  });
  await pay(jones, 'card', 60);
  await pay(jones, 'etransfer', 45);
  await pay(jones, 'cash', 500, true); // voided: counts nowhere
  const unfinished = await addRegistration({ completed: false, spectators: 5, lunch: 5 });
  await addCompetitor(unfinished, {
    first: 'Eve',
    age: 25,
    gender: 2,
    level: 'Intermediate',
    events: ['Forms'],
  });
}, 60_000);
afterAll(() => t.close());

const count = (list: { label: string; count: number }[]) =>
  Object.fromEntries(list.map((c) => [c.label, c.count]));

describe('GET /api/admin/dashboard', () => {
  it('counts the next tournament: registrations, competitors by each breakdown, passes, revenue, check-in', async () => {
    const res = await t.call('GET', '/api/admin/dashboard', undefined, director);
    expect(res.status).toBe(200);
    const d = res.json as Dashboard;
    expect(d.tournament).toMatchObject({ id: tournamentId, tournamentDate });
    expect(d.registrations).toEqual({ completed: 2, incomplete: 1 });
    // Eve's registration is not completed: she is not expected yet.
    expect(d.competitors.total).toBe(4);
    expect(count(d.competitors.byEventType)).toEqual({
      Forms: 2,
      Sparring: 2,
      Weapons: 1,
      'Self-Defense': 1,
    });
    expect(count(d.competitors.byLevel)).toEqual({
      Beginner: 2,
      Intermediate: 0,
      Advanced: 1,
      'Black Belt': 1,
    });
    expect(count(d.competitors.byAgeBand)).toEqual({
      '7 and under': 1,
      '8-12': 1,
      '13-17': 1,
      '18-34': 0,
      '35 and over': 1,
    });
    expect(count(d.competitors.byGender)).toEqual({ Male: 2, Female: 2 });
    expect(d.spectators).toBe(3);
    expect(d.lunch).toBe(3);
    expect(d.revenue).toEqual({
      online: 135,
      door: 125,
      byMethod: { online: 135, cash: 20, card: 60, etransfer: 45 },
    });
    expect(d.checkIn).toEqual({ checkedIn: 2, expected: 4 });
  });

  it('moves with a check-in and ignores other tournaments', async () => {
    const [older] = await t.db
      .insert(tournaments)
      .values({
        tournamentDate: '2025-02-22',
        registrationOpensOn: '2024-11-01',
        registrationClosesAfter: '2025-02-15',
        competitorOnlineCost: 40,
        competitorDoorCost: 50,
        spectatorCost: 10,
        lunchCost: 12,
        city: 'Elliot Lake',
        venue: 'Old venue',
      })
      .returning();
    const past = await addRegistration({ completed: true, spectators: 9, tid: older!.id });
    await pay(past, 'cash', 999);
    const before = (await t.call('GET', '/api/admin/dashboard', undefined, superAdmin)).json as Dashboard;
    const [dee] = await t.db.select().from(competitors).where(eq(competitors.firstName, 'Dee'));
    await t.db.update(competitors).set({ checkedInAt: new Date() }).where(eq(competitors.id, dee!.id));
    const after = (await t.call('GET', '/api/admin/dashboard', undefined, superAdmin)).json as Dashboard;
    expect(before.checkIn).toEqual({ checkedIn: 2, expected: 4 });
    expect(after.checkIn).toEqual({ checkedIn: 3, expected: 4 });
    expect(after.spectators).toBe(3);
    expect(after.revenue.door).toBe(125);
    await t.db.update(competitors).set({ checkedInAt: null }).where(eq(competitors.id, dee!.id));
  });

  it('refuses a check-in admin (403), a customer (403) and a visitor (401)', async () => {
    const refused = await t.call('GET', '/api/admin/dashboard', undefined, checkInAdmin);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(english(MESSAGES.noPermission));
    expect((await t.call('GET', '/api/admin/dashboard', undefined, customer)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/dashboard')).status).toBe(401);
  });
});

describe('GET /api/admin/competitors', () => {
  const names = async (query: string) => {
    const res = await t.call('GET', `/api/admin/competitors${query}`, undefined, director);
    expect(res.status).toBe(200);
    return (res.json as CompetitorReport).competitors.map((c) => c.firstName);
  };

  it('lists every competitor of completed registrations with age on tournament day, level and events', async () => {
    const res = await t.call('GET', '/api/admin/competitors', undefined, director);
    const report = res.json as CompetitorReport;
    expect(report.competitors.map((c) => c.firstName).sort()).toEqual(['Ava', 'Ben', 'Cal', 'Dee']);
    const ava = report.competitors.find((c) => c.firstName === 'Ava')!;
    expect(ava).toMatchObject({ age: 7, gender: 2, level: { name: 'Beginner' } });
    expect(ava.events.map((e) => e.name)).toEqual(['Forms', 'Weapons']);
    expect(ava.checkedInAt).not.toBeNull();
    expect(report.eventTypes.map((e) => e.title)).toEqual(['Forms', 'Sparring', 'Weapons', 'Self-Defense']);
    expect(report.levels.map((l) => l.name)).toEqual(['Beginner', 'Intermediate', 'Advanced', 'Black Belt']);
  });

  it('filters by event type, level, age range, gender and check-in, together', async () => {
    expect((await names(`?eventTypeId=${eventTypeId.Sparring}`)).sort()).toEqual(['Ben', 'Cal']);
    expect((await names(`?levelId=${levelId.Beginner}`)).sort()).toEqual(['Ava', 'Ben']);
    expect((await names('?minAge=8&maxAge=17')).sort()).toEqual(['Ben', 'Dee']);
    expect((await names('?minAge=13')).sort()).toEqual(['Cal', 'Dee']);
    expect((await names('?gender=2')).sort()).toEqual(['Ava', 'Dee']);
    expect((await names('?checkedIn=yes')).sort()).toEqual(['Ava', 'Cal']);
    expect((await names('?checkedIn=no')).sort()).toEqual(['Ben', 'Dee']);
    expect(await names(`?eventTypeId=${eventTypeId.Sparring}&checkedIn=no&gender=1`)).toEqual(['Ben']);
    expect(await names(`?eventTypeId=${eventTypeId.Weapons}&gender=1`)).toEqual([]);
    // Search by name (the start of a first or last name), with the other filters.
    expect(await names('?name=av')).toEqual(['Ava']);
    expect((await names('?name=tester')).sort()).toEqual(['Ava', 'Ben', 'Cal', 'Dee']);
    expect(await names('?name=dee%20tester&checkedIn=yes')).toEqual([]);
  });

  it('answers 400 in the docs/product.md §8 shape for a bad filter', async () => {
    for (const q of ['?gender=3', '?minAge=abc', '?minAge=20&maxAge=10', '?checkedIn=maybe', '?levelId=-1']) {
      const res = await t.call('GET', `/api/admin/competitors${q}`, undefined, director);
      expect(res.status, q).toBe(400);
      expect(Object.keys(res.json.errors ?? {}).length, q).toBeGreaterThan(0);
    }
  });

  it('is for directors only', async () => {
    expect((await t.call('GET', '/api/admin/competitors', undefined, checkInAdmin)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/competitors.csv', undefined, customer)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/competitors.csv')).status).toBe(401);
  });
});

describe('GET /api/admin/competitors.csv', () => {
  it('downloads the filtered list, with a cell a spreadsheet would run as a formula defused', async () => {
    const res = await t.call(
      'GET',
      `/api/admin/competitors.csv?eventTypeId=${eventTypeId['Self-Defense']}`,
      undefined,
      superAdmin,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="competitors-${tournamentDate}.csv"`,
    );
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    // One CSV writer for the site (shared/domain/csv.ts): cells are quoted only when they need it.
    expect(lines[0]).toMatch(/^Last name,First name,Date of birth,Age,Gender,Level,/);
    expect(lines[1]).toContain(',Dee,');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(',Female,Advanced,');
  });

  it("writes its column names and genders in the reader's language", async () => {
    const res = await t.call(
      'GET',
      `/api/admin/competitors.csv?eventTypeId=${eventTypeId['Self-Defense']}`,
      undefined,
      superAdmin,
      { Cookie: 'lang=fr' },
    );
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Nom,Prénom,Date de naissance,Âge,Genre,Niveau,Poids \(kg\),École,/);
    expect(lines[1]).toContain(',Féminin,Advanced,');
  });

  it('carries check-in times as ISO 8601 in the tournament zone, with the offset (decision 029)', async () => {
    const res = await t.call('GET', '/api/admin/competitors.csv?checkedIn=yes', undefined, superAdmin);
    const rows = res.text.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(2);
    // Checked in at 09:00 UTC on November 22: 4 a.m. in Ontario (EST, UTC-5).
    for (const row of rows) expect(row).toContain(',2026-11-22T04:00:00-05:00,');
  });
});
