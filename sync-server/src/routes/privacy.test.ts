import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteSettings } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

// Decision 046: a super admin sets the two retention periods (months after a tournament before
// its purge, days venue devices keep its rows) from the personal data page. Out-of-bounds values
// are refused with the fields named and change nothing; a change is audited, the preview and the
// public settings (the privacy page, the devices) carry it. Nobody else may read or change them.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.

type Person = Awaited<ReturnType<TestApp['createUser']>>;
let t: TestApp;
let superAdmin: Person;
let customer: Person;
let director: Person;

const URL = '/api/admin/retention';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  superAdmin = await t.createUser('SuperAdmin');
  customer = await t.createUser('Customer');
  director = await t.createUser('TournamentDirector');
}, 180_000);
afterAll(() => t.close());

const periods = async () =>
  (
    await t.db
      .select({ months: siteSettings.retentionMonths, days: siteSettings.deviceKeepDays })
      .from(siteSettings)
  )[0];
const settingsAudit = () =>
  t.db.select().from(auditLog).where(eq(auditLog.entity, 'siteSettings')).orderBy(asc(auditLog.id));

describe('the retention periods', () => {
  it('are refused to a visitor (401), a customer and a director (403), reading or saving, and nothing changes', async () => {
    const body = { retentionMonths: 24, deviceKeepDays: 14 };
    expect((await t.call('GET', URL)).status).toBe(401);
    expect((await t.call('PUT', URL, body)).status).toBe(401);
    for (const who of [customer, director]) {
      expect((await t.call('GET', URL, undefined, who.token)).status).toBe(403);
      expect((await t.call('PUT', URL, body, who.token)).status).toBe(403);
    }
    expect(await periods()).toEqual({ months: 12, days: 7 });
    expect(await settingsAudit()).toEqual([]);
  });

  it('refuses values out of bounds with the fields named, and changes nothing', async () => {
    for (const body of [
      { retentionMonths: 0, deviceKeepDays: 7 },
      { retentionMonths: 121, deviceKeepDays: 7 },
      { retentionMonths: 12, deviceKeepDays: 91 },
      { retentionMonths: 12.5, deviceKeepDays: 7 },
      { retentionMonths: '12', deviceKeepDays: 0 },
    ]) {
      const res = await t.call('PUT', URL, body, superAdmin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const named = Object.keys(res.json.errors);
      if (body.retentionMonths !== 12) expect(named).toContain('retentionMonths');
      if (body.deviceKeepDays !== 7) expect(named).toContain('deviceKeepDays');
    }
    const res = await t.call('PUT', URL, { retentionMonths: 0, deviceKeepDays: 7 }, superAdmin.token);
    expect(res.json.errors.retentionMonths).toBe('Please enter a whole number from 1 to 120');
    expect(await periods()).toEqual({ months: 12, days: 7 });
    expect(await settingsAudit()).toEqual([]);
  });

  it('saved by a super admin, are audited, and the preview and the public settings follow them', async () => {
    const before = await t.call('GET', URL, undefined, superAdmin.token);
    expect(before.json).toMatchObject({ retentionMonths: 12, deviceKeepDays: 7 });
    const tour = before.json.tournaments[0];
    const res = await t.call('PUT', URL, { retentionMonths: 18, deviceKeepDays: 30 }, superAdmin.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ retentionMonths: 18, deviceKeepDays: 30 });
    expect(await periods()).toEqual({ months: 18, days: 30 });

    const [entry] = await settingsAudit();
    expect(entry).toMatchObject({
      actorUserId: superAdmin.user.id,
      action: 'update',
      before: { retentionMonths: 12, deviceKeepDays: 7 },
      after: { retentionMonths: 18, deviceKeepDays: 30 },
    });

    const after = await t.call('GET', URL, undefined, superAdmin.token);
    expect(after.json).toMatchObject({ retentionMonths: 18, deviceKeepDays: 30 });
    const moved = after.json.tournaments.find(
      (r: { tournamentId: number }) => r.tournamentId === tour.tournamentId,
    );
    // Six months later than with 12 months.
    expect(moved.dueOn > tour.dueOn).toBe(true);
    expect(Number(moved.dueOn.slice(0, 4)) * 12 + Number(moved.dueOn.slice(5, 7))).toBe(
      Number(tour.dueOn.slice(0, 4)) * 12 + Number(tour.dueOn.slice(5, 7)) + 6,
    );

    // The privacy page and the venue devices read them from the public settings (cache dropped).
    const pub = await t.call('GET', '/api/settings');
    expect(pub.json).toMatchObject({ retentionMonths: 18, deviceKeepDays: 30 });
  });
});
