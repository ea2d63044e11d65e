import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSmsOutbox } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { createSmsSender } from './sms.ts';

// Decision 024: without TWILIO_* each SMS goes to the dev SMS outbox a SuperAdmin reads (as mail
// does to the dev mailbox without SMTP_URL). Runs on PGlite, and on PostgreSQL with DATABASE_URL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('SMS without Twilio', () => {
  it('keeps each SMS in the dev SMS outbox, newest first, readable by a SuperAdmin only', async () => {
    const sms = createSmsSender({ twilio: undefined, db: t.db });
    const first = await sms.send('+17055550101', 'Your division is up soon in Ring 1.');
    const second = await sms.send('+17055550102', 'Divisions are published.');
    expect(first.providerId).toMatch(/^dev-\d+$/);
    expect(second.providerId).not.toBe(first.providerId);
    expect(await t.db.select().from(devSmsOutbox)).toHaveLength(2);

    const outbox = '/api/dev/sms-outbox';
    expect((await t.call('GET', outbox)).status).toBe(401);
    for (const role of ['Customer', 'CheckInAdmin', 'TournamentDirector'] as const) {
      const someone = await t.createUser(role);
      const refused = await t.call('GET', outbox, undefined, someone.token);
      expect(refused.status, role).toBe(403);
      expect(refused.json, role).toEqual({ message: expect.any(String) });
      expect(refused.text, role).not.toContain('7055550101');
    }

    const admin = await t.createUser('SuperAdmin');
    const res = await t.call('GET', outbox, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        id: expect.any(Number),
        to: '+17055550102',
        body: 'Divisions are published.',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      {
        id: expect.any(Number),
        to: '+17055550101',
        body: 'Your division is up soon in Ring 1.',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
  });
});
