import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, staffInvites, syncClients, users } from '../db/schema.ts';
import { INVITE_LINK_MS, STAFF_LIMITS } from '../services/staff.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

// The Staff page (docs/decisions/049-staff-invites.md): only a SuperAdmin invites, changes roles
// and revokes; the mailed link (kept as its hash) works once, for 72 hours, unless withdrawn;
// a revoked account's tokens fail at their next request; every change is audited.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.

type Person = Awaited<ReturnType<TestApp['createUser']>>;
let t: TestApp;
let superAdmin: Person;
let director: Person;
let customer: Person;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  superAdmin = await t.createUser('SuperAdmin');
  director = await t.createUser('TournamentDirector');
  customer = await t.createUser('Customer');
});
afterAll(() => t.close());

/** The secret of the last invitation mailed to `email`, read from its link. */
function linkSecretFor(email: string): string {
  const mail = [...t.sent].reverse().find((m) => m.to === email);
  const match = /\/user\/invite\/([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

async function invite(email: string, role = 'RingOfficial', token = superAdmin.token) {
  return t.call(
    'POST',
    '/api/admin/staff/invites',
    { email, firstName: 'Robin', lastName: 'Vale', role },
    token,
  );
}

const auditOf = (entity: string) => t.db.select().from(auditLog).where(eq(auditLog.entity, entity));

describe('who may use the Staff routes', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/staff'],
    [
      'POST',
      '/api/admin/staff/invites',
      { email: 'x@example.com', firstName: 'X', lastName: 'Y', role: 'RingOfficial' },
    ],
    ['DELETE', '/api/admin/staff/invites/1'],
    ['PUT', '/api/admin/staff/2/role', { role: 'CheckInAdmin' }],
    ['POST', '/api/admin/staff/2/revoke'],
  ];
  it.each(routes)(
    '%s %s: 401 for a visitor, 403 for a director and a customer',
    async (method, url, body) => {
      expect((await t.call(method, url, body)).status).toBe(401);
      expect((await t.call(method, url, body, director.token)).status).toBe(403);
      expect((await t.call(method, url, body, customer.token)).status).toBe(403);
      expect(await t.db.select().from(staffInvites)).toEqual([]);
      const [d] = await t.db.select().from(users).where(eq(users.id, director.user.id));
      expect(d?.roles).toEqual(['TournamentDirector']);
    },
  );
});

describe('an invitation', () => {
  const email = 'volunteer@example.com';
  let secret: string;

  it('mails a link whose secret is kept only as its hash, and lists the invitation', async () => {
    const res = await invite(email);
    expect(res.status).toBe(200);
    secret = linkSecretFor(email);
    expect(secret.length).toBeGreaterThanOrEqual(43);
    const [row] = await t.db.select().from(staffInvites).where(eq(staffInvites.email, email));
    expect(row?.tokenHash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = await t.call('GET', '/api/admin/staff', undefined, superAdmin.token);
    expect(list.json.invites).toEqual([
      expect.objectContaining({ email, role: 'RingOfficial', name: 'Robin Vale' }),
    ]);
    const [entry] = await auditOf('staffInvite');
    expect(entry).toMatchObject({ action: 'create', actorUserId: superAdmin.user.id });
  });

  it('is checked, then used once: the account is created with the role and signed in', async () => {
    const check = await t.call('POST', '/api/users/invite/check', { token: secret });
    expect(check.json).toEqual({ email, firstName: 'Robin', role: 'RingOfficial' });
    const res = await t.call('POST', '/api/users/invite/accept', {
      token: secret,
      password: 'a long volunteer secret',
    });
    expect(res.status).toBe(200);
    expect(res.json.user.roles).toEqual(['RingOfficial']);
    const me = await t.call('POST', '/api/matchday/ring-lock/unlock', {}, res.json.user.token);
    expect([401, 403]).not.toContain(me.status);
    const list = await t.call('GET', '/api/admin/staff', undefined, superAdmin.token);
    expect(list.json.invites).toEqual([]);
    expect(list.json.accounts).toContainEqual(
      expect.objectContaining({ email, role: 'RingOfficial', lastSignInAt: t.clock.now.toISOString() }),
    );
    expect(list.json.accounts).toContainEqual(
      expect.objectContaining({ id: director.user.id, lastSignInAt: null }),
    );
  });

  it('refuses the link a second time and changes nothing', async () => {
    const [before] = await t.db.select().from(users).where(eq(users.email, email));
    const again = await t.call('POST', '/api/users/invite/accept', {
      token: secret,
      password: 'another long secret',
    });
    expect(again.status).toBe(400);
    expect(again.json.message).toMatch(/no longer valid/);
    expect((await t.call('POST', '/api/users/invite/check', { token: secret })).status).toBe(400);
    const [after] = await t.db.select().from(users).where(eq(users.email, email));
    expect(after).toEqual(before);
  });

  it('refuses a link after 72 hours, and a withdrawn one', async () => {
    await invite('late@example.com');
    const late = linkSecretFor('late@example.com');
    const start = t.clock.now.toISOString();
    t.clock.advance(INVITE_LINK_MS + 1000);
    const expired = await t.call('POST', '/api/users/invite/accept', {
      token: late,
      password: 'a long volunteer secret',
    });
    expect(expired.status).toBe(400);
    // Back to the start: the test's access tokens are short-lived.
    t.clock.set(start);

    await invite('withdrawn@example.com', 'CheckInAdmin');
    const withdrawn = linkSecretFor('withdrawn@example.com');
    const [row] = await t.db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.email, 'withdrawn@example.com'));
    expect(
      (await t.call('DELETE', `/api/admin/staff/invites/${row!.id}`, undefined, superAdmin.token)).status,
    ).toBe(200);
    const refused = await t.call('POST', '/api/users/invite/accept', {
      token: withdrawn,
      password: 'a long volunteer secret',
    });
    expect(refused.status).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, 'late@example.com'))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, 'withdrawn@example.com'))).toEqual([]);
    expect((await auditOf('staffInvite')).map((e) => e.action)).toContain('revoke');
  });

  it('refuses a guessed link', async () => {
    const res = await t.call('POST', '/api/users/invite/accept', {
      token: crypto.randomBytes(32).toString('base64url'),
      password: 'a long volunteer secret',
    });
    expect(res.status).toBe(400);
  });

  it('throttles the uses of one link, as password resets are', async () => {
    const guessed = crypto.randomBytes(32).toString('base64url');
    for (let i = 0; i < STAFF_LIMITS.link[0]; i += 1) {
      expect((await t.call('POST', '/api/users/invite/check', { token: guessed })).status).toBe(400);
    }
    const throttled = await t.call('POST', '/api/users/invite/check', { token: guessed });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeTruthy();
  });

  it('refuses an e-mail that is already staff, and gives a customer account the role', async () => {
    const taken = await invite(director.user.email.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.json.errors.email).toMatch(/already belongs to a staff account/);

    expect((await invite(customer.user.email, 'CheckInAdmin')).status).toBe(200);
    const res = await t.call('POST', '/api/users/invite/accept', {
      token: linkSecretFor(customer.user.email),
      password: 'a long volunteer secret',
    });
    expect(res.status).toBe(200);
    expect(res.json.user.personId).toBe(customer.user.id);
    expect(res.json.user.roles).toEqual(['CheckInAdmin']);
    // The customer's old session ended (the link proves the mailbox, as a reset does).
    expect((await t.call('GET', '/api/users/privacy-policy', undefined, customer.token)).status).toBe(401);
  });
});

