import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypeSchema, TournamentSchema } from '@tournament/shared';
import { createTestApp, type TestApp } from '../testing/harness.ts';

// GET /api/tournaments and GET /api/event-types: SPEC.md section 3 fields, and the
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
  it('answers every SPEC.md section 3 field and nothing else', async () => {
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
  it('answers the seeded event types in their order with the SPEC.md fields', async () => {
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

describe('public reads revalidate with an ETag (issue 18)', () => {
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

describe("a visitor's public read (issue 18: answered without the middleware chain)", () => {
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
