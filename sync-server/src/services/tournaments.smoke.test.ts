import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';

describe('public reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  });
  afterAll(() => t.close());

  it('lists the seeded tournament with registration open', async () => {
    const res = await t.call('GET', '/api/tournaments');
    expect(res.status).toBe(200);
    expect(res.json[0]).toMatchObject({ city: 'Elliot Lake', isRegistrationOpen: true, isTournamentToday: false });
  });
});
