import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { bigint, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  defineEntity,
  SYNC_REGISTRY,
  type PatchOp,
  type PullRequest,
  type Tournament,
} from '@tournament/shared';
import type { Caller } from '../deps.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { APP_SYNC_MODEL, ENTITY_ACCESS, type EntityAccess, type SyncModel } from './entities.ts';
import { pull } from './pull.ts';
import { createServerStore } from './server-store.ts';

// The entity registry drives the server (decision 019): every table a sync trigger stamps is a
// registry entity with a row reader, and an entity declared only here, in test code, syncs
// through pull — first rows, update, delete by tombstone, clear — and through a mutator's
// writes, with no change to pull.ts or the server store.

let t: TestApp;
let next: Tournament;
let staff: Caller;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T12:00:00Z' });
  next = (await getNextTournament(t.deps))!;
  const made = await t.createUser('CheckInAdmin', { firstName: 'Dana', lastName: 'Door' });
  staff = { personId: made.user.id, roles: ['CheckInAdmin'], displayName: 'Dana Door' };
}, 120_000);
afterAll(() => t.close());

type Rows = Record<string, unknown>[];

describe('the entity registry and the database', () => {
  it('has a registry entity with a row reader for every table a sync trigger stamps, and no entity without one', async () => {
    const stamped = (await t.deps.database.scriptTransaction((run) =>
      run(`select distinct c.relname as table_name
             from pg_trigger tr
             join pg_class c on c.oid = tr.tgrelid
             join pg_proc p on p.oid = tr.tgfoid
            where not tr.tgisinternal
              and p.proname like 'sync\\_stamp%'
              and c.relnamespace = current_schema()::regnamespace
            order by 1`),
    )) as Rows;
    const tables = stamped.map((r) => String(r.table_name));
    expect(tables.length).toBeGreaterThan(0);
    const byTable = new Map(Object.entries(APP_SYNC_MODEL.access).map(([name, a]) => [a.table, name]));
    for (const table of tables) {
      expect(byTable.get(table), `the stamped table "${table}" has no registry entity`).toBeDefined();
    }
    for (const name of Object.keys(SYNC_REGISTRY)) {
      const access = APP_SYNC_MODEL.access[name];
      expect(access, `the entity "${name}" has no row reader`).toBeDefined();
      expect(tables, `the table of "${name}" has no sync trigger`).toContain(access!.table);
    }
  });
});

// ---- A test entity, declared only here --------------------------------------------------------

const TestNoteSchema = z.object({
  id: z.number().int(),
  tournamentId: z.number().int(),
  body: z.string(),
  pinned: z.boolean(),
  version: z.number().int(),
});
type TestNote = z.infer<typeof TestNoteSchema>;

const testNotesEntity = defineEntity({
  name: 'testNotes',
  key: 'number',
  schema: TestNoteSchema,
  scopes: ['checkin'],
  indexes: [],
  writable: ['pinned'],
  derived: [],
});

const testNotes = pgTable('test_notes', {
  id: serial('id').primaryKey(),
  tournamentId: integer('tournament_id').notNull(),
  body: text('body').notNull(),
  pinned: integer('pinned').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

const toNote = (r: typeof testNotes.$inferSelect): TestNote => ({
  id: r.id,
  tournamentId: r.tournamentId,
  body: r.body,
  pinned: r.pinned === 1,
  version: r.version,
});

const testNotesAccess: EntityAccess<TestNote> = {
  table: 'test_notes',
  async pull(db, q) {
    const where = [eq(testNotes.tournamentId, q.tournament.id)];
    if (q.sinceVersion !== undefined) where.push(gt(testNotes.version, q.sinceVersion));
    return (
      await db
        .select()
        .from(testNotes)
        .where(and(...where))
        .orderBy(asc(testNotes.id))
    ).map(toNote);
  },
  async read(tx, q) {
    const rows = await tx.select().from(testNotes).where(eq(testNotes.tournamentId, q.tournament.id));
    return rows.map(toNote).filter((n) => !q.ids || q.ids.includes(n.id));
  },
  async write(tx, before, after) {
    if (before.pinned === after.pinned) return false;
    await tx
      .update(testNotes)
      .set({ pinned: after.pinned ? 1 : 0 })
      .where(eq(testNotes.id, after.id));
    return true;
  },
};

const model: SyncModel = {
  registry: { ...SYNC_REGISTRY, testNotes: testNotesEntity },
  access: { ...ENTITY_ACCESS, testNotes: testNotesAccess },
};

const request = (cookie: string | null): PullRequest => ({
  clientGroupId: 'group-notes',
  clientId: 'tablet-notes',
  cookie,
  scope: 'checkin',
});
const notesOf = (patch: PatchOp[]) =>
  patch.filter((op) => op.op !== 'clear' && (op as { entity: string }).entity === 'testNotes');

describe('an entity declared only in the registry (and a table with the sync trigger)', () => {
  beforeAll(async () => {
    await t.deps.database.execScript(`
      create table test_notes (
        id serial primary key,
        tournament_id integer not null,
        body text not null,
        pinned integer not null default 0,
        version bigint not null default 0
      );
      select sync_track_table('test_notes', 'testNotes');`);
  });

  it('reaches the device: rows, an update, a deletion by tombstone, and a full reset that clears first', async () => {
    const [note] = await t.db
      .insert(testNotes)
      .values({ tournamentId: next.id, body: 'Ring 2 mats' })
      .returning();
    const first = await pull(t.deps, staff, request(null), model);
    expect(first.patch[0]).toEqual({ op: 'clear' });
    expect(notesOf(first.patch)).toEqual([
      {
        op: 'put',
        entity: 'testNotes',
        rows: [expect.objectContaining({ id: note!.id, body: 'Ring 2 mats', pinned: false })],
      },
    ]);

    await t.db.update(testNotes).set({ body: 'Ring 2 mats, taped' }).where(eq(testNotes.id, note!.id));
    const second = await pull(t.deps, staff, request(first.cookie), model);
    expect(second.patch).toEqual([
      {
        op: 'put',
        entity: 'testNotes',
        rows: [expect.objectContaining({ id: note!.id, body: 'Ring 2 mats, taped' })],
      },
    ]);

    await t.db.delete(testNotes).where(eq(testNotes.id, note!.id));
    const third = await pull(t.deps, staff, request(second.cookie), model);
    expect(third.patch).toEqual([{ op: 'del', entity: 'testNotes', ids: [note!.id] }]);

    const reset = await pull(t.deps, staff, request('not-a-cookie'), model);
    expect(reset.patch[0]).toEqual({ op: 'clear' });
    expect(notesOf(reset.patch)).toEqual([]);
  });

  it("is written by a mutator's put through its access, and only in its writable fields", async () => {
    const [note] = await t.db
      .insert(testNotes)
      .values({ tournamentId: next.id, body: 'Judges at 9' })
      .returning();
    await t.db.transaction(async (tx) => {
      const store = createServerStore(tx, next, new Date(), false, model);
      const row = (await store.get('testNotes' as never, note!.id as never)) as unknown as TestNote;
      await store.put('testNotes' as never, { ...row, pinned: true } as never);
      expect(store.wroteEntities).toEqual(new Set(['testNotes']));
      await expect(store.put('testNotes' as never, { ...row, body: 'changed' } as never)).rejects.toThrow(
        /testNotes\.body/,
      );
    });
    const [after] = await t.db.select().from(testNotes).where(eq(testNotes.id, note!.id));
    expect(after!.pinned).toBe(1);
    expect(after!.body).toBe('Judges at 9');
  });
});
