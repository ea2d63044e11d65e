import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EventTypeSchema, TournamentSchema } from '@tournament/shared';
import { logger } from '../lib/logger.ts';
import { PUBLIC_READ_SAMPLE } from '../lib/request-log.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { until } from '../testing/until.ts';

// GET /api/tournaments and GET /api/event-types: docs/product.md §3 fields, and the
// section 4 flags computed per request in UTC (the cache keeps the stored rows only).

let t: TestApp;
beforeAll(async () => {
  // The seed opens registration on the seeding day and schedules a Saturday ~90 days out.
  t = await createTestApp({ now: '2026-01-10T12:00:00.000Z' });
});
afterAll(() => t.close());

async function flagsAt(iso: string) {
  t.clock.set(iso);
  const res = await t.call('GET', '/api/tournaments');
  expect(res.status).toBe(200);
  const [first] = res.json as {
    isTournamentToday: boolean;
    isRegistrationOpen: boolean;
    isRegistrationOpenSoon: boolean;
  }[];
  return (
    first && {
      today: first.isTournamentToday,
      open: first.isRegistrationOpen,
      soon: first.isRegistrationOpenSoon,
    }
  );
}

describe('GET /api/tournaments', () => {
  it('answers every docs/product.md §3 field and nothing else', async () => {
    const res = await t.call('GET', '/api/tournaments');
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(TournamentSchema.strict().parse(res.json[0])).toEqual(res.json[0]);
    expect(res.json[0].schedule.length).toBeGreaterThan(0);
  });

  it('moves through soon, open, closed and tournament day at UTC midnights', async () => {
    t.clock.set('2026-01-10T12:00:00.000Z');
    const [tour] = (await t.call('GET', '/api/tournaments')).json as {
      tournamentDate: string;
      registrationOpensOn: string;
      registrationClosesAfter: string;
    }[];
    expect(tour?.registrationOpensOn).toBe('2026-01-10');
    const { tournamentDate, registrationClosesAfter } = tour!;
    const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

    expect(await flagsAt('2026-01-09T23:59:59.999Z')).toEqual({ today: false, open: false, soon: true });
    expect(await flagsAt('2026-01-10T00:00:00.000Z')).toEqual({ today: false, open: true, soon: false });
    expect(await flagsAt(`${registrationClosesAfter}T23:59:59.999Z`)).toEqual({
      today: false,
      open: true,
      soon: false,
    });
    expect(await flagsAt(dayAfter(registrationClosesAfter))).toEqual({
      today: false,
      open: false,
      soon: false,
    });
    expect(await flagsAt(`${tournamentDate}T00:00:00.000Z`)).toEqual({
      today: true,
      open: false,
      soon: false,
    });
    expect(await flagsAt(`${tournamentDate}T23:59:59.999Z`)).toEqual({
      today: true,
      open: false,
      soon: false,
    });
    expect(await flagsAt(dayAfter(tournamentDate))).toEqual({ today: false, open: false, soon: false });
  });
});

describe('GET /api/event-types', () => {
  it('answers the seeded event types in their order with the docs/product.md fields', async () => {
    const res = await t.call('GET', '/api/event-types');
    expect(res.status).toBe(200);
    expect(res.json.map((e: { title: string }) => e.title)).toEqual([
      'Forms',
      'Sparring',
      'Weapons',
      'Self-Defense',
    ]);
    for (const e of res.json) expect(EventTypeSchema.strict().parse(e)).toEqual(e);
  });
});

