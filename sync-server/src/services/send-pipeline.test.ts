import { until } from '../testing/until.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageRecipients, unsubscribes } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../testing/twilio-stand-in.ts';
import { enqueueMessage, sendMessage } from './send-pipeline.ts';

// The send pipeline (decision 024): each recipient once, whatever runs the job and how often.

async function statuses(t: TestApp, messageId: number) {
  const rows = await t.db
    .select({ address: messageRecipients.address, status: messageRecipients.status })
    .from(messageRecipients)
    .where(eq(messageRecipients.messageId, messageId));
  return Object.fromEntries(rows.map((r) => [r.address, r.status]));
}

describe('e-mail through the job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.deps.jobs.start();
  });
  afterAll(() => t.close());

  it('sends each address once, with an unsubscribe link and header, and skips the unsubscribed', async () => {
    await t.db.insert(unsubscribes).values({ channel: 'email', address: 'gone@example.com', source: 'link' });
    const { messageId, created } = await enqueueMessage(t.deps, {
      tournamentId: null,
      kind: 'communication',
      channel: 'email',
      subject: 'Hello',
      body: 'See you Saturday.',
      recipients: [
        { address: 'Ana@Example.com', name: 'Ana' },
        { address: 'ana@example.com', name: 'Ana again' },
        { address: 'gone@example.com' },
        { address: 'ben@example.com', body: 'See you Saturday, Ben.' },
      ],
    });
    expect(created).toBe(true);
    await until(async () => !Object.values(await statuses(t, messageId)).includes('queued'), 'the send');
    await until(async () => !Object.values(await statuses(t, messageId)).includes('sending'), 'the send');
    expect(await statuses(t, messageId)).toEqual({
      'ana@example.com': 'sent',
      'ben@example.com': 'sent',
      'gone@example.com': 'unsubscribed',
    });
    expect(t.sent.map((m) => m.to).sort()).toEqual(['ana@example.com', 'ben@example.com']);
    const ben = t.sent.find((m) => m.to === 'ben@example.com')!;
    expect(ben.text).toContain('See you Saturday, Ben.');
    const link = /unsubscribe: (\S+)/.exec(ben.text)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/communications\/unsubscribe\?token=/);
    expect(ben.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
  });

  it('makes a message once per dedupe key, however often it is enqueued', async () => {
    const message = {
      tournamentId: null,
      kind: 'notice',
      channel: 'email' as const,
      subject: 'Up soon',
      body: 'Your division is up soon.',
      recipients: [{ address: 'cy@example.com' }],
      dedupeKey: 'test:up-soon:1',
    };
    const [a, b] = await Promise.all([enqueueMessage(t.deps, message), enqueueMessage(t.deps, message)]);
    expect(a!.messageId).toBe(b!.messageId);
    expect([a!.created, b!.created].sort()).toEqual([false, true]);
    const again = await enqueueMessage(t.deps, message);
    expect(again).toEqual({ messageId: a!.messageId, created: false });
    await until(async () => (await statuses(t, a!.messageId))['cy@example.com'] === 'sent', 'the send');
    expect(t.sent.filter((m) => m.to === 'cy@example.com')).toHaveLength(1);
  });
});

describe('SMS through the twilio SDK', () => {
  let t: TestApp;
  let twilio: TwilioStandIn;
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    t = await createTestApp({
      config: {
        twilio: {
          accountSid: twilio.accountSid,
          authToken: twilio.authToken,
          from: twilio.from,
          apiBase: twilio.url,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  it('sends each number once when the same job runs twice at once, and records the refusal', async () => {
    twilio.refuse.add('+17055550102');
    const { messageId } = await enqueueMessage(t.deps, {
      tournamentId: null,
      kind: 'communication',
      channel: 'sms',
      body: 'Ring 2 is running late.',
      recipients: [{ address: '7055550101' }, { address: '+17055550102' }, { address: '705-555-0103' }],
    });
    // At-least-once delivery, or two servers: the same job twice, concurrently.
    await Promise.all([sendMessage(t.deps, messageId), sendMessage(t.deps, messageId)]);
    expect(await statuses(t, messageId)).toEqual({
      '+17055550101': 'sent',
      '+17055550102': 'failed',
      '+17055550103': 'sent',
    });
    expect(twilio.received.map((s) => s.to).sort()).toEqual(['+17055550101', '+17055550103']);
    expect(twilio.received[0]!.body).toBe('Ring 2 is running late.\nReply STOP to stop these messages.');
    const [refused] = await t.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.address, '+17055550102'));
    expect(refused!.failureReason).toBe('Attempt to send to unsubscribed recipient');
    const [sent] = await t.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.address, '+17055550101'));
    expect(sent!.providerId).toBe(twilio.received.find((s) => s.to === '+17055550101')!.sid);
  });
});
