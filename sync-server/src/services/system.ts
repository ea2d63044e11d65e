import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  backupStale,
  deliveryFailing,
  DomainError,
  msg,
  queueStuck,
  translatorFor,
  type Channel,
  type SystemReport,
} from '@tournament/shared';
import type { Caller, Deps } from '../deps.ts';
import { users } from '../db/schema.ts';
import { recentProblems } from '../lib/logger.ts';
import { mailsFailed, mailsSent, smsFailed, smsSent } from '../lib/metrics.ts';
import { listBackups } from './backups.ts';
import { failedInARow } from './send-pipeline.ts';
import { getSiteSettings } from './site-settings.ts';

// The System page (docs/decisions/041-metrics-and-system-page.md): what a SuperAdmin needs to
// know that mail leaves, the queue moves and the disk has room, read now. Nothing here names a
// person: the SMTP server is shown as host and port, failures by their code.

const VERSION: string = (() => {
  try {
    const file = path.resolve(import.meta.dirname, '../../package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

/** Free space under this share of the disk is "low", whatever the upload floor. */
const LOW_SHARE = 0.1;

export async function systemReport(deps: Deps): Promise<SystemReport> {
  const { config, database } = deps;
  const now = deps.now();
  const [ping, size, queues, disk, mailCheck, counts, mailFailing, smsFailing] = await Promise.allSettled([
    database.ping(),
    database.size(),
    deps.jobs.health(),
    fs.promises.statfs(config.dataDir),
    deps.mailer.verify ? deps.mailer.verify() : Promise.resolve(),
    deliveryCounts(),
    failing(deps, 'email'),
    failing(deps, 'sms'),
  ]);
  const newestBackup = listBackups(config)[0];
  const freeBytes = disk.status === 'fulfilled' ? disk.value.bavail * disk.value.bsize : null;
  const totalBytes = disk.status === 'fulfilled' ? disk.value.blocks * disk.value.bsize : null;
  const delivered = counts.status === 'fulfilled' ? counts.value : undefined;
  return {
    version: VERSION,
    uptimeSeconds: Math.round(process.uptime()),
    database: {
      kind: database.kind,
      answers: ping.status === 'fulfilled',
      sizeBytes: size.status === 'fulfilled' ? (size.value ?? null) : null,
    },
    mail: {
      transport: config.smtpUrl ? 'smtp' : 'dev',
      host: config.smtpUrl ? smtpHost(config.smtpUrl) : null,
      works: config.smtpUrl ? mailCheck.status === 'fulfilled' : null,
      problem: config.smtpUrl && mailCheck.status === 'rejected' ? errorCode(mailCheck.reason) : null,
      counts: delivered?.mail ?? { sent: 0, failed: 0 },
      failing: mailFailing.status === 'fulfilled' ? mailFailing.value : null,
    },
    sms: {
      transport: config.twilio ? 'twilio' : 'dev',
      from: config.twilio?.from ?? null,
      counts: delivered?.sms ?? { sent: 0, failed: 0 },
      failing: smsFailing.status === 'fulfilled' ? smsFailing.value : null,
    },
    jobs: {
      running: queues.status === 'fulfilled' ? queues.value !== undefined : null,
      queues: (queues.status === 'fulfilled' ? (queues.value ?? []) : []).map((q) => ({
        ...q,
        stuckSince: queueStuck(q.oldestWaitingSeconds)
          ? new Date(now.getTime() - q.oldestWaitingSeconds * 1000).toISOString()
          : null,
      })),
    },
    backup: {
      newest: newestBackup
        ? { createdAt: newestBackup.createdAt.toISOString(), bytes: newestBackup.bytes }
        : null,
      stale: backupStale(newestBackup?.createdAt, now),
    },
    disk: {
      path: config.dataDir,
      freeBytes,
      totalBytes,
      low:
        freeBytes !== null &&
        totalBytes !== null &&
        (freeBytes < config.uploads.minFreeDiskBytes || freeBytes < totalBytes * LOW_SHARE),
    },
    errors: recentProblems().map((p) => ({
      level: p.level,
      time: p.time,
      message: p.message,
      code: p.code ?? null,
      requestId: p.requestId ?? null,
    })),
  };
}

/**
 * Sends a test e-mail to the signed-in SuperAdmin through the real mailer, in their language;
 * answers the address. A refusal of the mail server is a 502 naming its code.
 */
export async function sendTestEmail(deps: Deps, caller: Caller): Promise<{ sentTo: string }> {
  const [account] = await deps.database.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, caller.personId))
    .limit(1);
  if (!account) throw new DomainError('not_found', msg('server.noPermission'), 404);
  const site = await getSiteSettings(deps);
  const tr = translatorFor(account.language);
  try {
    await deps.mailer.send({
      to: account.email,
      subject: tr.t('system.mail.testSubject', { site: site.siteName }),
      text: tr.t('system.mail.testBody', { site: site.siteName }),
    });
  } catch (err) {
    throw new DomainError('mail_failed', msg('system.mail.testFailed', { code: errorCode(err) }), 502);
  }
  return { sentTo: account.email };
}

/** The SMTP server as host:port: the URL's user and password are never shown. */
function smtpHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return 'SMTP_URL';
  }
}

/** A failure's code (ECONNREFUSED, EAUTH, ...), never its message, which may quote an address. */
function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' || typeof code === 'number' ? String(code).slice(0, 40) : 'error';
}

/** The channel's "failing" verdict from its stored outcomes, or null while it is not failing. */
async function failing(deps: Deps, channel: Channel): Promise<SystemReport['mail']['failing']> {
  const { count, since } = await failedInARow(deps, channel);
  return deliveryFailing(count) && since ? { failedInARow: count, since: since.toISOString() } : null;
}

async function deliveryCounts() {
  const total = async (counter: typeof mailsSent) =>
    (await counter.get()).values.reduce((sum, v) => sum + v.value, 0);
  const [ms, mf, ss, sf] = await Promise.all([
    total(mailsSent),
    total(mailsFailed),
    total(smsSent),
    total(smsFailed),
  ]);
  return { mail: { sent: ms, failed: mf }, sms: { sent: ss, failed: sf } };
}
