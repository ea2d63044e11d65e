import type { PatchOp } from '@tournament/shared';
import type { Database } from '../db/client.ts';
import { syncPullsShared } from '../lib/metrics.ts';

// One answer for many screens. A pull that needs no caller (the signage scope: the venue's
// TVs) depends only on the tournament, the scope and its cookie's version: a division started
// pokes every TV at once, and they all pull from the same cookie. Such pulls ride together:
// those that arrive while an answer is being computed wait for the next one and share it.
//
// An answer is right for everyone riding it because its computation starts after they all
// arrived: it reads the tournament's version first, and every row up to that version is
// committed once the version can be read (decision 055), so whatever a TV was poked about is
// in it. Nothing is kept once it is answered: a pull arriving later starts a fresh one.

export interface SharedAnswer {
  version: number;
  patch: PatchOp[];
}

interface Lane {
  /** The answer being computed, if any. */
  running: Promise<SharedAnswer> | null;
  /** The next answer: pulls join it until it starts. */
  next: Promise<SharedAnswer> | null;
}

const lanes = new WeakMap<Database, Map<string, Lane>>();

/**
 * `compute`'s answer for this pull, shared with every pull of the same `key` that arrives before
 * that computation starts. One computation runs per key at a time; it starts on the next turn
 * of the event loop, so the pulls of one poke arriving together ride the same one.
 */
export function sharedAnswer(
  database: Database,
  scope: string,
  key: string,
  compute: () => Promise<SharedAnswer>,
): Promise<SharedAnswer> {
  let byKey = lanes.get(database);
  if (!byKey) {
    byKey = new Map();
    lanes.set(database, byKey);
  }
  let lane = byKey.get(key);
  if (!lane) {
    lane = { running: null, next: null };
    byKey.set(key, lane);
  }
  if (lane.next) {
    syncPullsShared.inc({ scope });
    return lane.next;
  }
  const own = lane;
  const before = own.running;
  const ride = async (): Promise<SharedAnswer> => {
    // The pulls of one poke arrive within a turn; an answer still being computed is waited for.
    await new Promise((resolve) => setImmediate(resolve));
    await before?.catch(() => undefined);
    own.next = null;
    own.running = answer;
    try {
      return await compute();
    } finally {
      if (own.running === answer) own.running = null;
      if (!own.running && !own.next && byKey.get(key) === own) byKey.delete(key);
    }
  };
  const answer = ride();
  own.next = answer;
  return answer;
}
