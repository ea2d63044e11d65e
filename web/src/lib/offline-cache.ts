// The last good answer of the public reads every screen needs, kept on the device ("Offline
// is not an error"): the site settings (the header's name, the flags), the
// tournament list and the event types. A read that cannot reach the server answers with the
// kept copy, and the settings paint from it at once on the next start. They are public data,
// so they stay after logout; localStorage because the shell reads them synchronously before
// its first paint, and they are a few kilobytes.

/** The reads kept on the device, by path (GET, no query). */
export const KEPT_READS = ['/api/settings', '/api/tournaments', '/api/event-types'] as const;
export type KeptRead = (typeof KEPT_READS)[number];

// A new shape of these answers gets a new prefix, so an old copy is never read as the new one.
const PREFIX = 'kept:v1:';

interface Kept {
  data: unknown;
  /** When the answer arrived (ISO), for a screen that wants to say "as of". */
  savedAt: string;
}

export function isKeptRead(path: string): path is KeptRead {
  return (KEPT_READS as readonly string[]).includes(path);
}

/** Keeps `data` as the last good answer of `path` (a full or refused storage keeps nothing). */
export function keepOnDevice(path: KeptRead, data: unknown, now: Date = new Date()): void {
  try {
    localStorage.setItem(PREFIX + path, JSON.stringify({ data, savedAt: now.toISOString() } satisfies Kept));
  } catch {
    // Quota or a storage the browser refuses: the next start reads from the network again.
  }
}

/** The last good answer of `path` kept on this device, if any. */
export function keptOnDevice<T>(path: KeptRead): { data: T; savedAt: string } | undefined {
  let text: string | null;
  try {
    text = localStorage.getItem(PREFIX + path);
  } catch {
    return undefined;
  }
  if (text === null) return undefined;
  try {
    const kept = JSON.parse(text) as Partial<Kept> | null;
    if (!kept || kept.data === undefined || typeof kept.savedAt !== 'string') return undefined;
    return { data: kept.data as T, savedAt: kept.savedAt };
  } catch {
    return undefined;
  }
}
