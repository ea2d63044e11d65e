import { until } from '../testing/until.ts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageRecipients } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import { startMailCatcher, type MailCatcher } from '../testing/mail-catcher.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../testing/twilio-stand-in.ts';
import { enqueueMessage, registerSendPipeline } from './send-pipeline.ts';

const untilLong = (done: () => Promise<boolean>, what: string) => until(done, what, 180);

// Decision 024: a restart in the middle of a send to 500 recipients sends each message exactly once,
// and two server processes working the same queue never send one twice. Counted at the real SMTP
// server the mailer talks to, and at the stand-in the real twilio SDK talks to.

const N = 500;

let t: TestApp;
let mail: MailCatcher;
let twilio: TwilioStandIn;
const runners: JobQueue[] = [];

/** A job runner as one server process has it: its own pg-boss instance and workers. */
function runner(): { deps: Deps; jobs: JobQueue } {
  const jobs = createJobQueue(t.database, { pollingIntervalSeconds: 0.5 });
  const deps: Deps = { ...t.deps, jobs };
  registerSendPipeline(deps);
  runners.push(jobs);
  return { deps, jobs };
}

beforeAll(async () => {
  mail = await startMailCatcher();
  twilio = await startTwilioStandIn();
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${mail.port}`,
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
  for (const r of runners) await r.stop();
  await t.close();
  await mail.close();
  await twilio.close();
});

async function sentCount(messageId: number) {
  const [row] = await t.db
    .select({ n: count() })
    .from(messageRecipients)
    .where(eq(messageRecipients.messageId, messageId))
    .groupBy(messageRecipients.status)
    .having(eq(messageRecipients.status, 'sent'));
  return Number(row?.n ?? 0);
}

describe('a restart in the middle of a send to 500 recipients', () => {
  it('sends each e-mail and each SMS exactly once, across a restart and two processes', async () => {
    const first = runner();
    await first.jobs.start();
    const emailMessage = await enqueueMessage(first.deps, {
      tournamentId: null,
      kind: 'communication',
      channel: 'email',
      subject: 'Schedule change',
      body: 'Forms now start at 9:30.',
      recipients: Array.from({ length: N }, (_, i) => ({ address: `family${i}@example.com` })),
    });
    const smsMessage = await enqueueMessage(first.deps, {
      tournamentId: null,
      kind: 'communication',
      channel: 'sms',
      body: 'Forms now start at 9:30.',
      recipients: Array.from({ length: N }, (_, i) => ({ address: `+1705600${String(i).padStart(4, '0')}` })),
    });

    // The first process stops (SIGTERM) with the sends well under way.
    await untilLong(async () => (await sentCount(emailMessage.messageId)) >= 50, '50 e-mails sent');
    await first.jobs.stop();
    const beforeRestart = await sentCount(emailMessage.messageId);
    expect(beforeRestart).toBeLessThan(N);

    // The server comes back as two processes over the same database.
    const [second, third] = [runner(), runner()];
    await Promise.all([second.jobs.start(), third.jobs.start()]);
    await untilLong(
      async () =>
        (await sentCount(emailMessage.messageId)) === N && (await sentCount(smsMessage.messageId)) === N,
      'every recipient sent',
    );

    const mailsTo = new Map<string, number>();
    for (const m of mail.messages) {
      const to = Array.isArray(m.to) ? m.to[0]?.text : m.to?.text;
      mailsTo.set(to ?? '', (mailsTo.get(to ?? '') ?? 0) + 1);
    }
    expect(mailsTo.size).toBe(N);
    expect([...mailsTo.values()].every((n) => n === 1)).toBe(true);
    const smsTo = new Map<string, number>();
    for (const s of twilio.received) smsTo.set(s.to, (smsTo.get(s.to) ?? 0) + 1);
    expect(smsTo.size).toBe(N);
    expect([...smsTo.values()].every((n) => n === 1)).toBe(true);
  }, 600_000);
});
