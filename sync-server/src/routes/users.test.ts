import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, USER_MESSAGES } from '@tournament/shared';
import { accountLinks, rateLimits, users } from '../db/schema.ts';
import { ACCOUNT_LIMITS } from '../services/accounts.ts';
import { AUDIENCE, ISSUER } from '../services/tokens.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { english } from '../testing/english.ts';

const NOW = '2026-11-22T12:00:00Z';

function signUp(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'analytical engine',
    confirmPassword: 'analytical engine',
    addressLine1: '1 Main Street',
    addressLine2: '',
    city: 'Elliot Lake',
    province: 'ON',
    postalCode: 'P5A 1A1',
    phoneNumber: '7055551234',
    ...overrides,
  };
}

/** The link path the last mail to `to` carried, e.g. "/user/verification/abc". */
function linkIn(t: TestApp, to: string): string {
  const mail = [...t.sent].reverse().find((m) => m.to === to);
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link mailed to ${to}`);
  return url;
}

async function signUpAndVerify(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = signUp(overrides);
  expect((await t.call('POST', '/api/users/register', body)).status).toBe(200);
  const hash = linkIn(t, body.email).split('/').pop();
  expect((await t.call('PUT', '/api/users/register', { hash })).status).toBe(200);
  return body;
}

describe('sign-up and verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    t.sent.length = 0;
  });

  it('an empty sign-up names every required field with "Value is required"', async () => {
    const res = await t.call('POST', '/api/users/register', {
      firstName: ' ',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      addressLine1: '',
      city: '',
      postalCode: '',
      phoneNumber: '',
    });
    expect(res.status).toBe(400);
    for (const f of [
      'firstName',
      'lastName',
      'email',
      'password',
      'confirmPassword',
      'addressLine1',
      'city',
      'postalCode',
      'phoneNumber',
      'province',
    ]) {
      expect(res.json.errors[f], f).toBe(english(MESSAGES.required));
    }
    expect(res.json.errors.addressLine2).toBeUndefined();
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', english(MESSAGES.email)],
    [{ password: 'short', confirmPassword: 'short' }, 'password', english(MESSAGES.passwordLength)],
    [{ confirmPassword: 'something else' }, 'confirmPassword', english(MESSAGES.passwordsMatch)],
    [{ postalCode: 'D5A 1A1' }, 'postalCode', english(MESSAGES.postalCode)],
    [{ postalCode: 'W5A1A1' }, 'postalCode', english(MESSAGES.postalCode)],
    [{ postalCode: 'P5A 1O1' }, 'postalCode', english(MESSAGES.postalCode)],
    [{ postalCode: '12345' }, 'postalCode', english(MESSAGES.postalCode)],
    [{ phoneNumber: '705555123' }, 'phoneNumber', english(MESSAGES.phone)],
    [{ phoneNumber: '(705) 555-123' }, 'phoneNumber', english(MESSAGES.phone)],
    [{ province: 'XX' }, 'province', english(MESSAGES.required)],
  ])('sign-up %j is refused on %s with its message', async (overrides, field, message) => {
    const res = await t.call('POST', '/api/users/register', signUp(overrides));
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
  });

  it('a lower-case postal code without a space is accepted', async () => {
    const res = await t.call(
      'POST',
      '/api/users/register',
      signUp({ email: 'lower@example.com', postalCode: 'p5a1a1' }),
    );
    expect(res.status).toBe(200);
  });

  it('sign-up creates an unverified Customer and mails a long random link, stored only hashed', async () => {
    const res = await t.call('POST', '/api/users/register', signUp({ email: 'new@example.com' }));
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(english(USER_MESSAGES.registered));
    const [user] = await t.db.select().from(users).where(eq(users.email, 'new@example.com'));
    expect(user).toMatchObject({ roles: ['Customer'], verifiedAt: null, postalCode: 'P5A 1A1' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const link = linkIn(t, 'new@example.com');
    expect(link).toMatch(/^http:\/\/localhost:3000\/user\/verification\/[\w-]+$/);
    const hash = link.split('/').pop() as string;
    expect(Buffer.from(hash, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const stored = await t.db
      .select()
      .from(accountLinks)
      .where(eq(accountLinks.userId, user?.id ?? 0));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(hash);
  });

  it('an e-mail already registered gets the same answer and its owner a "you already have an account" mail', async () => {
    await signUpAndVerify(t, { email: 'taken@example.com' });
    t.sent.length = 0;
    const res = await t.call(
      'POST',
      '/api/users/register',
      signUp({ email: 'Taken@Example.com', firstName: 'Mallory' }),
    );
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(english(USER_MESSAGES.registered));
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0]?.subject).toMatch(/already have an account/);
    const rows = await t.db.select().from(users).where(eq(users.email, 'Taken@Example.com'));
    expect(rows).toHaveLength(0);
  });

  it('an unverified account cannot sign in, with a clear message; after the link it can', async () => {
    const body = signUp({ email: 'pending@example.com' });
    await t.call('POST', '/api/users/register', body);
    const before = await t.call('POST', '/api/users/authenticate', {
      username: body.email,
      password: body.password,
    });
    expect(before.status).toBe(403);
    expect(before.json.message).toBe(english(USER_MESSAGES.unverified));
    const hash = linkIn(t, body.email).split('/').pop();
    const verified = await t.call('PUT', '/api/users/register', { hash });
    expect(verified.status).toBe(200);
    expect(verified.json.message).toBeTruthy();
    const after = await t.call('POST', '/api/users/authenticate', {
      username: body.email,
      password: body.password,
    });
    expect(after.status).toBe(200);
  });

  it('a verification link works once', async () => {
    const body = signUp({ email: 'once@example.com' });
    await t.call('POST', '/api/users/register', body);
    const hash = linkIn(t, body.email).split('/').pop();
    expect((await t.call('PUT', '/api/users/register', { hash })).status).toBe(200);
    const again = await t.call('PUT', '/api/users/register', { hash });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(english(USER_MESSAGES.verifyFailed));
  });

  it('a verification link expires after 24 hours', async () => {
    const body = signUp({ email: 'late@example.com' });
    await t.call('POST', '/api/users/register', body);
    const hash = linkIn(t, body.email).split('/').pop();
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await t.call('PUT', '/api/users/register', { hash })).status).toBe(400);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('a made-up verification hash is refused', async () => {
    const res = await t.call('PUT', '/api/users/register', { hash: 'not-a-real-link' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(english(USER_MESSAGES.verifyFailed));
  });
});

describe('sign-in and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
  });

  it('answers the user with a token whose payload carries personId, roles and userDisplayName', async () => {
    const { user, password } = await t.createUser('TournamentDirector');
    const res = await t.call('POST', '/api/users/authenticate', {
      username: user.email.toUpperCase(),
      password,
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({
      personId: user.id,
      roles: ['TournamentDirector'],
      userDisplayName: `${user.firstName} ${user.lastName}`,
      email: user.email,
    });
    expect(res.json.user.refreshToken).toBeTruthy();
    const claims = decodeJwt(res.json.user.token);
    expect(claims).toMatchObject({
      personId: user.id,
      roles: ['TournamentDirector'],
      iss: ISSUER,
      aud: AUDIENCE,
    });
    expect(claims.exp).toBeGreaterThan(claims.iat ?? 0);
  });

  it('a wrong password and an unknown e-mail get the same answer', async () => {
    const { user } = await t.createUser('Customer');
    const wrong = await t.call('POST', '/api/users/authenticate', {
      username: user.email,
      password: 'wrong password',
    });
    const unknown = await t.call('POST', '/api/users/authenticate', {
      username: 'nobody@example.com',
      password: 'x',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe(english(USER_MESSAGES.badCredentials));
  });

  it('sign-in marks e-mail and password as required', async () => {
    const res = await t.call('POST', '/api/users/authenticate', { username: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      username: english(MESSAGES.required),
      password: english(MESSAGES.required),
    });
  });

  describe('forged and stale access tokens are refused', () => {
    const probe = (token: string) => t.call('GET', '/api/dev/mailbox', undefined, token);
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

    it('a genuine SuperAdmin token passes the probe', async () => {
      const { token } = await t.createUser('SuperAdmin');
      expect((await probe(token)).status).toBe(200);
    });

    it('alg none', async () => {
      const { user } = await t.createUser('SuperAdmin');
      const now = Math.floor(t.clock.now.getTime() / 1000);
      const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(user.id), personId: user.id, roles: ['SuperAdmin'], tv: 0, iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 600 })}.`;
      expect((await probe(token)).status).toBe(401);
    });

    it('roles edited without re-signing, and a stripped signature', async () => {
      const { user, token } = await t.createUser('Customer');
      const [h, p, s] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      const edited = `${h}.${b64({ ...claims, roles: ['SuperAdmin'] })}.${s}`;
      expect((await probe(edited)).status).toBe(401);
      expect((await probe(`${h}.${p}.`)).status).toBe(401);
      expect((await probe(`${h}.${p}`)).status).toBe(401);
      expect(user.id).toBeGreaterThan(0);
    });

    it('roles re-signed with another key', async () => {
      const { user } = await t.createUser('Customer');
      const token = await new SignJWT({
        personId: user.id,
        roles: ['SuperAdmin'],
        userDisplayName: 'x',
        tv: 0,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(t.clock.now)
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      expect((await probe(token)).status).toBe(401);
    });

    it('roles raised in a correctly signed token still count only as the account holds them', async () => {
      const { user } = await t.createUser('Customer');
      const token = await t.deps.tokens.signAccess(
        { personId: user.id, roles: ['SuperAdmin'], userDisplayName: 'x', tv: 0 },
        t.clock.now,
      );
      expect((await probe(token)).status).toBe(403);
    });

    const signWith = (userId: number, edit: (j: SignJWT) => SignJWT) =>
      edit(
        new SignJWT({ personId: userId, roles: ['SuperAdmin'], userDisplayName: 'x', tv: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(userId))
          .setIssuer(ISSUER)
          .setIssuedAt(t.clock.now),
      ).sign(t.deps.tokens.key);

    it('an expired token', async () => {
      const { user, token } = await t.createUser('SuperAdmin');
      const old = await signWith(user.id, (j) =>
        j.setAudience(AUDIENCE).setExpirationTime(new Date(t.clock.now.getTime() - 1000)),
      );
      expect((await probe(old)).status).toBe(401);
      t.clock.advance(16 * 60 * 1000);
      try {
        expect((await probe(token)).status).toBe(401);
      } finally {
        t.clock.set(NOW);
      }
    });

    it('a token without exp', async () => {
      const { user } = await t.createUser('SuperAdmin');
      expect((await probe(await signWith(user.id, (j) => j.setAudience(AUDIENCE)))).status).toBe(401);
    });

    it('a token for another audience', async () => {
      const { user } = await t.createUser('SuperAdmin');
      const other = await signWith(user.id, (j) => j.setAudience('someone-else').setExpirationTime('10m'));
      expect((await probe(other)).status).toBe(401);
    });
  });

  it('a refresh token rotates: the new pair works, the old refresh token does not', async () => {
    const { user, password } = await t.createUser('Customer');
    const first = (await t.call('POST', '/api/users/authenticate', { username: user.email, password })).json
      .user;
    const second = await t.call('POST', '/api/users/refresh', { refreshToken: first.refreshToken });
    expect(second.status).toBe(200);
    expect(second.json.user.personId).toBe(user.id);
    expect(second.json.user.refreshToken).not.toBe(first.refreshToken);
    const third = await t.call('POST', '/api/users/refresh', { refreshToken: second.json.user.refreshToken });
    expect(third.status).toBe(200);
  });

  it('reusing an old refresh token revokes its whole family', async () => {
    const { user, password } = await t.createUser('Customer');
    const first = (await t.call('POST', '/api/users/authenticate', { username: user.email, password })).json
      .user;
    const second = (await t.call('POST', '/api/users/refresh', { refreshToken: first.refreshToken })).json
      .user;
    const replay = await t.call('POST', '/api/users/refresh', { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.json.message).toBe(english(USER_MESSAGES.refreshFailed));
    expect((await t.call('POST', '/api/users/refresh', { refreshToken: second.refreshToken })).status).toBe(
      401,
    );
  });

  it('a refresh token expires after a week unused', async () => {
    const { user, password } = await t.createUser('Customer');
    const first = (await t.call('POST', '/api/users/authenticate', { username: user.email, password })).json
      .user;
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await t.call('POST', '/api/users/refresh', { refreshToken: first.refreshToken })).status).toBe(
        401,
      );
    } finally {
      t.clock.set(NOW);
    }
  });

  it('logout revokes the refresh token of that device only', async () => {
    const { user, password } = await t.createUser('Customer');
    const tablet = (await t.call('POST', '/api/users/authenticate', { username: user.email, password })).json
      .user;
    const phone = (await t.call('POST', '/api/users/authenticate', { username: user.email, password })).json
      .user;
    expect((await t.call('POST', '/api/users/logout', { refreshToken: tablet.refreshToken })).status).toBe(
      200,
    );
    expect((await t.call('POST', '/api/users/refresh', { refreshToken: tablet.refreshToken })).status).toBe(
      401,
    );
    expect((await t.call('POST', '/api/users/refresh', { refreshToken: phone.refreshToken })).status).toBe(
      200,
    );
  });
});

