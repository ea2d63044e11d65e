// A small read-through cache for public reads (DESIGN.md section 3: the only state a
// server keeps). A change invalidates locally and, through PostgreSQL NOTIFY, on every
// other server sharing the database.
export const CACHE_CHANNEL = 'cache_invalidate';

export interface Cache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops `key` here and tells the other servers to drop it too. */
  invalidate(key: string): Promise<void>;
  /** Drops `key` here only (the NOTIFY listener calls this). */
  drop(key: string): void;
}

export function createCache(notify: (key: string) => Promise<void>): Cache {
  const entries = new Map<string, Promise<unknown>>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let hit = entries.get(key) as Promise<T> | undefined;
      if (!hit) {
        // Settle the loader once: a Drizzle query is a thenable that runs again on every
        // `await`, so caching it as returned would cache nothing.
        hit = (async () => load())();
        entries.set(key, hit);
        hit.catch(() => entries.delete(key));
      }
      return hit;
    },
    async invalidate(key) {
      entries.delete(key);
      await notify(key);
    },
    drop(key) {
      entries.delete(key);
    },
  };
}