describe('roles and revocation', () => {
  it('changes a role, but not your own', async () => {
    const self = await t.call(
      'PUT',
      `/api/admin/staff/${superAdmin.user.id}/role`,
      { role: 'CheckInAdmin' },
      superAdmin.token,
    );
    expect(self.status).toBe(409);
    expect(self.json.message).toMatch(/your own account/);
    const res = await t.call(
      'PUT',
      `/api/admin/staff/${director.user.id}/role`,
      { role: 'SuperAdmin' },
      superAdmin.token,
    );
    expect(res.status).toBe(200);
    const [d] = await t.db.select().from(users).where(eq(users.id, director.user.id));
    expect(d?.roles).toEqual(['SuperAdmin']);
    // The server reads the roles at each request: the director is a super admin at once.
    expect((await t.call('GET', '/api/admin/staff', undefined, director.token)).status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staffAccount'), eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({
      entityId: director.user.id,
      before: { role: 'TournamentDirector' },
      after: { role: 'SuperAdmin' },
    });
  });

  it('refuses a customer account and an unknown one', async () => {
    const other = await t.createUser('Customer');
    expect(
      (
        await t.call(
          'PUT',
          `/api/admin/staff/${other.user.id}/role`,
          { role: 'CheckInAdmin' },
          superAdmin.token,
        )
      ).status,
    ).toBe(404);
    expect((await t.call('POST', '/api/admin/staff/999999/revoke', undefined, superAdmin.token)).status).toBe(
      404,
    );
  });

  it('refuses to revoke or demote yourself, so a super admin always remains', async () => {
    const self = await t.createUser('SuperAdmin');
    const revoke = await t.call('POST', `/api/admin/staff/${self.user.id}/revoke`, undefined, self.token);
    expect(revoke.status).toBe(409);
    const demote = await t.call(
      'PUT',
      `/api/admin/staff/${self.user.id}/role`,
      { role: 'RingOfficial' },
      self.token,
    );
    expect(demote.status).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, self.user.id));
    expect(row?.roles).toEqual(['SuperAdmin']);
  });

  it('revokes an account: its tokens fail at the next request, its sessions and devices end', async () => {
    const official = await t.createUser('RingOfficial');
    const signIn = await t.call('POST', '/api/users/authenticate', {
      username: official.user.email,
      password: official.password,
    });
    expect(signIn.status).toBe(200);
    // Used once before, so the server has the account's sign-in row in hand (decision 057).
    expect((await t.call('GET', '/api/users/privacy-policy', undefined, signIn.json.user.token)).status).toBe(
      200,
    );
    await t.db
      .insert(syncClients)
      .values({ clientId: 'tablet-1', clientGroupId: 'group-1', userId: official.user.id });
    const res = await t.call(
      'POST',
      `/api/admin/staff/${official.user.id}/revoke`,
      undefined,
      superAdmin.token,
    );
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/users/privacy-policy', undefined, signIn.json.user.token)).status).toBe(
      401,
    );
    expect(
      (await t.call('POST', '/api/users/refresh', { refreshToken: signIn.json.user.refreshToken })).status,
    ).toBe(401);
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, official.user.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(syncClients).where(eq(syncClients.userId, official.user.id))).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, official.user.id));
    expect(row?.roles).toEqual(['Customer']);
    const list = await t.call('GET', '/api/admin/staff', undefined, superAdmin.token);
    expect(list.json.accounts.map((a: { id: number }) => a.id)).not.toContain(official.user.id);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staffAccount'), eq(auditLog.action, 'revoke')));
    expect(entry).toMatchObject({ entityId: official.user.id, actorUserId: superAdmin.user.id });
  });
});