describe('public reads revalidate with an ETag (decision 020)', () => {
  it('a browser holding the current answer gets 304 without a body; after a change, the new answer', async () => {
    const admin = await t.createUser('SuperAdmin');
    const first = await t.call('GET', '/api/event-types');
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const again = await t.call('GET', '/api/event-types', undefined, undefined, { 'If-None-Match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const [forms] = first.json as { id: number; title: string; description: string; showOnHomepage: boolean }[];
    const list = (await t.call('GET', '/api/admin/event-types', undefined, admin.token)).json as Record<string, unknown>[];
    const stored = list.find((e) => e.id === forms?.id);
    const changed = await t.call(
      'PUT',
      `/api/admin/event-types/${forms?.id}`,
      { ...stored, description: 'Changed for the ETag test' },
      admin.token,
    );
    expect(changed.status).toBe(200);
    const after = await t.call('GET', '/api/event-types', undefined, undefined, { 'If-None-Match': etag ?? '' });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.text).toContain('Changed for the ETag test');
  });
});

describe("a visitor's public read (decision 020: answered without the middleware chain)", () => {
  it('answers with the same headers and body as the chain does for a signed-in caller', async () => {
    const customer = await t.createUser('Customer');
    const headersOf = (h: Headers) => {
      const out: Record<string, string> = {};
      h.forEach((v, k) => {
        if (k !== 'x-request-id') out[k] = v;
      });
      return out;
    };
    for (const path of ['/api/tournaments', '/api/event-types', '/api/settings']) {
      await t.call('GET', path); // the first visitor's read goes through the chain
      const visitor = await t.call('GET', path);
      const signedIn = await t.call('GET', path, undefined, customer.token);
      expect(visitor.status).toBe(200);
      expect(visitor.text).toBe(signedIn.text);
      expect(headersOf(visitor.headers)).toEqual(headersOf(signedIn.headers));
      expect(visitor.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(visitor.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    }
  });

  it('a read carrying a token, even a forged one, goes through the chain and answers as before', async () => {
    const visitor = await t.call('GET', '/api/tournaments');
    const forged = await t.call('GET', '/api/tournaments', undefined, 'not-a-token');
    expect(forged.status).toBe(200);
    expect(forged.text).toBe(visitor.text);
  });
});

describe("a visitor's public read with the cache warm (decision 020: answered ahead of the router)", () => {
  afterEach(() => vi.restoreAllMocks());

  const url = (path: string) => `http://localhost${path}`;
  /** The app's answer when it came ahead of the router: a Response, not a Promise of one. */
  function ahead(path: string, init: RequestInit = {}): Response {
    const res = t.app.fetch(new Request(url(path), init));
    expect(res, `${init.method ?? 'GET'} ${path} was not answered ahead of the router`).toBeInstanceOf(Response);
    return res as Response;
  }
  /** The app's answer through the router and its middleware. */
  async function routed(path: string, init: RequestInit = {}): Promise<Response> {
    const res = t.app.fetch(new Request(url(path), init));
    expect(res, `${init.method ?? 'GET'} ${path} was answered ahead of the router`).toBeInstanceOf(Promise);
    return res;
  }
  const headersOf = (res: Response) => {
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (k !== 'x-request-id' && k !== 'date') out[k] = v;
    });
    return out;
  };
  const paths = ['/api/tournaments', '/api/event-types', '/api/settings'];

  it('answers GET and HEAD with the status, headers and body the chain gives a signed-in caller', async () => {
    const customer = await t.createUser('Customer');
    const auth = { Authorization: `Bearer ${customer.token}` };
    for (const path of paths) {
      await t.call('GET', path); // the chain's headers are known, the cache warm
      for (const method of ['GET', 'HEAD']) {
        const visitor = ahead(path, { method });
        const signedIn = await routed(path, { method, headers: auth });
        expect(visitor.status).toBe(200);
        expect(signedIn.status).toBe(200);
        expect(headersOf(visitor)).toEqual(headersOf(signedIn));
        expect(await visitor.text()).toBe(await signedIn.text());
      }
      expect(await ahead(path, { method: 'HEAD' }).text()).toBe('');
    }
  });

  it('answers 304 without a body to a browser holding the current version', async () => {
    const first = ahead('/api/event-types');
    const etag = first.headers.get('etag') ?? '';
    const again = ahead('/api/event-types', { headers: { 'If-None-Match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-type')).toBeNull();
    expect(again.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(ahead('/api/event-types', { headers: { 'If-None-Match': '"other"' } }).status).toBe(200);
  });

  it('echoes a well-formed X-Request-Id and replaces any other', () => {
    expect(ahead('/api/settings', { headers: { 'X-Request-Id': 'abc-123' } }).headers.get('x-request-id')).toBe('abc-123');
    const bad = ahead('/api/settings', { headers: { 'X-Request-Id': 'not valid!' } }).headers.get('x-request-id');
    expect(bad).not.toBe('not valid!');
    expect(bad).toMatch(/^[\w-]+$/);
  });

  it('answers a path with a query as its route does, and leaves a path the route does not match to the app', async () => {
    const plain = ahead('/api/tournaments');
    const query = ahead('/api/tournaments?x=1');
    expect(await query.text()).toBe(await plain.text());
    expect((await routed('/api/tournaments/')).status).toBe(404);
    expect((await routed('/api/tournaments/x')).status).toBe(404);
    expect((await routed('/api/tournaments', { method: 'POST' })).status).toBe(404);
  });

  it('logs one line per PUBLIC_READ_SAMPLE answers, with the count it stands for', () => {
    const info = vi.spyOn(logger, 'info');
    for (let i = 0; i < PUBLIC_READ_SAMPLE; i++) ahead('/api/event-types', { method: i % 2 ? 'HEAD' : 'GET' });
    const lines = info.mock.calls.filter(([entry]) => (entry as { path?: string }).path === '/api/event-types');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.[0]).toMatchObject({ path: '/api/event-types', status: 200, sampled: PUBLIC_READ_SAMPLE });
  });

  it('warns once that X-Forwarded-For is ignored without TRUSTED_PROXY', () => {
    const warn = vi.spyOn(logger, 'warn');
    ahead('/api/settings', { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('TRUSTED_PROXY'));
  });

  it('after a settings change answers the new settings with a new ETag, never the old ones', async () => {
    const admin = await t.createUser('SuperAdmin');
    const before = ahead('/api/settings');
    const etag = before.headers.get('etag') ?? '';
    const current = (await t.call('GET', '/api/admin/site-settings', undefined, admin.token)).json;
    const saved = await t.call(
      'PUT',
      '/api/admin/site-settings',
      { ...current, venueName: 'The new hall' },
      admin.token,
    );
    expect(saved.status).toBe(200);
    // The change dropped the cached settings: this read loads them again through the app.
    const after = await routed('/api/settings', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(((await after.json()) as { venueName: string }).venueName).toBe('The new hall');
    // Then ahead of the router again. On PostgreSQL this server also hears its own NOTIFY and
    // drops the key once more, so a read or two may go through the app first: every answer on
    // the way has the new settings.
    await until(async () => {
      const res = t.app.fetch(new Request(url('/api/settings'), { headers: { 'If-None-Match': etag } }));
      const next = await res;
      expect(next.status).toBe(200);
      expect(((await next.json()) as { venueName: string }).venueName).toBe('The new hall');
      return res instanceof Response;
    }, 'the settings read answered ahead of the router again', 10);
  });

  it('leaves a read carrying credentials to the chain, whose steps still apply', async () => {
    // UserContext without a signed-in director: the impersonation step refuses it.
    const impersonating = await routed('/api/tournaments', { headers: { UserContext: '1' } });
    expect(impersonating.status).toBe(403);
    expect(await impersonating.text()).toContain('Only a tournament director or super admin');
    // A forged token is no caller: the read is answered as to a visitor, through the chain.
    const forged = await routed('/api/tournaments', { headers: { Authorization: 'Bearer not-a-token' } });
    expect(forged.status).toBe(200);
    expect(await forged.text()).toBe(await ahead('/api/tournaments').text());
  });
});
