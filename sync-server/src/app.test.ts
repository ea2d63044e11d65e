import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@tournament/shared';
import { BODY_LIMIT_BYTES } from './app.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';
import { english } from './testing/english.ts';

// docs/product.md §8 shape, the 404 for unknown /api paths, security headers, health.

let t: TestApp;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>NOMAC</title><div id="root"></div>',
);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-02-01T12:00:00Z', config: { webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** Exactly `{message: string}` or `{errors: {field: string}}` (docs/product.md §8). */
function expectErrorShape(json: unknown) {
  expect(json).toBeTypeOf('object');
  const keys = Object.keys(json as object);
  expect(keys.length).toBe(1);
  if (keys[0] === 'message') {
    expect((json as { message: unknown }).message).toBeTypeOf('string');
  } else {
    expect(keys[0]).toBe('errors');
    const errors = (json as { errors: Record<string, unknown> }).errors;
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    for (const v of Object.values(errors)) expect(v).toBeTypeOf('string');
  }
}

describe('error shape (docs/product.md §8)', () => {
  it('answers 400 {errors:{field:message}} for invalid input', async () => {
    const res = await t.call('PUT', '/api/email/contactUs', { firstName: 'Kim' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expectErrorShape(res.json);
    expect(res.json.errors).toEqual({
      lastName: english(MESSAGES.required),
      email: english(MESSAGES.required),
      message: english(MESSAGES.required),
    });
  });

  it('answers 400 in the same shape for a body that is not JSON', async () => {
    const res = await t.call('PUT', '/api/email/contactUs', '{not json', undefined, {
      'Content-Type': 'application/json',
    });
    expect(res.status).toBe(400);
    expectErrorShape(res.json);
  });

  it('answers 400, not 500, for a field holding an object whose length cannot be compared', async () => {
    // zod 4.6 runs length checks on such values and throws inside them (lib/errors.ts).
    const res = await t.call('PUT', '/api/email/contactUs', {
      firstName: { length: { toString: null } },
      lastName: 'Lavoie',
      email: 'kim@example.com',
      message: 'Hello',
    });
    expect(res.status).toBe(400);
    expectErrorShape(res.json);
  });

  it('answers 401 {message} with the authentication text to a visitor on a staff route', async () => {
    const res = await t.call('GET', '/api/dev/mailbox');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: english(MESSAGES.needsAuthentication) });
  });

  it('treats a forged or expired token as a visitor (401 on a staff route)', async () => {
    const { token } = await t.createUser('SuperAdmin');
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await t.call('GET', '/api/dev/mailbox', undefined, forged)).status).toBe(401);
    t.clock.advance(16 * 60 * 1000);
    const expired = await t.call('GET', '/api/dev/mailbox', undefined, token);
    t.clock.advance(-16 * 60 * 1000);
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual({ message: english(MESSAGES.needsAuthentication) });
  });

  it('answers 403 {message} with the permission text to a signed-in caller without the role', async () => {
    const { token } = await t.createUser('Customer');
    const res = await t.call('GET', '/api/dev/mailbox', undefined, token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: english(MESSAGES.noPermission) });
  });

  it.each(['/api/nothing-here', '/api/tournaments/extra/segments', '/api/', '/sync/unknown'])(
    'answers 404 {message} JSON for the unknown path %s, never the web app',
    async (url) => {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const res = await t.call(method, url);
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/application\/json/);
        expect(res.text).not.toMatch(/<!doctype html>/i);
        expect(res.json).toEqual({ message: 'The requested resource was not found' });
      }
    },
  );

  it('answers 413 {message} for a body over the limit', async () => {
    const big = JSON.stringify({
      firstName: 'Kim',
      lastName: 'Lavoie',
      email: 'kim@example.com',
      message: 'x'.repeat(BODY_LIMIT_BYTES + 10),
    });
    const res = await t.call('PUT', '/api/email/contactUs', big, undefined, {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(big)),
    });
    expect(res.status).toBe(413);
    expectErrorShape(res.json);
    expect(res.json.message).toBe('The request is too large.');
  });

  it('answers 500 {message} with the generic text when something breaks, without details', async () => {
    const broken = await createTestApp();
    try {
      // A fault of the server's own (a table missing), not an outage: that one answers 503.
      await broken.database.execScript('drop table site_settings cascade');
      const res = await broken.call('GET', '/api/settings');
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ message: english(MESSAGES.somethingWrong(500)) });
    } finally {
      await broken.close().catch(() => {});
    }
  });
});

describe('security headers on every response', () => {
  const expectSecurityHeaders = (h: Headers) => {
    const csp = h.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(h.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(h.get('x-frame-options')).toBe('DENY');
  };

  it.each([
    ['an /api read', 'GET', '/api/tournaments', 200],
    ['an /api error', 'GET', '/api/dev/mailbox', 401],
    ['an unknown /api path', 'GET', '/api/unknown', 404],
    ['a web path (SPA fallback)', 'GET', '/customer/home', 200],
    ['the web root', 'GET', '/', 200],
  ] as const)('on %s', async (_what, method, url, status) => {
    const res = await t.call(method, url);
    expect(res.status).toBe(status);
    expectSecurityHeaders(res.headers);
  });

  it('serves the web app (HTML) for web paths', async () => {
    const res = await t.call('GET', '/info/events');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toMatch(/<div id="root">/);
  });

  it('gives every response a request id', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers.get('x-request-id')).toMatch(/\S+/);
  });
});

describe('GET /api/health', () => {
  it('answers 200 {status:"ok"} while the database answers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('answers 503 {message} once the database is unreachable', async () => {
    const down = await createTestApp();
    try {
      await down.database.close();
      const res = await down.call('GET', '/api/health');
      expect(res.status).toBe(503);
      expectErrorShape(res.json);
    } finally {
      await down.close().catch(() => {});
    }
  });
});
