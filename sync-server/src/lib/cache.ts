// A small read-through cache for public reads (docs/design.md §3: the only state a
// server keeps). A change invalidates locally and, through PostgreSQL NOTIFY, on every
// other server sharing the database.
export const CACHE_CHANNEL = 'cache_invalidate';

export interface Cache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * The value `key` holds once its load has settled, without waiting: undefined while it
   * loads, after a failed load, and from the moment it is dropped (the next `get` reloads).
   * The visitor's public read answers from it synchronously (http/public-read.ts).
   */
  peek<T>(key: string): T | undefined;
  /** Drops `key` here and tells the other servers to drop it too. */
  invalidate(key: string): Promise<void>;
  /** Drops `key` here only (the NOTIFY listener calls this). */
  drop(key: string): void;
  /** Drops every key here (invalidations may have been missed while the database was away). */
  clear(): void;
}

interface Entry {
  promise: Promise<unknown>;
  /** Set when the load succeeds; a dropped entry leaves the map, so it is never peeked again. */
  settled?: { value: unknown };
}

export function createCache(notify: (key: string) => Promise<void>): Cache {
  const entries = new Map<string, Entry>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let entry = entries.get(key);
      if (!entry) {
        // Settle the loader once: a Drizzle query is a thenable that runs again on every
        // `await`, so caching it as returned would cache nothing.
        const loading: Entry = { promise: (async () => load())() };
        entries.set(key, loading);
        loading.promise.then(
          (value) => {
            loading.settled = { value };
          },
          // Only this load's own entry: a newer one (after an invalidation) stays.
          () => {
            if (entries.get(key) === loading) entries.delete(key);
          },
        );
        entry = loading;
      }
      return entry.promise as Promise<T>;
    },
    peek<T>(key: string): T | undefined {
      return entries.get(key)?.settled?.value as T | undefined;
    },
    async invalidate(key) {
      entries.delete(key);
      await notify(key);
    },
    drop(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
