import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

// A small shared cache for GET-style reads: one request per key at a time, results reused
// between pages until invalidated. Features wrap it in hooks inside their `api/` module.
interface Entry {
  promise?: Promise<unknown>;
  data?: unknown;
  error?: Error;
  settled: boolean;
  /** Data shown before its first load (`initialData`): still to be fetched. */
  seeded?: boolean;
}
const cache = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();
const EMPTY: Entry = { settled: false };

function notify(key: string): void {
  listeners.get(key)?.forEach((l) => l());
}

function load(key: string, fetcher: () => Promise<unknown>): void {
  const previous = cache.get(key);
  const entry: Entry = { ...(previous ?? { settled: false }), seeded: false };
  const promise = fetcher();
  entry.promise = promise;
  cache.set(key, entry);
  // Screens see the request in flight: an invalidation before it answers is then a change
  // they notice (back to nothing), so they fetch again instead of waiting on an answer the
  // cache no longer takes.
  notify(key);
  promise.then(
    (data) => {
      if (cache.get(key)?.promise !== promise) return;
      cache.set(key, { promise, data, settled: true });
      notify(key);
    },
    (error: unknown) => {
      if (cache.get(key)?.promise !== promise) return;
      cache.set(key, {
        promise,
        data: entry.data,
        error: error instanceof Error ? error : new Error(String(error)),
        settled: true,
      });
      notify(key);
    },
  );
}

/**
 * Answers the server sent with the page (decision 020): taken as fresh, so the page renders
 * from them at once, the same markup the server rendered, and reads nothing more.
 */
export function seedQueries(answers: Record<string, unknown>): void {
  for (const [key, data] of Object.entries(answers)) {
    if (data === undefined) continue;
    cache.set(key, { data, settled: true });
    notify(key);
  }
}

/** Drops cached results whose key starts with `prefix`; queries on screen fetch again. */
export function invalidateQueries(prefix: string): void {
  for (const key of [...cache.keys()]) {
    if (key.startsWith(prefix)) {
      cache.delete(key);
      notify(key);
    }
  }
}

/** Drops every cached result but those `keep` names (a new identity keeps the site settings). */
export function invalidateQueriesExcept(keep: (key: string) => boolean): void {
  for (const key of [...cache.keys()]) {
    if (keep(key)) continue;
    cache.delete(key);
    notify(key);
  }
}

/**
 * Reads the results whose key starts with `prefix` again while the screens keep showing the
 * ones they have (a count changed in place, decision 027): nothing on screen turns into a spinner.
 * Keys not on screen are read when next shown, showing the kept result meanwhile.
 */
export function refreshQueries(prefix: string): void {
  for (const [key, entry] of [...cache.entries()]) {
    if (!key.startsWith(prefix)) continue;
    if (!entry.settled || entry.data === undefined) {
      cache.delete(key);
    } else {
      cache.set(key, { data: entry.data, settled: true, seeded: true });
    }
    notify(key);
  }
}

/** Puts a known answer in place at once (an answer the server just gave), without a read. */
export function setQueryData<T>(key: string, update: (previous: T | undefined) => T | undefined): void {
  const entry = cache.get(key);
  const data = update(entry?.data as T | undefined);
  if (data === undefined) return;
  cache.set(key, { ...(entry ?? {}), data, settled: true });
  notify(key);
}

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | undefined;
  isLoading: boolean;
  refetch: () => void;
}

export interface QueryOptions<T> {
  /**
   * An answer to show at once when the key has none yet, e.g. the copy kept on the device
   * (lib/offline-cache.ts): the page paints from it while the read runs and replaces it.
   */
  initialData?: () => T | undefined;
}

export function useQuery<T>(
  key: string,
  fetcher: () => Promise<T>,
  options: QueryOptions<T> = {},
): QueryResult<T> {
  const fetcherRef = useRef(fetcher);
  if (options.initialData && !cache.has(key)) {
    // Seeding once per key, before the first snapshot is read, is idempotent.
    const data = options.initialData();
    if (data !== undefined) cache.set(key, { data, settled: true, seeded: true });
  }
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const subscribe = useCallback(
    (onChange: () => void) => {
      const set = listeners.get(key) ?? new Set<() => void>();
      set.add(onChange);
      listeners.set(key, set);
      return () => set.delete(onChange);
    },
    [key],
  );
  const snapshot = () => cache.get(key) ?? EMPTY;
  // The server renders from seeded answers too (decision 020): the same snapshot there.
  const entry = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    // One request per key even when several components (or StrictMode's second effect) ask.
    const current = cache.get(key);
    if (current === undefined || (current.seeded && !current.promise)) load(key, () => fetcherRef.current());
  }, [key, entry]);
  const refetch = useCallback(() => load(key, () => fetcherRef.current()), [key]);
  return {
    data: entry.data as T | undefined,
    error: entry.error,
    isLoading: !entry.settled,
    refetch,
  };
}
