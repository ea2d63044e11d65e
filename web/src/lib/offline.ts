import { ApiError, OFFLINE_TEXT, OfflineError } from './api-client.ts';
import { tm } from './i18n.tsx';

// At the venue, offline is the normal case (docs/design.md §1), not an error. A failure is an
// offline condition when no answer came back: the api client's OfflineError, a fetch that
// threw, or anything failing while the browser itself says it is offline. An answer with a
// status (an ApiError from the server) is a real error and keeps its docs/product.md §8 text.

export { OFFLINE_TEXT };

export function isOfflineError(error: unknown): boolean {
  if (error instanceof OfflineError) return true;
  if (error instanceof ApiError) return false;
  // fetch() rejects with a TypeError when no answer comes ("Failed to fetch", "NetworkError
  // when attempting to fetch resource", "Load failed"); a lazy page's chunk likewise.
  if (error instanceof TypeError && /fetch|network|load failed|import/i.test(error.message)) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The text a person sees for a failure, in the page's language: calm for offline, else the
 * error's own message (a rule's refusal run on the device is a message reference: decision 037).
 */
export function failureText(error: unknown): string {
  if (isOfflineError(error)) return tm(OFFLINE_TEXT);
  return tm(error instanceof Error ? error.message : String(error));
}
