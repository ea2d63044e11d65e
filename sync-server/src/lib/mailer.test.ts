import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devMailbox } from '../db/schema.ts';
import { unsubscribeUrl } from '../services/unsubscribe.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { logger } from './logger.ts';
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

describe("the dev mailer's log line", () => {
  // A site served below a path: every mailed link starts with it.
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({
      now: '2026-11-22T12:00:00Z',
      config: { publicUrl: 'http://venue.test/nomac' },
    });
  });
  afterAll(() => site.close());

  it('shows the links of verification, reset and unsubscribe mails without their secrets', async () => {
    const email = 'kim.lee@example.com';
    const signUp = await site.call('POST', '/api/users/register', {
      firstName: 'Kim',
      lastName: 'Lee',
      email,
      password: 'a long enough password',
      confirmPassword: 'a long enough password',
      addressLine1: '1 Main Street',
      addressLine2: '',
      city: 'Elliot Lake',
      province: 'ON',
      postalCode: 'P5A 1A1',
      phoneNumber: '7055551234',
    });
    expect(signUp.status).toBe(200);
    const verification = site.sent.at(-1)!;
    const secrets = [verification.text.match(/\/user\/verification\/(\S+)/)![1]!];
    const { user } = await site.createUser('Customer', { email: 'pat@example.com' });
    expect((await site.call('POST', '/api/users/forgot', { email: user.email })).status).toBe(200);
    const reset = site.sent.at(-1)!;
    secrets.push(reset.text.match(/\/user\/reset\/\d+\/(\S+)/)![1]!);
    const unsubscribe = await unsubscribeUrl(site.deps, email);
    secrets.push(new URL(unsubscribe).searchParams.get('token')!);

    const mailer = createMailer({
      smtpUrl: undefined,
      db: site.db,
      from: async () => 'NOMAC <info@nomac.example>',
    });
    const info = vi.spyOn(logger, 'info');
    try {
      await mailer.send(verification);
      await mailer.send(reset);
      await mailer.send({ to: email, subject: 'News', text: `Unsubscribe: ${unsubscribe}` });
      const links = info.mock.calls.flatMap(([line]) => (line as { links?: string[] }).links ?? []);
      expect(links).toEqual([
        'http://venue.test/nomac/user/verification/[redacted]',
        `http://venue.test/nomac/user/reset/${user.id}/[redacted]`,
        'http://venue.test/nomac/api/communications/unsubscribe',
      ]);
      const logged = JSON.stringify(info.mock.calls);
      for (const secret of secrets) expect(logged).not.toContain(secret);
    } finally {
      info.mockRestore();
      mailer.close();
    }
  });
});
