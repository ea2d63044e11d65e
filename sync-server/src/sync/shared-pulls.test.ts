import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { sharedAnswer, type SharedAnswer } from './shared-pulls.ts';

// The signage pulls' lanes: pulls arriving together share one computation; a pull arriving while
// one runs waits for the next, which starts after it, so its answer is read after it arrived.

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A computation per call, each answering its own number once released. */
function computations() {
  const release: ((fail?: boolean) => void)[] = [];
  const compute = () =>
    new Promise<SharedAnswer>((resolve, reject) => {
      const n = release.length + 1;
      release.push((fail) =>
        fail ? reject(new Error(`computation ${n} failed`)) : resolve({ version: n, patch: [] }),
      );
    });
  return { compute, release, count: () => release.length };
}

describe('shared signage answers', () => {
  it('computes once for the pulls that arrive together, and again for one arriving during it', async () => {
    const db = {} as Database;
    const c = computations();
    const first = [1, 2, 3].map(() => sharedAnswer(db, 'signage', 'k', c.compute));
    await turn();
    expect(c.count()).toBe(1);
    // These arrive while the first answer is computed: they ride the next one, not this one.
    const second = [1, 2].map(() => sharedAnswer(db, 'signage', 'k', c.compute));
    await turn();
    expect(c.count()).toBe(1);
    c.release[0]!();
    expect((await Promise.all(first)).map((a) => a.version)).toEqual([1, 1, 1]);
    await turn();
    expect(c.count()).toBe(2);
    c.release[1]!();
    expect((await Promise.all(second)).map((a) => a.version)).toEqual([2, 2]);
    // Nothing is kept: a later pull computes afresh.
    const later = sharedAnswer(db, 'signage', 'k', c.compute);
    await turn();
    c.release[2]!();
    expect((await later).version).toBe(3);
  });

  it('keeps other cookies and other databases apart, and lets a failed answer fail only its riders', async () => {
    const c = computations();
    const db = {} as Database;
    const a = sharedAnswer(db, 'signage', 'from-5', c.compute);
    const b = sharedAnswer(db, 'signage', 'full', c.compute);
    const elsewhere = sharedAnswer({} as Database, 'signage', 'from-5', c.compute);
    await turn();
    expect(c.count()).toBe(3);
    c.release[0]!(true);
    c.release[1]!();
    c.release[2]!();
    await expect(a).rejects.toThrow('computation 1 failed');
    expect((await b).version).toBe(2);
    expect((await elsewhere).version).toBe(3);
    const again = sharedAnswer(db, 'signage', 'from-5', c.compute);
    await turn();
    c.release[3]!();
    expect((await again).version).toBe(4);
  });
});
