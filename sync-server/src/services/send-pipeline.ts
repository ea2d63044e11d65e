import { and, asc, count, eq, gt, inArray, isNotNull, lt, max, min, ne, sql } from 'drizzle-orm';
import {
  DELIVERY_RECENT_MS,
  fitsUnderCap,
  msg,
  normalizeAddress,
  smsCostCents,
  smsText,
  translatorFor,
  type Channel,
} from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import {
  communicationSettings,
  messageRecipients,
  messages,
  registrationContacts,
  siteSettings,
  unsubscribes,
} from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { DomainError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { recipientLanguage } from './recipient-language.ts';
import { getSiteSettings } from './site-settings.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

// The send pipeline (docs/decisions/024-jobs-and-communications.md).
//
// `enqueueMessage` writes a message and its recipients (each `queued`) and asks the job queue to
// work on it. A `send-message` job claims one recipient at a time: `queued -> sending` in a
// transaction (row locked, SKIP LOCKED), then hands it to the mailer or the SMS provider, then
// records `sent` (with the provider's id) or `failed` (with why). A job delivered twice, or run by
// two servers at once, finds nothing left to claim: each recipient is sent once. A graceful stop
// finishes the recipient in hand and leaves the rest `queued`; the sweep at start (and every
// SWEEP_MS) queues a job for every message with recipients still `queued`, so nothing is lost.
// A recipient left `sending` by a process that died mid-send may or may not have reached the
// provider; after INTERRUPTED_AFTER_MS it is marked failed with that reason rather than sent a
// second time.

export const SEND_MESSAGE_JOB = 'send-message';
const SWEEP_MS = 15_000;
const INTERRUPTED_AFTER_MS = 10 * 60_000;
/** Recipients one job sends at once. */
const SEND_CONCURRENCY = 4;

export const REASONS = {
  interrupted: msg('server.send.interrupted'),
  smsDisabled: msg('server.smsDisabled'),
  smsNotAgreed: msg('server.send.smsNotAgreed'),
  /** The cap in dollars and cents: "$12.50" (as formatDollars writes it), "12,50 $". */
  cap: (capCents: number) => msg('server.send.cap', { amount: capCents / 100 }),
  invalidAddress: msg('server.send.invalidAddress'),
  /** A provider's refusal that said nothing (its own words are kept as they are). */
  providerRefused: msg('server.send.providerRefused'),
} as const;

export interface OutgoingRecipient {
  /** An e-mail address, or a phone number (10 digits or E.164) for SMS. */
  address: string;
  name?: string;
  registrationId?: number | null;
  contactId?: number | null;
  /** This recipient's own (merged) subject and body; default: the message's. */
  subject?: string;
  body?: string;
}

export interface OutgoingMessage {
  /** The tournament it is about (its SMS cost cap applies); null for site-wide mail. */
  tournamentId: number | null;
  /** What it is: 'communication', or a notice's kind ('division-up-soon', ...). */
  kind: string;
  channel: Channel;
  /** E-mail subject ('' for SMS). */
  subject?: string;
  body: string;
  recipients: OutgoingRecipient[];
  /**
   * When set, the message is made once for this key: enqueueing again with the same key (after a
   * restart, from a second server) answers the first message and adds nothing.
   */
  dedupeKey?: string;
  /** How the audience was chosen, kept for the send history. */
  audience?: Record<string, unknown>;
  createdBy?: { personId: number; displayName: string } | null;
}

export interface EnqueuedMessage {
  messageId: number;
  /** False when a message with the same dedupe key existed already (nothing was added). */
  created: boolean;
}

/**
 * Queues a message to its recipients and asks a worker to send it. Each address once per
 * message (the first wins); addresses that unsubscribed are recorded `unsubscribed` and not sent.
 * SMS only while AllowSmsNotifications is on (else a 409). Pass `tx` to write the message in the
 * caller's transaction; then call `startSending(deps, messageId)` after it commits (otherwise the
 * next sweep, within SWEEP_MS, starts it).
 */
export async function enqueueMessage(
  deps: Deps,
  message: OutgoingMessage,
  opts: { tx?: Tx } = {},
): Promise<EnqueuedMessage> {
  // Inside the caller's transaction the flag is read through it: on the embedded PGlite that
  // transaction holds the one connection, so a read outside it (the cache's) would wait forever.
  const smsOn = async () =>
    opts.tx
      ? ((await opts.tx.select({ allow: siteSettings.allowSmsNotifications }).from(siteSettings).limit(1))[0]
          ?.allow ?? false)
      : (await getSiteSettings(deps)).flags.AllowSmsNotifications;
  if (message.channel === 'sms' && !(await smsOn())) {
    throw new DomainError('sms_disabled', REASONS.smsDisabled, 409);
  }
  const write = async (tx: Tx): Promise<EnqueuedMessage> => {
    const [row] = await tx
      .insert(messages)
      .values({
        tournamentId: message.tournamentId,
        kind: message.kind,
        channel: message.channel,
        subject: message.subject ?? '',
        body: message.body,
        audience: message.audience ?? null,
        dedupeKey: message.dedupeKey ?? null,
        createdBy: message.createdBy?.personId ?? null,
        createdByName: message.createdBy?.displayName ?? null,
      })
      .onConflictDoNothing({ target: messages.dedupeKey })
      .returning({ id: messages.id });
    if (!row) {
      const [existing] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.dedupeKey, message.dedupeKey ?? ''));
      if (!existing) throw new Error('enqueueMessage: dedupe key conflict without a message');
      return { messageId: existing.id, created: false };
    }
    const seen = new Set<string>();
    const rows: (typeof messageRecipients.$inferInsert)[] = [];
    for (const r of message.recipients) {
      const address = normalizeAddress(message.channel, r.address);
      const key = address ?? `invalid:${r.address}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({
        messageId: row.id,
        address: address ?? r.address.trim(),
        name: r.name ?? '',
        registrationId: r.registrationId ?? null,
        contactId: r.contactId ?? null,
        subject: r.subject ?? message.subject ?? '',
        body: r.body ?? message.body,
        ...(address ? {} : { status: 'failed' as const, failureReason: REASONS.invalidAddress }),
      });
    }
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(messageRecipients).values(rows.slice(i, i + 500));
    }
    // Those who unsubscribed before: recorded now, so the progress counts them from the start.
    await tx
      .update(messageRecipients)
      .set({ status: 'unsubscribed', updatedAt: deps.now() })
      .where(
        and(
          eq(messageRecipients.messageId, row.id),
          eq(messageRecipients.status, 'queued'),
          inArray(
            messageRecipients.address,
            tx
              .select({ address: unsubscribes.address })
              .from(unsubscribes)
              .where(eq(unsubscribes.channel, message.channel)),
          ),
        ),
      );
    return { messageId: row.id, created: true };
  };
  if (opts.tx) return write(opts.tx);
  const result = await deps.database.db.transaction(write);
  if (result.created) await startSending(deps, result.messageId);
  return result;
}

/** Asks a worker to send a message's queued recipients (harmless when there are none). */
export async function startSending(deps: Deps, messageId: number): Promise<void> {
  await deps.jobs.send(SEND_MESSAGE_JOB, { messageId });
}

/** Registers the send worker and its sweeps on the job queue (before it starts). */
export function registerSendPipeline(deps: Deps): void {
  deps.jobs.work<{ messageId: number }>(SEND_MESSAGE_JOB, async ({ messageId }) => {
    await sendMessage(deps, messageId);
  });
  deps.jobs.every(SWEEP_MS, async () => {
    await failInterrupted(deps);
    await sweepQueued(deps);
  });
}

/** Queues a job for each message that still has recipients waiting (at start, and periodically). */
export async function sweepQueued(deps: Deps): Promise<number> {
  const waiting = await deps.database.db
    .selectDistinct({ messageId: messageRecipients.messageId })
    .from(messageRecipients)
    .where(eq(messageRecipients.status, 'queued'));
  for (const w of waiting) await startSending(deps, w.messageId);
  return waiting.length;
}

/** Recipients left `sending` by a process that died: failed, never sent twice. */
export async function failInterrupted(deps: Deps): Promise<void> {
  await deps.database.db
    .update(messageRecipients)
    .set({ status: 'failed', failureReason: REASONS.interrupted, updatedAt: deps.now() })
    .where(
      and(
        eq(messageRecipients.status, 'sending'),
        lt(messageRecipients.claimedAt, new Date(deps.now().getTime() - INTERRUPTED_AFTER_MS)),
      ),
    );
}

/** Sends every queued recipient of a message this worker can claim; stops early on shutdown. */
export async function sendMessage(deps: Deps, messageId: number): Promise<void> {
  const [message] = await deps.database.db.select().from(messages).where(eq(messages.id, messageId));
  if (!message) return;
  const loop = async () => {
    while (!deps.jobs.stopping) {
      const claimed = await claimNext(deps, message);
      if (claimed === 'none') return;
      if (claimed === 'skipped') continue;
      await deliver(deps, message, claimed);
    }
  };
  await Promise.all(Array.from({ length: SEND_CONCURRENCY }, loop));
}

type MessageRow = typeof messages.$inferSelect;
type RecipientRow = typeof messageRecipients.$inferSelect;

/**
 * Takes the next queued recipient: `queued -> sending`, or straight to `unsubscribed` / `failed`
 * when it must not be sent (unsubscribed since, SMS turned off or not agreed, the cost cap).
 */
async function claimNext(deps: Deps, message: MessageRow): Promise<RecipientRow | 'none' | 'skipped'> {
  const smsAllowed =
    message.channel === 'sms' ? (await getSiteSettings(deps)).flags.AllowSmsNotifications : true;
  return deps.database.db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, message.id), eq(messageRecipients.status, 'queued')))
      .orderBy(asc(messageRecipients.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!r) return 'none';
    const now = deps.now();
    const finish = async (status: 'failed' | 'unsubscribed', failureReason: string | null) => {
      await tx
        .update(messageRecipients)
        .set({ status, failureReason, updatedAt: now })
        .where(eq(messageRecipients.id, r.id));
      return 'skipped' as const;
    };
    const [unsubscribed] = await tx
      .select({ address: unsubscribes.address })
      .from(unsubscribes)
      .where(and(eq(unsubscribes.channel, message.channel), eq(unsubscribes.address, r.address)));
    if (unsubscribed) return finish('unsubscribed', null);
    let costCents = 0;
    if (message.channel === 'sms') {
      if (!smsAllowed) return finish('failed', REASONS.smsDisabled);
      if (r.contactId !== null) {
        const [contact] = await tx
          .select({ agreed: registrationContacts.agreedToSmsDivisionNotifications })
          .from(registrationContacts)
          .where(eq(registrationContacts.id, r.contactId));
        if (contact?.agreed !== true) return finish('failed', REASONS.smsNotAgreed);
      }
      if (message.tournamentId !== null) {
        await tx
          .insert(communicationSettings)
          .values({ tournamentId: message.tournamentId })
          .onConflictDoNothing();
        const [settings] = await tx
          .select()
          .from(communicationSettings)
          .where(eq(communicationSettings.tournamentId, message.tournamentId))
          .for('update');
        if (settings) {
          const tr = translatorFor(await recipientLanguage(tx, r));
          costCents = smsCostCents(smsText(r.body, tr), settings.smsSegmentCostCents);
          if (!fitsUnderCap(settings.smsCostCapCents, settings.smsSpentCents, costCents)) {
            await tx.update(messages).set({ capReachedAt: now }).where(eq(messages.id, message.id));
            return finish('failed', REASONS.cap(settings.smsCostCapCents ?? 0));
          }
          await tx
            .update(communicationSettings)
            .set({ smsSpentCents: sql`${communicationSettings.smsSpentCents} + ${costCents}` })
            .where(eq(communicationSettings.tournamentId, message.tournamentId));
        }
      }
    }
    const [claimed] = await tx
      .update(messageRecipients)
      .set({ status: 'sending', claimedAt: now, costCents, updatedAt: now })
      .where(and(eq(messageRecipients.id, r.id), eq(messageRecipients.status, 'queued')))
      .returning();
    return claimed ?? 'skipped';
  });
}

/** Hands one claimed recipient to the mailer or the SMS provider and records the outcome. */
async function deliver(deps: Deps, message: MessageRow, r: RecipientRow): Promise<void> {
  let providerId: string | null = null;
  try {
    if (message.channel === 'email') {
      // The body is as written (a director's words, or a notice already in its reader's
      // language); the footer and the unsubscribe page speak the recipient's account's language.
      const language = await recipientLanguage(deps.database.db, r);
      const url = await unsubscribeUrl(deps, r.address, language);
      const footer = translatorFor(language).t('mail.unsubscribe.footer', { url });
      await deps.mailer.send({
        to: r.address,
        subject: r.subject,
        text: `${r.body.trim()}\n\n--\n${footer}\n`,
        headers: {
          'List-Unsubscribe': `<${url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    } else {
      const tr = translatorFor(await recipientLanguage(deps.database.db, r));
      providerId = (await deps.sms.send(r.address, smsText(r.body, tr))).providerId;
    }
  } catch (err) {
    const reason = failureText(err);
    logger.warn({ messageId: message.id, recipientId: r.id, reason }, 'a message was not delivered');
    await deps.database.db.transaction(async (tx) => {
      await tx
        .update(messageRecipients)
        .set({ status: 'failed', failureReason: reason, costCents: 0, updatedAt: deps.now() })
        .where(and(eq(messageRecipients.id, r.id), eq(messageRecipients.status, 'sending')));
      // The provider refused it: nothing was spent.
      if (r.costCents > 0 && message.tournamentId !== null) {
        await tx
          .update(communicationSettings)
          .set({ smsSpentCents: sql`greatest(0, ${communicationSettings.smsSpentCents} - ${r.costCents})` })
          .where(eq(communicationSettings.tournamentId, message.tournamentId));
      }
    });
    return;
  }
  await deps.database.db
    .update(messageRecipients)
    .set({ status: 'sent', providerId, sentAt: deps.now(), updatedAt: deps.now() })
    .where(and(eq(messageRecipients.id, r.id), eq(messageRecipients.status, 'sending')));
}

