import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@tournament/shared';
import { users } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { english } from '../testing/english.ts';

const CLIENT_ID = 'nomac-test.apps.googleusercontent.com';

describe('Google sign-in', () => {
  let t: TestApp;
  let server: http.Server;
  let privateKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      now: '2026-11-22T12:00:00Z',
      config: { googleClientId: CLIENT_ID, googleJwksUrl: `http://127.0.0.1:${port}/certs` },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  function googleToken(claims: Record<string, unknown>, opts: { aud?: string; key?: CryptoKey } = {}) {
    return new SignJWT({ email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(opts.aud ?? CLIENT_ID)
      .setIssuedAt(t.clock.now)
      .setExpirationTime(new Date(t.clock.now.getTime() + 3600_000))
      .sign(opts.key ?? privateKey);
  }

  it('the site settings offer the client id from GOOGLE_CLIENT_ID', async () => {
    expect((await t.call('GET', '/api/settings')).json.googleClientId).toBe(CLIENT_ID);
  });

  it('a verified Google identity with a new e-mail becomes a verified Customer', async () => {
    const credential = await googleToken({ sub: 'g-1', email: 'grace@example.com' });
    const res = await t.call('POST', '/api/users/google-oauth', { credential, clientId: CLIENT_ID });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({
      roles: ['Customer'],
      email: 'grace@example.com',
      userDisplayName: 'Grace Hopper',
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'grace@example.com'));
    expect(row?.verifiedAt).not.toBeNull();
    const again = await t.call('POST', '/api/users/google-oauth', { credential, clientId: CLIENT_ID });
    expect(again.json.user.personId).toBe(res.json.user.personId);
  });

  it('a Google identity links to the account with its e-mail and keeps its roles', async () => {
    const { user } = await t.createUser('CheckInAdmin');
    const credential = await googleToken({ sub: 'g-2', email: user.email.toUpperCase() });
    const res = await t.call('POST', '/api/users/google-oauth', { credential, clientId: CLIENT_ID });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ personId: user.id, roles: ['CheckInAdmin'] });
  });

  it('linking a never-verified account ends its sessions and cancels its verification links (decision 018)', async () => {
    const signUp = {
      firstName: 'Eve',
      lastName: 'Early',
      email: 'claimed@example.com',
      password: 'someone else chose',
      confirmPassword: 'someone else chose',
      addressLine1: '1 Main Street',
      city: 'Elliot Lake',
      province: 'ON',
      postalCode: 'P5A 1A1',
      phoneNumber: '7055551234',
    };
    expect((await t.call('POST', '/api/users/register', signUp)).status).toBe(200);
    const link = [...t.sent]
      .reverse()
      .find((m) => m.to === signUp.email)
      ?.text.match(/https?:\/\/\S+/)?.[0];
    const [before] = await t.db.select().from(users).where(eq(users.email, signUp.email));
    const token = await t.deps.tokens.signAccess(
      { personId: before!.id, roles: ['Customer'], userDisplayName: 'Eve', tv: before!.tokenVersion },
      t.clock.now,
    );

    const credential = await googleToken({ sub: 'g-claim', email: signUp.email });
    expect(
      (await t.call('POST', '/api/users/google-oauth', { credential, clientId: CLIENT_ID })).status,
    ).toBe(200);
    expect((await t.call('GET', '/api/registration/has-completed', undefined, token)).status).toBe(401);
    expect((await t.call('PUT', '/api/users/register', { hash: link?.split('/').pop() })).status).toBe(400);
    const res = await t.call('POST', '/api/users/authenticate', {
      username: signUp.email,
      password: signUp.password,
    });
    expect(res.status).toBe(401);
  });

  it('a token for another client id is refused', async () => {
    const credential = await googleToken({ sub: 'g-3', email: 'x@example.com' }, { aud: 'someone-else' });
    const res = await t.call('POST', '/api/users/google-oauth', { credential, clientId: CLIENT_ID });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(english(USER_MESSAGES.googleFailed));
  });

  it('a token signed by another key is refused', async () => {
    const other = await generateKeyPair('RS256');
    const credential = await googleToken({ sub: 'g-4', email: 'y@example.com' }, { key: other.privateKey });
    expect(
      (await t.call('POST', '/api/users/google-oauth', { credential, clientId: CLIENT_ID })).status,
    ).toBe(401);
  });

  it('an e-mail Google has not verified is refused', async () => {
    const credential = await googleToken({ sub: 'g-5', email: 'z@example.com', email_verified: false });
    const res = await t.call('POST', '/api/users/google-oauth', { credential, clientId: CLIENT_ID });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(english(USER_MESSAGES.googleUnverified));
  });

  it('an expired Google token is refused', async () => {
    const credential = await googleToken({ sub: 'g-6', email: 'old@example.com' });
    t.clock.advance(2 * 3600_000);
    try {
      expect(
        (await t.call('POST', '/api/users/google-oauth', { credential, clientId: CLIENT_ID })).status,
      ).toBe(401);
    } finally {
      t.clock.set('2026-11-22T12:00:00Z');
    }
  });
});

describe('Google sign-in without a client id', () => {
  it('is refused as not available, and the settings offer no client id', async () => {
    const t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    try {
      expect((await t.call('GET', '/api/settings')).json.googleClientId).toBe('');
      const res = await t.call('POST', '/api/users/google-oauth', {
        credential: 'a.b.c',
        clientId: 'anything',
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(english(USER_MESSAGES.googleUnavailable));
    } finally {
      await t.close();
    }
  });
});