describe('forgot and reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    t.sent.length = 0;
  });

  async function resetLink(email: string) {
    expect((await t.call('POST', '/api/users/forgot', { email })).status).toBe(200);
    const url = linkIn(t, email);
    const m = url.match(/\/user\/reset\/(\d+)\/([\w-]+)$/);
    if (!m) throw new Error(`not a reset link: ${url}`);
    return { userId: Number(m[1]), hash: m[2] as string };
  }

  it('forgot answers the same for known and unknown e-mails and mails only the known one', async () => {
    const { user } = await t.createUser('Customer');
    const known = await t.call('POST', '/api/users/forgot', { email: user.email });
    const unknown = await t.call('POST', '/api/users/forgot', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(t.sent.map((m) => m.to)).toEqual([user.email]);
    expect(linkIn(t, user.email)).toMatch(
      new RegExp(`^http://localhost:3000/user/reset/${user.id}/[\\w-]{43,}$`),
    );
  });

  it('forgot needs a valid e-mail', async () => {
    expect((await t.call('POST', '/api/users/forgot', { email: '' })).json.errors.email).toBe(
      english(MESSAGES.required),
    );
    expect((await t.call('POST', '/api/users/forgot', { email: 'x@' })).json.errors.email).toBe(
      english(MESSAGES.email),
    );
  });

  it('a reset sets the new password and revokes every earlier token', async () => {
    const { user, password, token } = await t.createUser('SuperAdmin');
    const session = (await t.call('POST', '/api/users/authenticate', { username: user.email, password })).json
      .user;
    const link = await resetLink(user.email);
    const res = await t.call('PUT', '/api/users/reset', { ...link, newPassword: 'a brand new password' });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(english(USER_MESSAGES.resetDone));
    expect((await t.call('POST', '/api/users/authenticate', { username: user.email, password })).status).toBe(
      401,
    );
    const fresh = await t.call('POST', '/api/users/authenticate', {
      username: user.email,
      password: 'a brand new password',
    });
    expect(fresh.status).toBe(200);
    expect((await t.call('GET', '/api/dev/mailbox', undefined, token)).status).toBe(401);
    expect((await t.call('GET', '/api/dev/mailbox', undefined, session.token)).status).toBe(401);
    expect((await t.call('POST', '/api/users/refresh', { refreshToken: session.refreshToken })).status).toBe(
      401,
    );
    expect((await t.call('GET', '/api/dev/mailbox', undefined, fresh.json.user.token)).status).toBe(200);
  });

  it('a reset needs a password of 8 or more', async () => {
    const { user } = await t.createUser('Customer');
    const link = await resetLink(user.email);
    const res = await t.call('PUT', '/api/users/reset', { ...link, newPassword: 'short' });
    expect(res.status).toBe(400);
    expect(res.json.errors.newPassword).toBe(english(MESSAGES.passwordLength));
  });

  it('a reset link works once', async () => {
    const { user } = await t.createUser('Customer');
    const link = await resetLink(user.email);
    expect(
      (await t.call('PUT', '/api/users/reset', { ...link, newPassword: 'first new password' })).status,
    ).toBe(200);
    const again = await t.call('PUT', '/api/users/reset', { ...link, newPassword: 'second new password' });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(english(USER_MESSAGES.resetFailed));
  });

  it('a reset link expires after an hour', async () => {
    const { user } = await t.createUser('Customer');
    const link = await resetLink(user.email);
    t.clock.advance(60 * 60 * 1000 + 1000);
    try {
      expect(
        (await t.call('PUT', '/api/users/reset', { ...link, newPassword: 'too late password' })).status,
      ).toBe(400);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('a reset link does not work with another userId', async () => {
    const { user } = await t.createUser('Customer');
    const victim = await t.createUser('SuperAdmin');
    const link = await resetLink(user.email);
    const res = await t.call('PUT', '/api/users/reset', {
      ...link,
      userId: victim.user.id,
      newPassword: 'hijacked password',
    });
    expect(res.status).toBe(400);
    expect(
      (
        await t.call('POST', '/api/users/authenticate', {
          username: victim.user.email,
          password: 'hijacked password',
        })
      ).status,
    ).toBe(401);
  });

  it('of two concurrent uses of one reset link exactly one succeeds', async () => {
    const { user } = await t.createUser('Customer');
    const link = await resetLink(user.email);
    const results = await Promise.all([
      t.call('PUT', '/api/users/reset', { ...link, newPassword: 'concurrent one' }),
      t.call('PUT', '/api/users/reset', { ...link, newPassword: 'concurrent two' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]?.status === 200 ? 'concurrent one' : 'concurrent two';
    expect(
      (await t.call('POST', '/api/users/authenticate', { username: user.email, password: winner })).status,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
  });

  it('sign-in answers 429 past the per-account limit, even for the right password', async () => {
    const { user, password } = await t.createUser('Customer');
    const [limit] = ACCOUNT_LIMITS.authenticate.account;
    for (let i = 0; i < limit; i++) {
      expect(
        (await t.call('POST', '/api/users/authenticate', { username: user.email, password: 'wrong' })).status,
      ).toBe(401);
    }
    const res = await t.call('POST', '/api/users/authenticate', { username: user.email, password });
    expect(res.status).toBe(429);
    expect(res.json.message).toBeTruthy();
  });

  it('sign-in answers 429 past the per-address limit, and a spoofed X-Forwarded-For does not help', async () => {
    const [limit] = ACCOUNT_LIMITS.authenticate.address;
    for (let i = 0; i < limit; i++) {
      const res = await t.call(
        'POST',
        '/api/users/authenticate',
        { username: `u${i}@example.com`, password: 'x' },
        undefined,
        {
          'X-Forwarded-For': `203.0.113.${i % 250}`,
        },
      );
      expect(res.status).toBe(401);
    }
    const res = await t.call(
      'POST',
      '/api/users/authenticate',
      { username: 'last@example.com', password: 'x' },
      undefined,
      {
        'X-Forwarded-For': '198.51.100.7',
      },
    );
    expect(res.status).toBe(429);
  });

  it('forgot answers 429 past the per-account limit', async () => {
    const [limit] = ACCOUNT_LIMITS.forgot.account;
    for (let i = 0; i < limit; i++) {
      expect((await t.call('POST', '/api/users/forgot', { email: 'spam@example.com' })).status).toBe(200);
    }
    expect((await t.call('POST', '/api/users/forgot', { email: 'SPAM@example.com' })).status).toBe(429);
  });

  it('sign-up answers 429 past the per-address limit', async () => {
    const [limit] = ACCOUNT_LIMITS.register.address;
    for (let i = 0; i < limit; i++) {
      expect(
        (await t.call('POST', '/api/users/register', signUp({ email: `many${i}@example.com` }))).status,
      ).toBe(200);
    }
    expect(
      (await t.call('POST', '/api/users/register', signUp({ email: 'onemore@example.com' }))).status,
    ).toBe(429);
  });

  it('reset answers 429 past the per-link limit (decision 018: per link, not per user id)', async () => {
    const [limit] = ACCOUNT_LIMITS.reset.account;
    for (let i = 0; i < limit; i++) {
      const res = await t.call('PUT', '/api/users/reset', {
        userId: 1,
        hash: 'guess',
        newPassword: 'guessing password',
      });
      expect(res.status).toBe(400);
    }
    const res = await t.call('PUT', '/api/users/reset', {
      userId: 1,
      hash: 'guess',
      newPassword: 'guessing password',
    });
    expect(res.status).toBe(429);
  });
});

describe('the whole sign-up path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('sign up, verify, sign in as a Customer', async () => {
    const body = await signUpAndVerify(t, { email: 'family@example.com' });
    const res = await t.call('POST', '/api/users/authenticate', {
      username: body.email,
      password: body.password,
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({
      roles: ['Customer'],
      firstName: 'Ada',
      userDisplayName: 'Ada Lovelace',
    });
  });
});

describe("the account's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    t.sent.length = 0;
  });
  const languageOf = async (email: string) =>
    (await t.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

  it('a sign-up takes the language of its page, and its verification e-mail is written in it', async () => {
    const fr = await t.call('POST', '/api/users/register', signUp({ email: 'fr@example.com' }), undefined, {
      Cookie: 'lang=fr',
    });
    expect(fr.status).toBe(200);
    expect(await languageOf('fr@example.com')).toBe('fr');
    const french = t.sent.find((m) => m.to === 'fr@example.com');
    expect(french?.subject).toMatch(/ veuillez confirmer votre adresse courriel$/);
    expect(french?.text).toMatch(
      /^Bonjour Ada,\n\nMerci d’avoir créé un compte sur le site .+\. Veuillez suivre ce lien dans les 24 heures pour confirmer votre adresse courriel\u00a0:\n\nhttp:\/\/localhost:3000\/user\/verification\/[\w-]+\n$/,
    );

    await t.call('POST', '/api/users/register', signUp({ email: 'en@example.com' }), undefined, {
      'Accept-Language': 'en-CA,en;q=0.9',
    });
    expect(await languageOf('en@example.com')).toBe('en');
    const english = t.sent.find((m) => m.to === 'en@example.com');
    expect(english?.subject).toMatch(/ please verify your e-mail address$/);
    expect(english?.text).toMatch(
      /^Hello Ada,\n\nThank you for signing up with the .+\. Please follow this link within 24 hours to verify your e-mail address:\n\nhttp/,
    );
  });

  it('PUT /api/users/language: a visitor is refused; a signed-in account changes its own and the cookie', async () => {
    const anonymous = await t.call('PUT', '/api/users/language', { language: 'fr' });
    expect(anonymous.status).toBe(401);

    const me = await t.createUser('Customer');
    const other = await t.createUser('Customer');
    const res = await t.call('PUT', '/api/users/language', { language: 'fr' }, me.token);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Votre langue a été enregistrée.');
    expect(res.headers.get('Set-Cookie')).toMatch(/^lang=fr; Max-Age=31536000; Path=\/; SameSite=Lax/);
    expect(await languageOf(me.user.email)).toBe('fr');
    expect(await languageOf(other.user.email)).toBe('en');

    expect((await t.call('PUT', '/api/users/language', { language: 'de' }, me.token)).status).toBe(400);
  });

  it("sign-in answers the account's language and sets the lang cookie to it; refresh answers it too", async () => {
    const { user, password } = await t.createUser('Customer', { language: 'fr' });
    const res = await t.call(
      'POST',
      '/api/users/authenticate',
      { username: user.email, password },
      undefined,
      {
        Cookie: 'lang=en',
      },
    );
    expect(res.status).toBe(200);
    expect(res.json.user.language).toBe('fr');
    expect(res.headers.get('Set-Cookie')).toMatch(/lang=fr; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const refreshed = await t.call('POST', '/api/users/refresh', {
      refreshToken: res.json.user.refreshToken,
    });
    expect(refreshed.json.user.language).toBe('fr');
  });
});
