import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTypes } from '../db/schema.ts';
import { EVENT_TYPES_CACHE_KEY } from '../services/tournaments.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { CACHE_CHANNEL, createCache } from './cache.ts';

// Public reads are cached and dropped on change, here and on every server sharing the database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('read cache', () => {
  it('runs a loader once, even one returning a thenable that reruns on every await (a Drizzle query)', async () => {
    let runs = 0;
    const query = {
      then<R>(resolve: (v: number) => R) {
        runs += 1;
        return Promise.resolve(resolve(42));
      },
    } as unknown as Promise<number>;
    const cache = createCache(async () => {});
    expect(await cache.get('k', () => query)).toBe(42);
    expect(await cache.get('k', () => query)).toBe(42);
    expect(await cache.get('k', () => query)).toBe(42);
    expect(runs).toBe(1);
  });

  it('forgets a failed load so the next read tries again', async () => {
    const cache = createCache(async () => {});
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('peeks a value only once its load has settled, and never after it is dropped or invalidated', async () => {
    const cache = createCache(async () => {});
    let finish: (value: { n: number }) => void = () => {};
    const loading = cache.get('k', () => new Promise<{ n: number }>((resolve) => (finish = resolve)));
    expect(cache.peek('k')).toBeUndefined();
    finish({ n: 1 });
    expect(await loading).toEqual({ n: 1 });
    expect(cache.peek('k')).toEqual({ n: 1 });

    await cache.invalidate('k');
    expect(cache.peek('k')).toBeUndefined();
    const reloaded = cache.get('k', async () => ({ n: 2 }));
    expect(cache.peek('k')).toBeUndefined();
    await reloaded;
    expect(cache.peek('k')).toEqual({ n: 2 });

    cache.drop('k'); // the NOTIFY listener's way
    expect(cache.peek('k')).toBeUndefined();
  });

  it('does not peek a load that was dropped while it ran, nor a failed one', async () => {
    const cache = createCache(async () => {});
    let finish: (value: string) => void = () => {};
    const old = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.drop('k'); // a change while the old rows were being read
    finish('old');
    await old;
    expect(cache.peek('k')).toBeUndefined();
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peek('k')).toBeUndefined();
  });

  it('serves GET /api/event-types from the cache until the key is invalidated', async () => {
    const before = await t.call('GET', '/api/event-types');
    expect(before.status).toBe(200);
    await t.db.insert(eventTypes).values({ title: 'Breaking', sortOrder: 9 });
    expect((await t.call('GET', '/api/event-types')).json).toEqual(before.json);
    await t.deps.cache.invalidate(EVENT_TYPES_CACHE_KEY);
    const after = await t.call('GET', '/api/event-types');
    expect(after.json.map((e: { title: string }) => e.title)).toContain('Breaking');
  });

  it('tells the other servers on the same database to drop the key (LISTEN/NOTIFY)', async () => {
    const other = createCache((key) => t.database.notify(CACHE_CHANNEL, key));
    // Other keys may still arrive here (the previous test's invalidation is delivered
    // asynchronously on PostgreSQL), so wait for this one.
    let onDropped: (key: string) => void = () => {};
    const dropped = new Promise<string>((resolve) => (onDropped = resolve));
    await t.database.listen(CACHE_CHANNEL, (key) => {
      other.drop(key);
      if (key === 'shared-key') onDropped(key);
    });
    let loads = 0;
    await other.get('shared-key', async () => ++loads);
    await other.get('shared-key', async () => ++loads);
    expect(loads).toBe(1);
    await t.deps.cache.invalidate('shared-key');
    expect(await dropped).toBe('shared-key');
    expect(await other.get('shared-key', async () => ++loads)).toBe(2);
  });
});
