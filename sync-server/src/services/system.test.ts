import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Channel } from '@tournament/shared';
import { siteSettings } from '../db/schema.ts';
import type { Mailer } from '../lib/mailer.ts';
import { createTestApp } from '../testing/harness.ts';
import { backupFileName } from './backups.ts';
import { enqueueMessage, sendMessage } from './send-pipeline.ts';
import { SETTINGS_CACHE_KEY } from './site-settings.ts';

// The System page's verdicts (decision 041): the last backup and whether it is too old, and
// whether mail or SMS is failing, read from what the server stored; /metrics says the same.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.

const TOKEN = 'metrics-token-0123456789abcdef';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-system-'));
const backups = { dir: path.join(work, 'backups'), keep: 7 };
const t = await createTestApp({ now: '2026-11-22T12:00:00Z', config: { backups, metricsToken: TOKEN } });
const { user: admin } = await t.createUser('SuperAdmin');

afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The System page's report, as the SuperAdmin signed in at the test clock's time reads it. */
const report = async () => {
  const token = await t.deps.tokens.signAccess(
    { personId: admin.id, roles: ['SuperAdmin'], userDisplayName: 'Sam Admin', tv: admin.tokenVersion },
    t.clock.now,
  );
  const res = await t.call('GET', '/api/admin/system', undefined, token);
  expect(res.status, res.text).toBe(200);
  return res.json;
};

/** The value of one sample line (`name{labels} value`) of /metrics, undefined when absent. */
async function sample(line: string): Promise<number | undefined> {
  const res = await t.app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  const found = (await res.text()).split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

/** Sends one message to `addresses` through the send pipeline, to its end. */
async function send(channel: Channel, addresses: string[], beforeSending?: () => Promise<void>) {
  const { messageId } = await enqueueMessage(t.deps, {
    tournamentId: null,
    kind: 'communication',
    channel,
    subject: channel === 'email' ? 'Hello' : '',
    body: 'Ring 2 is running late.',
    recipients: addresses.map((address) => ({ address })),
  });
  await beforeSending?.();
  await sendMessage(t.deps, messageId);
}

describe('the last backup', () => {
  it('says there is none, as too old, and /metrics reports 0', async () => {
    expect((await report()).backup).toEqual({ newest: null, stale: true });
    expect(await sample('backup_last_success_timestamp_seconds')).toBe(0);
  });

  it('shows when the newest was taken and its size, and warns once it is over 26 hours old', async () => {
    fs.mkdirSync(backups.dir, { recursive: true });
    fs.writeFileSync(
      path.join(backups.dir, backupFileName(new Date('2026-11-20T03:30:00Z'), 'nightly')),
      'older',
    );
    const newest = new Date('2026-11-21T03:30:00Z');
    fs.writeFileSync(path.join(backups.dir, backupFileName(newest, 'nightly')), 'x'.repeat(2048));

    t.clock.set('2026-11-22T05:30:00Z'); // 26 h after the newest
    expect((await report()).backup).toEqual({
      newest: { createdAt: '2026-11-21T03:30:00.000Z', bytes: 2048 },
      stale: false,
    });
    expect(await sample('backup_last_success_timestamp_seconds')).toBe(newest.getTime() / 1000);

    t.clock.set('2026-11-22T05:31:00Z');
    expect((await report()).backup.stale).toBe(true);
  });
});

describe('whether mail is failing', () => {
  const working = t.deps.mailer;
  const refusing: Mailer = {
    send: async () => {
      throw Object.assign(new Error('535 authentication failed'), { code: 'EAUTH' });
    },
    close: () => {},
  };

  it('is failing after three refused messages in a row, since the first, until one goes through', async () => {
    t.clock.set('2026-11-22T12:00:00Z');
    await send('email', ['ana@example.com']);
    t.clock.advance(60_000);
    t.deps.mailer = refusing;
    try {
      await send('email', ['ben@example.com', 'cy@example.com']);
      expect((await report()).mail.failing).toBeNull(); // two: bad addresses, perhaps
      t.clock.advance(60_000);
      await send('email', ['dee@example.com']);
      expect((await report()).mail.failing).toEqual({ failedInARow: 3, since: '2026-11-22T12:01:00.000Z' });
      expect(await sample('messages_failed_in_a_row{channel="email"}')).toBe(3);
    } finally {
      t.deps.mailer = working;
    }
    t.clock.advance(60_000);
    await send('email', ['eve@example.com']);
    expect((await report()).mail.failing).toBeNull();
    expect(await sample('messages_failed_in_a_row{channel="email"}')).toBe(0);
  });

  it('forgets refusals more than a day old', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    t.deps.mailer = refusing;
    try {
      await send('email', ['fay@example.com', 'gus@example.com', 'hal@example.com']);
    } finally {
      t.deps.mailer = working;
    }
    expect((await report()).mail.failing).toMatchObject({ failedInARow: 3 });
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect((await report()).mail.failing).toBeNull();
  });
});

describe('whether SMS is failing', () => {
  it('does not count SMS never handed to the provider (SMS turned off), only refusals', async () => {
    const allowSms = async (allowed: boolean) => {
      await t.db.update(siteSettings).set({ allowSmsNotifications: allowed });
      await t.deps.cache.invalidate(SETTINGS_CACHE_KEY);
    };
    // Queued, then SMS turned off before they leave: each is failed without reaching Twilio.
    await send('sms', ['7055550101', '7055550102', '7055550103'], () => allowSms(false));
    expect((await report()).sms.failing).toBeNull();
    expect(await sample('messages_failed_in_a_row{channel="sms"}')).toBe(0);

    await allowSms(true);
    const working = t.deps.sms.send;
    t.deps.sms.send = async () => {
      throw new Error('Account suspended');
    };
    try {
      t.clock.advance(60_000);
      await send('sms', ['7055550104', '7055550105', '7055550106']);
    } finally {
      t.deps.sms.send = working;
    }
    expect((await report()).sms.failing).toEqual({ failedInARow: 3, since: t.clock.now.toISOString() });
    expect(await sample('messages_failed_in_a_row{channel="sms"}')).toBe(3);
  });
});

describe('whether the job queue is stuck', () => {
  it('names the queue whose oldest waiting job has waited over 10 minutes, and since when', async () => {
    t.clock.set('2026-11-24T12:00:00Z');
    const health = t.deps.jobs.health;
    // A queue the workers stopped taking from: its oldest job due 25 minutes ago.
    t.deps.jobs.health = async () => [
      { queue: 'send-message', queued: 40, active: 0, failed: 0, oldestWaitingSeconds: 25 * 60 },
      { queue: 'nightly-backup', queued: 1, active: 0, failed: 0, oldestWaitingSeconds: 10 * 60 },
    ];
    try {
      const { jobs } = await report();
      expect(jobs.running).toBe(true);
      expect(
        jobs.queues.map((q: { queue: string; stuckSince: string | null }) => [q.queue, q.stuckSince]),
      ).toEqual([
        ['send-message', '2026-11-24T11:35:00.000Z'],
        ['nightly-backup', null],
      ]);
    } finally {
      t.deps.jobs.health = health;
    }
  });
});
