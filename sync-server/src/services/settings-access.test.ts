import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS, MESSAGES } from '@tournament/shared';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { english } from '../testing/english.ts';

// docs/product.md §6: settings are SuperAdmin only. Every settings route of the role table
// is tried as a visitor (401), a Customer, a CheckInAdmin and a TournamentDirector (403).
// (Other /api/admin routes, the staff desk of decisions 013 and 014, have wider roles:
// route-matrix.test.ts.)
const SETTINGS_PATH =
  /^\/api\/admin\/(tournaments|event-types|competitor-levels|events|divisions|site-settings|audit-log)(\/|$)/;
const ADMIN_ROUTES = Object.keys(API_ACCESS)
  .filter((key) => SETTINGS_PATH.test(key.split(' ')[1] ?? ''))
  .map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, url: path.replace('{id}', '1') };
  });

describe('settings permissions', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    for (const role of ['Customer', 'CheckInAdmin', 'TournamentDirector', 'SuperAdmin'] as const) {
      tokens[role] = (await t.createUser(role)).token;
    }
  });
  afterAll(() => t.close());

  it('the role table lists every settings route as SuperAdmin only', () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(28);
    for (const { key } of ADMIN_ROUTES)
      expect(API_ACCESS[key as keyof typeof API_ACCESS]).toEqual(['SuperAdmin']);
  });

  it.each(ADMIN_ROUTES)(
    '$key: a visitor gets 401 with the authentication message',
    async ({ method, url }) => {
      const res = await t.call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: english(MESSAGES.needsAuthentication) });
    },
  );

  it.each(ADMIN_ROUTES)(
    '$key: Customer, CheckInAdmin and TournamentDirector get 403',
    async ({ method, url }) => {
      for (const role of ['Customer', 'CheckInAdmin', 'TournamentDirector']) {
        const res = await t.call(
          method,
          url,
          method === 'GET' || method === 'DELETE' ? undefined : {},
          tokens[role],
        );
        expect(res.status, role).toBe(403);
        expect(res.json).toEqual({ message: english(MESSAGES.noPermission) });
      }
    },
  );

  it('a SuperAdmin gets through to every settings read', async () => {
    for (const { method, url } of ADMIN_ROUTES.filter((r) => r.method === 'GET')) {
      expect((await t.call(method, url, undefined, tokens.SuperAdmin)).status, url).toBe(200);
    }
  });

  it('odd input is refused as bad input, never a server error', async () => {
    const day = {
      tournamentDate: '0003-01-03',
      registrationOpensOn: '0003-01-01',
      registrationClosesAfter: '0003-01-02',
    };
    const tournament = {
      ...day,
      competitorOnlineCost: 1,
      competitorDoorCost: 1,
      spectatorCost: 1,
      lunchCost: 1,
      city: 'A',
      venue: 'B',
    };
    const cases: [string, string, unknown][] = [
      ['POST', '/api/admin/tournaments', tournament],
      [
        'POST',
        '/api/admin/tournaments',
        {
          ...tournament,
          ...{
            tournamentDate: '2027-11-20',
            registrationOpensOn: '2027-08-01',
            registrationClosesAfter: '2027-11-13',
          },
          city: 'a\u0000b',
        },
      ],
      ['POST', '/api/admin/competitor-levels', { name: 'x\u0000' }],
      ['POST', '/api/admin/events/reorder', { ids: [2147483648] }],
      ['PUT', '/api/admin/tournaments/2147483648', tournament],
      ['GET', '/api/admin/audit-log?entityId=99999999999', undefined],
    ];
    for (const [method, url, body] of cases) {
      const res = await t.call(method, url, body, tokens.SuperAdmin);
      expect(res.status, `${method} ${url}`).toBe(400);
    }
  });

  it('the OpenAPI document marks every settings route SuperAdmin only', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json;
    for (const { method, key } of ADMIN_ROUTES) {
      const path = key.split(' ')[1]!;
      expect(doc.paths[path]?.[method.toLowerCase()]?.['x-roles'], key).toEqual(['SuperAdmin']);
    }
  });
});