/** Why a send failed, short enough for the status list (no stack, no secrets). */
function failureText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s+/g, ' ').slice(0, 300) || REASONS.providerRefused;
}

/**
 * The messages of one channel the mailer or the SMS provider refused since the last one that went
 * through, within DELIVERY_RECENT_MS, and when the first of them was refused (the System page's
 * and /metrics' "failing" verdict). Read from the recipients' stored outcomes, so a restart does
 * not hide it. A recipient never handed over (unsubscribed, SMS not agreed, the cost cap) or cut
 * off by a dying process says nothing about the provider and is left out.
 */
export async function failedInARow(
  deps: Pick<Deps, 'database' | 'now'>,
  channel: Channel,
): Promise<{ count: number; since: Date | null }> {
  const db = deps.database.db;
  const recent = new Date(deps.now().getTime() - DELIVERY_RECENT_MS);
  const ofChannel = (status: 'sent' | 'failed', after: Date) =>
    and(
      eq(messages.channel, channel),
      eq(messageRecipients.status, status),
      gt(messageRecipients.updatedAt, after),
    );
  const [lastSent] = await db
    .select({ at: max(messageRecipients.updatedAt) })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(ofChannel('sent', recent));
  const [failed] = await db
    .select({ count: count(), since: min(messageRecipients.updatedAt) })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(
      and(
        ofChannel('failed', lastSent?.at ?? recent),
        isNotNull(messageRecipients.claimedAt),
        ne(messageRecipients.failureReason, REASONS.interrupted),
      ),
    );
  return { count: failed?.count ?? 0, since: failed?.since ?? null };
}
