import { inArray } from 'drizzle-orm';
import type { NoticeChannel, NoticeKind } from '@tournament/shared';
import { messages } from '../db/schema.ts';
import type { Tx } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { enqueueMessage } from './send-pipeline.ts';

// Where automatic notices meet the send pipeline (decision 024): each notice
// is one message to one recipient, made once for its key (`messages.dedupe_key`), sent by the
// job queue with per-recipient status, unsubscribes and the SMS checks at send time.

/** One message to one address, queued once under `key`. */
export interface Notice {
  key: string;
  kind: NoticeKind;
  tournamentId: number | null;
  channel: NoticeChannel;
  /** E-mail address, or a phone number's ten digits. */
  to: string;
  /** The contact's name, when known. */
  name: string;
  contactId: number | null;
  registrationId: number | null;
  subject: string;
  text: string;
  /** The run it belongs to, for the send history (notices.ts runOf). */
  audience?: Record<string, unknown>;
}

const KEYS_PER_READ = 500;

/**
 * Queues each notice whose key was never queued before; answers the ids of the messages it
 * made. The keys already known are read in one query first: the same state is evaluated after
 * every matchday push and every minute, and almost every key it yields has been queued already.
 *
 * With `tx` the messages are written in the caller's transaction and commit with it; the caller
 * then asks for them to be sent after the commit (`startSending`), or the send pipeline's sweep
 * finds them queued within SWEEP_MS.
 */
export async function enqueueNotices(
  deps: Deps,
  notices: readonly Notice[],
  opts: { tx?: Tx } = {},
): Promise<number[]> {
  if (notices.length === 0) return [];
  const db = opts.tx ?? deps.database.db;
  const known = new Set<string>();
  const keys = [...new Set(notices.map((n) => n.key))];
  for (let i = 0; i < keys.length; i += KEYS_PER_READ) {
    const rows = await db
      .select({ key: messages.dedupeKey })
      .from(messages)
      .where(inArray(messages.dedupeKey, keys.slice(i, i + KEYS_PER_READ)));
    for (const r of rows) if (r.key) known.add(r.key);
  }
  const created: number[] = [];
  for (const n of notices) {
    if (known.has(n.key)) continue;
    known.add(n.key);
    const result = await enqueueMessage(
      deps,
      {
        tournamentId: n.tournamentId,
        kind: n.kind,
        channel: n.channel,
        subject: n.channel === 'email' ? n.subject : '',
        body: n.text,
        recipients: [
          { address: n.to, name: n.name, contactId: n.contactId, registrationId: n.registrationId },
        ],
        dedupeKey: n.key,
        ...(n.audience ? { audience: n.audience } : {}),
      },
      opts.tx ? { tx: opts.tx } : {},
    );
    if (result.created) created.push(result.messageId);
  }
  return created;
}
