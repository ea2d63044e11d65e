import { eq } from 'drizzle-orm';
import type { MutatorStore, SyncCompetitor, SyncEntities, SyncEntity, Tournament } from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import { competitors } from '../db/schema.ts';
import { competitorRows, registrationRows } from './rows.ts';

// The server's MutatorStore: the same mutators the device runs over Dexie run here over the
// database, inside the push's transaction. Writes are stamped with the tournament's version by
// the 0005_sync.sql triggers.
//
// Server-only checks, explicit here: the store sees only rows of the next tournament (a
// mutation about any other tournament's registration finds nothing and is rejected), and a
// mutator may change only the fields listed in WRITABLE; anything else is a bug, not a rule.

const WRITABLE: { [E in SyncEntity]: readonly (keyof SyncEntities[E])[] } = {
  competitors: ['checkedInAt', 'checkedInBy', 'checkedInByName'],
  registrations: [],
};

export interface ServerStore extends MutatorStore {
  /** Whether a put changed a row (the push then pokes listeners). */
  readonly wrote: boolean;
}

export function createServerStore(tx: Tx, tournament: Tournament | undefined, now: Date): ServerStore {
  let wrote = false;

  async function read<E extends SyncEntity>(
    entity: E,
    filter: { ids?: number[]; registrationIds?: number[] },
  ) {
    if (!tournament) return [] as SyncEntities[E][];
    // Locked: two tablets checking in one competitor at once are applied one after the other,
    // so the second sees the first's check-in.
    const rows =
      entity === 'competitors'
        ? await competitorRows(tx, { tournament, ...filter, lock: true })
        : await registrationRows(tx, { tournament, ...filter, lock: true });
    return rows as SyncEntities[E][];
  }

  function assertOnlyWritable<E extends SyncEntity>(
    entity: E,
    before: SyncEntities[E],
    after: SyncEntities[E],
  ) {
    const writable = WRITABLE[entity] as readonly string[];
    for (const key of Object.keys(before) as (keyof SyncEntities[E] & string)[]) {
      if (key !== 'version' && !writable.includes(key) && before[key] !== after[key]) {
        throw new Error(`A mutator changed ${entity}.${key}, which mutators may not write on the server`);
      }
    }
  }

  return {
    get wrote() {
      return wrote;
    },
    async get(entity, id) {
      const [row] = await read(entity, { ids: [id] });
      return row;
    },
    async list(entity, filter) {
      const f = filter as Record<string, unknown>;
      const narrowed =
        entity === 'competitors' && typeof f.registrationId === 'number'
          ? await read(entity, { registrationIds: [f.registrationId] })
          : await read(entity, {});
      return narrowed.filter((row) =>
        Object.entries(f).every(([k, v]) => (row as Record<string, unknown>)[k] === v),
      );
    },
    async put(entity, row) {
      const before = (await read(entity, { ids: [row.id] }))[0];
      if (!before) throw new Error(`A mutator put ${entity} ${row.id}, which does not exist`);
      assertOnlyWritable(entity, before, row);
      if (entity === 'competitors') {
        const c = row as SyncCompetitor;
        const prev = before as SyncCompetitor;
        if (c.checkedInAt === prev.checkedInAt && c.checkedInBy === prev.checkedInBy) return;
        await tx
          .update(competitors)
          .set({
            checkedInAt: c.checkedInAt ? new Date(c.checkedInAt) : null,
            checkedInBy: c.checkedInAt ? c.checkedInBy : null,
            updatedAt: now,
          })
          .where(eq(competitors.id, c.id));
        wrote = true;
      }
    },
  };
}
