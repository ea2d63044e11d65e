import type { NoticeChannel, NoticeKind } from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import type { Deps } from '../deps.ts';

// The one place automatic notices meet the job queue (issue 16 "Jobs"): everything else in
// services/notices.ts is independent of how messages are queued and sent.

/** One message to one address, queued once under `key`. */
export interface Notice {
  key: string;
  kind: NoticeKind;
  channel: NoticeChannel;
  /** E-mail address, or a phone number's ten digits. */
  to: string;
  /** The contact's name, when known. */
  name: string;
  subject: string;
  text: string;
}

/**
 * Queues each notice whose key was never queued before (in `db`'s transaction when it is one);
 * answers how many were new.
 */
export async function enqueueNotices(_deps: Deps, _db: Db | Tx, notices: readonly Notice[]): Promise<number> {
  if (notices.length === 0) return 0;
  throw new Error('enqueueNotices: not wired to the job queue yet');
}
