import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { createMailer } from './mailer.ts';

// Without SMTP_URL each mail goes to the log and to the dev mailbox a SuperAdmin reads.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mail without SMTP_URL', () => {
  it('keeps each mail in the dev mailbox, readable by a SuperAdmin only', async () => {
    const mailer = createMailer({
      smtpUrl: undefined,
      db: t.db,
      from: async () => 'NOMAC <info@nomac.example>',
    });
    await mailer.send({
      to: 'kim@example.com',
      subject: 'Verify your account',
      text: 'Open http://localhost:3000/user/verify#abc to verify.',
      html: '<p>Open the link</p>',
    });
    mailer.close();

    const rows = await t.db.select().from(devMailbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      toAddress: 'kim@example.com',
      subject: 'Verify your account',
      htmlBody: '<p>Open the link</p>',
    });

    expect((await t.call('GET', '/api/dev/mailbox')).status).toBe(401);
    const customer = await t.createUser('Customer');
    expect((await t.call('GET', '/api/dev/mailbox', undefined, customer.token)).status).toBe(403);
    const director = await t.createUser('TournamentDirector');
    expect((await t.call('GET', '/api/dev/mailbox', undefined, director.token)).status).toBe(403);

    const admin = await t.createUser('SuperAdmin');
    const res = await t.call('GET', '/api/dev/mailbox', undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        id: expect.any(Number),
        to: 'kim@example.com',
        subject: 'Verify your account',
        text: 'Open http://localhost:3000/user/verify#abc to verify.',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
  });
});
