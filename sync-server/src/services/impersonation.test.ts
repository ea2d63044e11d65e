import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REGISTRATION_MESSAGES as M } from '@tournament/shared';
import { auditLog } from '../db/schema.ts';
import type { Caller } from '../deps.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { IMPERSONATION_AUDIT_ENTITY, startImpersonation, viewAs } from './impersonation.ts';

// The service without HTTP (decision 019: services know Deps and Caller, not requests). The
// header and the start route are covered through HTTP in http/impersonation.test.ts.

describe('impersonation service', () => {
  let t: TestApp;
  let director: Caller;
  let customerId: number;
  let staffId: number;
  const asCaller = (u: { id: number; roles: string[] }, displayName: string): Caller =>
    ({ personId: u.id, roles: u.roles, displayName }) as Caller;
  const entries = (subjectId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, IMPERSONATION_AUDIT_ENTITY), eq(auditLog.entityId, subjectId)));

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    director = asCaller((await t.createUser('TournamentDirector')).user, 'Dana Director');
    customerId = (await t.createUser('Customer', { firstName: 'Pat', lastName: 'Lee' })).user.id;
    staffId = (await t.createUser('CheckInAdmin')).user.id;
  });
  afterAll(() => t.close());

  it('a director views as a customer: the caller becomes that customer, audited once per hour', async () => {
    const { caller, subject } = await viewAs(t.deps, director, customerId);
    expect(caller).toEqual({ personId: customerId, roles: ['Customer'], displayName: 'Pat Lee' });
    expect(subject).toMatchObject({ userId: customerId, name: 'Pat Lee' });
    await viewAs(t.deps, director, customerId);
    expect(await startImpersonation(t.deps, director, customerId)).toEqual(subject);
    expect(await entries(customerId)).toHaveLength(1);
  });

  it('a staff subject is 403 for a request and 409 for the start; nothing is audited', async () => {
    await expect(viewAs(t.deps, director, staffId)).rejects.toMatchObject({
      status: 403,
      message: M.impersonationStaff,
    });
    await expect(startImpersonation(t.deps, director, staffId)).rejects.toMatchObject({ status: 409 });
    expect(await entries(staffId)).toHaveLength(0);
  });

  it('no one but a director may, and an unknown account is 404', async () => {
    const checkIn = asCaller({ id: staffId, roles: ['CheckInAdmin'] }, 'Check In');
    await expect(viewAs(t.deps, checkIn, customerId)).rejects.toMatchObject({
      status: 403,
      message: M.impersonationNotAllowed,
    });
    await expect(viewAs(t.deps, null, customerId)).rejects.toMatchObject({ status: 403 });
    await expect(viewAs(t.deps, director, 999999)).rejects.toMatchObject({
      status: 404,
      message: M.impersonationUnknown,
    });
  });
});
