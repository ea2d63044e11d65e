import type { OutboxEntry } from '../sync/db.ts';
import { syncEngine } from '../sync/engine.ts';

/**
 * The device's outbox, in tap order, once every tap made so far is committed. A tap renders
 * from the in-memory replica at once and its outbox entry reaches IndexedDB a moment later:
 * a test that read the outbox as soon as the screen changed could miss the last tap.
 */
export async function committedOutbox(): Promise<OutboxEntry[]> {
  const engine = syncEngine();
  await engine.committed();
  return engine.db.outbox.orderBy('id').toArray();
}
