import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '@tournament/shared';
import { loadConfig } from '../config/env.ts';
import { rateLimits, refreshTokens, users } from '../db/schema.ts';
import { resetForwardedWarning } from '../http/client-address.ts';
import { loggablePath, logger } from '../lib/logger.ts';
import { loggableLink, mailConfigWarning } from '../lib/mailer.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { ACCOUNT_LIMITS, DEVICE_LIMIT, SESSION_ABSOLUTE_MS } from './accounts.ts';
import { DEVICE_COOKIE } from './device-cookies.ts';
import { commonPasswordCount } from './passwords.ts';
import { english } from '../testing/english.ts';

// Accounts and staff access safe on tournament day (decision 018). Each test
// fails on the code before these fixes.

const NOW = '2026-11-22T12:00:00Z';
const DAY = 24 * 60 * 60 * 1000;

function signUp(email: string, password: string, firstName = 'Pat') {
  return {
    firstName,
    lastName: 'Parent',
    email,
    password,
    confirmPassword: password,
    addressLine1: '1 Main Street',
    addressLine2: '',
    city: 'Elliot Lake',
    province: 'ON',
    postalCode: 'P5A 1A1',
    phoneNumber: '7055551234',
  };
}

/** The secret of the last link mailed to `to` (its last path segment). */
function lastSecret(t: TestApp, to: string): string {
  const mail = [...t.sent].reverse().find((m) => m.to === to);
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link mailed to ${to}`);
  return url.split('/').pop() as string;
}

/** The device cookie pair ("name=value") a sign-in answer sets. */
function deviceCookieOf(res: { headers: Headers }): string {
  const set = res.headers.get('set-cookie') ?? '';
  const pair = set.split(';')[0] ?? '';
  expect(pair.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);
  return pair;
}

describe('item 1: an account taken over before its owner signs up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    t.sent.length = 0;
  });

  it("a later sign-up replaces an unverified account's password; only the latest link verifies", async () => {
    const email = 'parent@example.com';
    expect(
      (await t.call('POST', '/api/users/register', signUp(email, 'someone else chose', 'Eve'))).status,
    ).toBe(200);
    const first = lastSecret(t, email);
    expect((await t.call('POST', '/api/users/register', signUp(email, 'the parents own words'))).status).toBe(
      200,
    );
    const second = lastSecret(t, email);

    const stale = await t.call('PUT', '/api/users/register', { hash: first });
    expect(stale.status).toBe(400);
    expect(stale.json.message).toBe(english(USER_MESSAGES.verifyFailed));
    expect((await t.call('PUT', '/api/users/register', { hash: second })).status).toBe(200);

    const parent = await t.call('POST', '/api/users/authenticate', {
      username: email,
      password: 'the parents own words',
    });
    expect(parent.status).toBe(200);
    expect(parent.json.user.firstName).toBe('Pat');
    const other = await t.call('POST', '/api/users/authenticate', {
      username: email,
      password: 'someone else chose',
    });
    expect(other.status).toBe(401);
  });

  it('the first verification ends every session the account had', async () => {
    const email = 'held@example.com';
    expect((await t.call('POST', '/api/users/register', signUp(email, 'held by a stranger'))).status).toBe(
      200,
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('no account');
    // A session the account somehow had before its owner proved the address.
    const token = await t.deps.tokens.signAccess(
      { personId: user.id, roles: ['Customer'], userDisplayName: 'x', tv: user.tokenVersion },
      t.clock.now,
    );
    await t.db.insert(refreshTokens).values({
      userId: user.id,
      family: 'stranger-family',
      tokenHash: 'not-a-real-hash',
      tokenVersion: user.tokenVersion,
      expiresAt: new Date(t.clock.now.getTime() + DAY),
      familyStartedAt: t.clock.now,
    });
    expect((await t.call('GET', '/api/registration/has-completed', undefined, token)).status).toBe(200);

    expect((await t.call('PUT', '/api/users/register', { hash: lastSecret(t, email) })).status).toBe(200);
    expect((await t.call('GET', '/api/registration/has-completed', undefined, token)).status).toBe(401);
    const rows = await t.db.select().from(refreshTokens);
    expect(rows.find((r) => r.family === 'stranger-family')?.revokedAt).toBeTruthy();
  });
});

describe('item 3: staff not locked out on tournament day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    t.sent.length = 0;
  });

  it('a device that signed in before signs in again after 30 wrong passwords from elsewhere', async () => {
    const { user, password } = await t.createUser('CheckInAdmin');
    const first = await t.call('POST', '/api/users/authenticate', { username: user.email, password });
    expect(first.status).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await t.call('POST', '/api/users/authenticate', { username: user.email, password: 'a wrong guess' }))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(
      ACCOUNT_LIMITS.authenticate.account[0],
    );
    expect(statuses.at(-1)).toBe(429);
    // A stranger's browser, even with the right password, waits.
    expect((await t.call('POST', '/api/users/authenticate', { username: user.email, password })).status).toBe(
      429,
    );
    // The tablet does not.
    const again = await t.call(
      'POST',
      '/api/users/authenticate',
      { username: user.email, password },
      undefined,
      {
        Cookie: cookie,
      },
    );
    expect(again.status).toBe(200);
    expect(again.json.user.email).toBe(user.email);
  });

  it('a forged or foreign device cookie is not trusted', async () => {
    const a = await t.createUser('CheckInAdmin');
    const b = await t.createUser('CheckInAdmin');
    const cookieOfB = deviceCookieOf(
      await t.call('POST', '/api/users/authenticate', { username: b.user.email, password: b.password }),
    );
    const forged = `${DEVICE_COOKIE}=${a.user.id}.nonce.forgedsignature`;
    for (let i = 0; i < ACCOUNT_LIMITS.authenticate.account[0]; i++) {
      await t.call('POST', '/api/users/authenticate', { username: a.user.email, password: 'wrong' });
    }
    for (const cookie of [forged, cookieOfB]) {
      const res = await t.call(
        'POST',
        '/api/users/authenticate',
        { username: a.user.email, password: a.password },
        undefined,
        {
          Cookie: cookie,
        },
      );
      expect(res.status).toBe(429);
    }
  });

  it("a trusted device's own wrong passwords stop that device after the limit", async () => {
    const { user, password } = await t.createUser('TournamentDirector');
    const cookie = deviceCookieOf(
      await t.call('POST', '/api/users/authenticate', { username: user.email, password }),
    );
    const headers = { Cookie: cookie };
    for (let i = 0; i < DEVICE_LIMIT[0]; i++) {
      const res = await t.call(
        'POST',
        '/api/users/authenticate',
        { username: user.email, password: 'wrong' },
        undefined,
        headers,
      );
      expect(res.status).toBe(401);
    }
    const locked = await t.call(
      'POST',
      '/api/users/authenticate',
      { username: user.email, password },
      undefined,
      headers,
    );
    expect(locked.status).toBe(429);
    expect(locked.json.message).toBe(english(USER_MESSAGES.tooManyAttempts));
  });

  it("bogus reset attempts naming a user id leave that user's own link working", async () => {
    const { user } = await t.createUser('TournamentDirector');
    expect((await t.call('POST', '/api/users/forgot', { email: user.email })).status).toBe(200);
    const secret = lastSecret(t, user.email);
    for (let i = 0; i < ACCOUNT_LIMITS.reset.account[0] + 2; i++) {
      const res = await t.call('PUT', '/api/users/reset', {
        userId: user.id,
        hash: `bogus${i}`,
        newPassword: 'a guess at nothing',
      });
      expect(res.status).toBe(400);
    }
    const real = await t.call('PUT', '/api/users/reset', {
      userId: user.id,
      hash: secret,
      newPassword: 'my brand new words',
    });
    expect(real.status).toBe(200);
  });

  it('warns once when requests carry X-Forwarded-For and TRUSTED_PROXY is unset', async () => {
    resetForwardedWarning();
    const warn = vi.spyOn(logger, 'warn');
    try {
      await t.call('GET', '/api/health', undefined, undefined, { 'X-Forwarded-For': '203.0.113.9' });
      await t.call('GET', '/api/health', undefined, undefined, { 'X-Forwarded-For': '203.0.113.10' });
      const lines = warn.mock.calls.filter((c) => String(c[0]).includes('TRUSTED_PROXY'));
      expect(lines).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('item 2: link secrets never reach the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('the request log redacts the secret of verification and reset paths', async () => {
    const info = vi.spyOn(logger, 'info');
    try {
      await t.call('GET', '/user/verification/SECRETverify123');
      await t.call('GET', '/user/reset/42/SECRETreset456');
      const logged = JSON.stringify(info.mock.calls);
      expect(logged).toContain('/user/verification/[redacted]');
      expect(logged).toContain('/user/reset/42/[redacted]');
      expect(logged).not.toContain('SECRET');
    } finally {
      info.mockRestore();
    }
  });

  it('the request log redacts them on unusual paths too: doubled slashes, escapes, letter case, a path prefix', async () => {
    const info = vi.spyOn(logger, 'info');
    try {
      for (const path of [
        '//user/verification/SECRETa1',
        '/user//verification/SECRETa2',
        '/user/verification//SECRETa3',
        '/USER/Verification/SECRETa4',
        '/user/verification%2FSECRETa5',
        '/user/%76erification/SECRETa6',
        '/user/verification%252FSECRETa7',
        '/user\\verification\\SECRETa8',
        '/nomac/user/verification/SECRETa9',
        '//user/reset/42/SECRETb1',
        '/user/reset//42//SECRETb2',
        '/nomac/user/reset/42/SECRETb3',
        '/user/reset/SECRETb4',
        '/api/communications/unsubscribe/SECRETc1',
        '/api/communications/unsubscribe%3Ftoken%3DSECRETc2',
      ]) {
        await t.call('GET', path);
      }
      const logged = JSON.stringify(info.mock.calls);
      expect(logged).toContain('"/user/verification/[redacted]"');
      expect(logged).toContain('"/nomac/user/verification/[redacted]"');
      expect(logged).toContain('"/user/reset/42/[redacted]"');
      expect(logged).toContain('"/nomac/user/reset/42/[redacted]"');
      expect(logged).toContain('"/api/communications/unsubscribe/[redacted]"');
      expect(logged).not.toContain('SECRET');
    } finally {
      info.mockRestore();
    }
  });

  it('the dev mailbox log line shows links without their secret', () => {
    expect(loggableLink('http://x.test/user/reset/7/abcDEF')).toBe('http://x.test/user/reset/7/[redacted]');
    expect(loggableLink('http://x.test/user/verification/abcDEF')).toBe(
      'http://x.test/user/verification/[redacted]',
    );
    expect(loggableLink('http://x.test/user/forgot')).toBe('http://x.test/user/forgot');
    expect(loggablePath('/customer/home')).toBe('/customer/home');
    expect(loggablePath('/api/users/reset')).toBe('/api/users/reset');
    expect(loggablePath('/user/reset/42')).toBe('/user/reset/42');
    expect(loggablePath('/api/registration/7')).toBe('/api/registration/7');
  });
});

describe('item 6: the smaller account items', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    t.sent.length = 0;
  });

  it('an /api answer with personal data is not stored by caches', async () => {
    const { token } = await t.createUser('Customer');
    const res = await t.call('GET', '/api/registration/has-completed', undefined, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a session ends 30 days after sign-in however often it is refreshed', async () => {
    const { user, password } = await t.createUser('CheckInAdmin');
    let refreshToken = (await t.call('POST', '/api/users/authenticate', { username: user.email, password }))
      .json.user.refreshToken as string;
    let refreshedAt = 0;
    while (refreshedAt + 6 * DAY < SESSION_ABSOLUTE_MS) {
      t.clock.advance(6 * DAY);
      refreshedAt += 6 * DAY;
      const res = await t.call('POST', '/api/users/refresh', { refreshToken });
      expect(res.status).toBe(200);
      refreshToken = res.json.user.refreshToken;
    }
    t.clock.advance(SESSION_ABSOLUTE_MS - refreshedAt);
    const ended = await t.call('POST', '/api/users/refresh', { refreshToken });
    expect(ended.status).toBe(401);
    expect(ended.json.message).toBe(english(USER_MESSAGES.refreshFailed));
    t.clock.set(NOW);
  });

  it('a common password is refused with a clear message at sign-up and at reset', async () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    const res = await t.call('POST', '/api/users/register', signUp('common@example.com', 'iloveyou'));
    expect(res.status).toBe(400);
    expect(res.json.errors.password).toBe(english(USER_MESSAGES.commonPassword));
    expect(t.sent).toHaveLength(0);

    const { user } = await t.createUser('Customer');
    await t.call('POST', '/api/users/forgot', { email: user.email });
    const reset = await t.call('PUT', '/api/users/reset', {
      userId: user.id,
      hash: lastSecret(t, user.email),
      newPassword: 'Sunshine',
    });
    expect(reset.status).toBe(400);
    expect(reset.json.errors.newPassword).toBe(english(USER_MESSAGES.commonPassword));
  });

  it('production without SMTP_URL starts but says loudly that mail goes to the dev mailbox', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.production).toBe(true);
    expect(mailConfigWarning(config)).toMatch(/SMTP_URL.*dev mailbox/s);
    expect(
      mailConfigWarning(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })),
    ).toBeUndefined();
    expect(mailConfigWarning(loadConfig({}))).toBeUndefined();
  });
});
