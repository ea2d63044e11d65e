import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_REGISTRATION_MESSAGES as M } from '@tournament/shared';
import { eq } from 'drizzle-orm';
import { auditLog } from '../db/schema.ts';
import { logger } from '../lib/logger.ts';
import { english } from '../testing/english.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

// "View as this customer": docs/product.md §4 and §7; decision 014.

type User = Awaited<ReturnType<TestApp['createUser']>>;
let t: TestApp;
let tournamentId: number;
let parent: User;
let otherParent: User;
let director: User;
let superAdmin: User;
let checkInAdmin: User;
let parentRegistration: number;
let otherRegistration: number;

const as = (subjectId: number | string) => ({ UserContext: String(subjectId) });

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  tournamentId = (await t.call('GET', '/api/tournaments')).json[0].id;
  parent = await t.createUser('Customer', { firstName: 'Sam', lastName: 'Lee' });
  otherParent = await t.createUser('Customer');
  director = await t.createUser('TournamentDirector');
  superAdmin = await t.createUser('SuperAdmin');
  checkInAdmin = await t.createUser('CheckInAdmin');
  const create = (token: string) =>
    t.call('POST', `/api/registration/create/${tournamentId}`, undefined, token);
  parentRegistration = (await create(parent.token)).json.registrationId;
  otherRegistration = (await create(otherParent.token)).json.registrationId;
}, 60_000);
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function impersonationAudit() {
  const res = await t.call('GET', '/api/admin/audit-log?entity=impersonation', undefined, superAdmin.token);
  expect(res.status).toBe(200);
  return res.json as { actorUserId: number; entityId: number; entity: string; after: any }[];
}

describe('a director viewing as a customer', () => {
  it("acts as the customer: the customer's own registrations, and nobody else's", async () => {
    for (const staff of [director, superAdmin]) {
      const list = await t.call(
        'GET',
        `/api/registration/getAll/${tournamentId}`,
        undefined,
        staff.token,
        as(parent.user.id),
      );
      expect(list.status).toBe(200);
      expect(list.json.map((r: any) => r.registrationId)).toEqual([parentRegistration]);
      const other = await t.call(
        'GET',
        `/api/registration/${otherRegistration}`,
        undefined,
        staff.token,
        as(parent.user.id),
      );
      expect(other.status).toBe(404);
    }
    // Without the header the director's customer area is the director's own again: none
    // (decision 018: staff never see every family as their own; the desk is where they see all).
    const own = await t.call('GET', `/api/registration/getAll/${tournamentId}`, undefined, director.token);
    expect(own.json).toEqual([]);
  });

  it("changes made while viewing as follow the customer's rules (a completed registration is locked)", async () => {
    const res = await t.call(
      'POST',
      `/api/registration/spectator/${parentRegistration}`,
      undefined,
      director.token,
      as(parent.user.id),
    );
    expect(res.status).toBe(200);
    expect(res.json).toBe(1);
    // Staff-only calls answer 403 while acting as a customer.
    const desk = await t.call(
      'GET',
      '/api/admin/registrations',
      undefined,
      director.token,
      as(parent.user.id),
    );
    expect(desk.status).toBe(403);
  });

  it('logs actor and subject on every honoured request', async () => {
    const info = vi.spyOn(logger, 'info');
    await t.call(
      'GET',
      `/api/registration/getAll/${tournamentId}`,
      undefined,
      director.token,
      as(parent.user.id),
    );
    await t.call('GET', '/api/registration/has-completed', undefined, director.token, as(parent.user.id));
    const lines = info.mock.calls.filter((call) => call[1] === 'impersonation').map((call) => call[0] as any);
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatchObject({ actorId: director.user.id, subjectId: parent.user.id });
    expect(lines.map((l) => l.path)).toEqual([
      `/api/registration/getAll/${tournamentId}`,
      '/api/registration/has-completed',
    ]);
  });

  it('writes one audit entry per actor and subject per hour, not one per request', async () => {
    const mine = async () =>
      (await impersonationAudit()).filter(
        (e) => e.actorUserId === director.user.id && e.entityId === parent.user.id,
      );
    expect(await mine()).toHaveLength(1);
    expect((await mine())[0]?.after).toMatchObject({
      actorId: director.user.id,
      subjectId: parent.user.id,
      subjectName: 'Sam Lee',
    });
    await t.call('GET', '/api/registration/has-completed', undefined, director.token, as(parent.user.id));
    expect(await mine()).toHaveLength(1);
    // Entries more than an hour old no longer count (aged in the table: moving the clock
    // an hour would expire the access tokens).
    await t.db
      .update(auditLog)
      .set({ at: new Date(t.clock.now.getTime() - 61 * 60 * 1000) })
      .where(eq(auditLog.entity, 'impersonation'));
    await t.call('GET', '/api/registration/has-completed', undefined, director.token, as(parent.user.id));
    expect(await mine()).toHaveLength(2);
    // Another subject is a new entry at once.
    await t.call(
      'GET',
      '/api/registration/has-completed',
      undefined,
      director.token,
      as(otherParent.user.id),
    );
    expect((await impersonationAudit()).some((e) => e.entityId === otherParent.user.id)).toBe(true);
  });
});

