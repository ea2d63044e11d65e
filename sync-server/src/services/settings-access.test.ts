import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS, MESSAGES } from '@tournament/shared';
import { createTestApp, type TestApp } from '../testing/harness.ts';

// SPEC.md section 6: settings are SuperAdmin only. Every /api/admin route of the role table
// is tried as a visitor (401), a Customer, a CheckInAdmin and a TournamentDirector (403).
const ADMIN_ROUTES = Object.keys(API_ACCESS)
  .filter((key) => key.includes(' /api/admin/'))
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
      expect(res.json).toEqual({ message: MESSAGES.needsAuthentication });
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
        expect(res.json).toEqual({ message: MESSAGES.noPermission });
      }
    },
  );

  it('a SuperAdmin gets through to every settings read', async () => {
    for (const { method, url } of ADMIN_ROUTES.filter((r) => r.method === 'GET')) {
      expect((await t.call(method, url, undefined, tokens.SuperAdmin)).status, url).toBe(200);
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
