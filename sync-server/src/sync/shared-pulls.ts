import type { PatchOp } from '@tournament/shared';
import type { Database } from '../db/client.ts';
import { syncPullsShared } from '../lib/metrics.ts';

// One answer for many screens. A pull that needs no caller (the signage scope: the venue's
// TVs) depends only on the tournament, the scope, the version its cookie holds and the version
// read now: every row up to a version is committed once that version can be read (decision
// 055), so two such pulls with the same four get the same patch. A division started pokes
// every TV at once, and they pull from the same cookie: the first pull computes, the others
// share its answer while it is computed and for a few seconds after.

/** How long a settled answer is kept: the burst of one poke, not longer. */
export const SHARED_ANSWER_MS = 5_000;
/** Answers kept per database at most. */
const KEPT = 32;

const answers = new WeakMap<Database, Map<string, Promise<PatchOp[]>>>();

export function sharedPatchKey(
  tournamentId: number,
  scope: string,
  since: number | undefined,
  version: number,
): string {
  return `${tournamentId}:${scope}:${since ?? 'full'}:${version}`;
}

/** The patch under `key`: `load`'s answer, computed once for every pull asking within a few seconds. */
export function sharedPatch(
  database: Database,
  scope: string,
  key: string,
  load: () => Promise<PatchOp[]>,
): Promise<PatchOp[]> {
  let kept = answers.get(database);
  if (!kept) {
    kept = new Map();
    answers.set(database, kept);
  }
  const found = kept.get(key);
  if (found) {
    syncPullsShared.inc({ scope });
    return found;
  }
  const loading = load();
  kept.set(key, loading);
  const forget = () => {
    if (kept.get(key) === loading) kept.delete(key);
  };
  // A failed answer is not kept: the next pull tries again.
  loading.then(() => setTimeout(forget, SHARED_ANSWER_MS).unref(), forget);
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return loading;
}