describe('refusals', () => {
  it('refuses UserContext from a visitor, a customer and a check-in admin with 403', async () => {
    for (const token of [undefined, otherParent.token, checkInAdmin.token]) {
      const res = await t.call(
        'GET',
        `/api/registration/getAll/${tournamentId}`,
        undefined,
        token,
        as(parent.user.id),
      );
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: english(M.impersonationNotAllowed) });
    }
  });

  it('never lets a director act as a staff account', async () => {
    for (const staff of [checkInAdmin, superAdmin, director]) {
      const res = await t.call(
        'GET',
        '/api/registration/has-completed',
        undefined,
        director.token,
        as(staff.user.id),
      );
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: english(M.impersonationStaff) });
    }
  });

  it('an unknown user is 404 and a value that is not an id is 400', async () => {
    const unknown = await t.call(
      'GET',
      '/api/registration/has-completed',
      undefined,
      director.token,
      as(987654),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: english(M.impersonationUnknown) });
    for (const bad of ['abc', '-1', '1.5', '12345678901']) {
      const res = await t.call('GET', '/api/registration/has-completed', undefined, director.token, as(bad));
      expect(res.status, bad).toBe(400);
      expect(res.json).toEqual({ message: english(M.impersonationInvalid) });
    }
  });

  it('a refused request changes nothing and writes no audit entry', async () => {
    const before = (await impersonationAudit()).length;
    const res = await t.call(
      'POST',
      `/api/registration/spectator/${otherRegistration}`,
      undefined,
      checkInAdmin.token,
      as(otherParent.user.id),
    );
    expect(res.status).toBe(403);
    const reg = (await t.call('GET', `/api/registration/${otherRegistration}`, undefined, director.token))
      .json;
    expect(reg.spectators).toBe(0);
    expect(await impersonationAudit()).toHaveLength(before);
  });
});

describe('account routes ignore UserContext', () => {
  it('a director whose access token has expired can still sign in again with the header still set', async () => {
    const res = await t.call(
      'POST',
      '/api/users/authenticate',
      { username: director.user.email, password: director.password },
      undefined,
      as(parent.user.id),
    );
    expect(res.status).toBe(200);
    expect(res.json.user.token).toBeTruthy();
    const refreshed = await t.call(
      'POST',
      '/api/users/refresh',
      { refreshToken: res.json.user.refreshToken },
      'expired-or-forged',
      as(parent.user.id),
    );
    expect(refreshed.status).toBe(200);
  });
});

describe('the explicit start call', () => {
  it('answers the customer and records the start for a director', async () => {
    const fresh = await t.createUser('Customer', { firstName: 'Ada', lastName: 'Okafor' });
    const res = await t.call('POST', `/api/admin/impersonation/${fresh.user.id}`, undefined, director.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ userId: fresh.user.id, name: 'Ada Okafor', email: fresh.user.email });
    const entries = (await impersonationAudit()).filter((e) => e.entityId === fresh.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actorUserId).toBe(director.user.id);
  });

  it('refuses a check-in admin (403), a staff subject (409, not a sign-out) and an unknown user (404)', async () => {
    expect(
      (await t.call('POST', `/api/admin/impersonation/${parent.user.id}`, undefined, checkInAdmin.token))
        .status,
    ).toBe(403);
    expect((await t.call('POST', `/api/admin/impersonation/${parent.user.id}`)).status).toBe(401);
    const staff = await t.call(
      'POST',
      `/api/admin/impersonation/${checkInAdmin.user.id}`,
      undefined,
      director.token,
    );
    expect(staff.status).toBe(409);
    expect(staff.json.message).toBe(english(M.impersonationStaff));
    expect((await t.call('POST', '/api/admin/impersonation/987654', undefined, director.token)).status).toBe(
      404,
    );
  });
});

describe('/sync ignores UserContext', () => {
  it('a director pulls the check-in scope as themself even with the header set', async () => {
    const body = { clientGroupId: 'g-imp', clientId: 'c-imp', cookie: null, scope: 'checkin' };
    const res = await t.call('POST', '/sync/pull', body, director.token, as(parent.user.id));
    expect(res.status).toBe(200);
    // As the customer it would be refused.
    expect((await t.call('POST', '/sync/pull', body, parent.token)).status).toBe(403);
  });
});
