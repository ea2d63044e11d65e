import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { PREPARED_MAX_PARAMETERS, preparable } from './prepared.ts';
import type { Tx } from './client.ts';
import { eventTypes } from './schema.ts';

describe('which statements are prepared', () => {
  it('those with parameters, up to the bound; none without; always when Drizzle asks', () => {
    expect(preparable([1], false)).toBe(true);
    expect(
      preparable(
        Array.from({ length: PREPARED_MAX_PARAMETERS }, (_, i) => i),
        false,
      ),
    ).toBe(true);
    expect(
      preparable(
        Array.from({ length: PREPARED_MAX_PARAMETERS + 1 }, (_, i) => i),
        false,
      ),
    ).toBe(false);
    expect(preparable([], false)).toBe(false);
    expect(preparable(undefined, undefined)).toBe(false);
    expect(
      preparable(
        Array.from({ length: 100 }, (_, i) => i),
        true,
      ),
    ).toBe(true);
  });
});

// On PostgreSQL, what the connection itself reports: a transaction keeps one connection, so its
// prepared statements are those of the connection the statements ran on.
if (process.env.DATABASE_URL) {
  describe('on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    }, 30_000);
    afterAll(() => t.close());

    /** The statements the transaction's connection has prepared (postgres.js answers an array). */
    const prepared = async (tx: Tx): Promise<string[]> =>
      (
        (await tx.execute(sql`select statement from pg_prepared_statements`)) as unknown as {
          statement: string;
        }[]
      ).map((r) => r.statement);

    it('a query sent twice on one connection is prepared once and gives the same rows', async () => {
      await t.db.transaction(async (tx) => {
        const query = () => tx.select().from(eventTypes).where(eq(eventTypes.id, 1));
        const [first] = await query();
        const [again] = await query();
        expect(again).toEqual(first);
        const text = query().toSQL().sql;
        expect((await prepared(tx)).filter((s) => s === text)).toHaveLength(1);
      });
    });

    it('a statement with more parameters than the bound is not kept by the connection', async () => {
      const ids = Array.from({ length: PREPARED_MAX_PARAMETERS + 1 }, (_, i) => i + 1);
      await t.db.transaction(async (tx) => {
        const rows = await tx.select().from(eventTypes).where(inArray(eventTypes.id, ids));
        expect(rows.length).toBeGreaterThan(0);
        const statements = await prepared(tx);
        expect(statements.some((s) => s.includes(`$${PREPARED_MAX_PARAMETERS + 1}`))).toBe(false);
      });
    });

    it('reads sent together in a transaction are all answered, in a savepoint too', async () => {
      await t.db.transaction(async (tx) => {
        const [a, b] = await Promise.all([
          tx.select().from(eventTypes).where(eq(eventTypes.id, 1)),
          tx.select().from(eventTypes).where(eq(eventTypes.id, 2)),
        ]);
        expect([a[0]?.id, b[0]?.id]).toEqual([1, 2]);
        await tx.transaction(async (sp) => {
          const [c] = await sp.select().from(eventTypes).where(eq(eventTypes.id, 2));
          expect(c?.id).toBe(2);
          expect((await prepared(sp)).some((s) => s.includes('from "event_types" where'))).toBe(true);
        });
      });
    });
  });
}
