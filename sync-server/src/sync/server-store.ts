import { DOOR_MESSAGES, DomainError, type MutatorStore, type Tournament } from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import { createWalkInInTx } from '../services/door.ts';
import type { PaymentDeps } from '../services/payments.ts';
import { APP_SYNC_MODEL, type EntityAccess, type SyncModel, type WriteContext } from './entities.ts';

// The server's MutatorStore: the same mutators the device runs over its replica run here over
// the database, inside the push's transaction. Writes are stamped with the tournament's
// version by the sync triggers. Each entity is read and written through its access
// (entities.ts), as the registry declares it.
//
// Server-only checks, explicit here: the store sees only rows of the next tournament (a
// mutation about any other tournament's registration finds nothing and is rejected), and a
// mutator may change only the fields its entity declares `writable`; changes to `derived`
// fields are the device's view and ignored; anything else is a bug, not a rule.
// Walk-ins (decision 016): `createWalkIn` makes a walk-in's records (services/door.ts). Receipts
// made here are not e-mailed.

type AnyRow = { id: number | string } & Record<string, unknown>;

export interface ServerStore extends MutatorStore {
  /** Whether a write changed a row (the push then pokes listeners). */
  readonly wrote: boolean;
  /** The entities a write changed, for the poke. */
  readonly wroteEntities: ReadonlySet<string>;
}

export function createServerStore(
  tx: Tx,
  tournament: Tournament | undefined,
  now: Date,
  /** False on PGlite: one connection, so transactions never interleave and row locks only cost time. */
  lockRows = true,
  model: SyncModel = APP_SYNC_MODEL,
  actor: WriteContext['actor'] = { personId: 0, displayName: '' },
): ServerStore {
  const wroteEntities = new Set<string>();
  // Receipts made here carry no link (the view's receipt URL is not used): no public address needed.
  const paymentDeps: PaymentDeps = { now: () => now, config: { publicUrl: '' } };
  // Rows read so far, as this store last saw or wrote them. They are locked until the
  // transaction ends (PGlite runs one transaction at a time), so no one else changes them: a
  // put compares with these instead of reading its row again (a long outbox drains faster).
  const seen = new Map<string, AnyRow>();

  function accessOf(entity: string): EntityAccess<AnyRow> {
    const access = model.access[entity];
    const def = model.registry[entity];
    if (!access || !def) throw new Error(`No synced entity "${entity}" on the server`);
    return access as unknown as EntityAccess<AnyRow>;
  }

  async function read(
    entity: string,
    q: { ids?: (number | string)[]; where?: { field: string; value: unknown } },
  ) {
    if (!tournament) return [];
    // Locked: two tablets checking in one competitor at once are applied one after the other,
    // so the second sees the first's check-in.
    const rows = await accessOf(entity).read(tx, { tournament, ...q, lock: lockRows });
    for (const r of rows) seen.set(`${entity}:${r.id}`, r);
    return rows;
  }

  function assertOnlyWritable(entity: string, before: AnyRow, after: AnyRow) {
    const def = model.registry[entity]!;
    for (const key of Object.keys(before)) {
      if (key === 'version' || def.writable.includes(key) || def.derived.includes(key)) continue;
      if (!Object.is(before[key], after[key]) && JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
        throw new Error(`A mutator changed ${entity}.${key}, which mutators may not write on the server`);
      }
    }
  }

  const writeContext = (): WriteContext => {
    if (!tournament) throw new DomainError('registration_not_found', DOOR_MESSAGES.registrationNotFound);
    return { tournament, now, paymentDeps, actor };
  };

  const store = {
    get wrote() {
      return wroteEntities.size > 0;
    },
    wroteEntities,
    async get(entity: string, id: number | string) {
      const [row] = await read(entity, { ids: [id] });
      return row;
    },
    async list(entity: string, filter: Record<string, unknown>) {
      const entries = Object.entries(filter);
      const [first] = entries;
      const rows = await read(entity, first ? { where: { field: first[0], value: first[1] } } : {});
      return rows.filter((row) => entries.every(([k, v]) => row[k] === v));
    },
    async put(entity: string, row: AnyRow) {
      const key = `${entity}:${row.id}`;
      const before = seen.get(key) ?? (await read(entity, { ids: [row.id] }))[0];
      if (!before) throw new Error(`A mutator put ${entity} ${row.id}, which does not exist`);
      assertOnlyWritable(entity, before, row);
      const access = accessOf(entity);
      if (!access.write) throw new Error(`Mutators may not change ${entity} on the server`);
      if (await access.write(tx, before, row, writeContext())) {
        wroteEntities.add(entity);
        seen.set(key, row);
      }
    },
    async insert(entity: string, row: AnyRow) {
      const access = accessOf(entity);
      if (!access.insert) throw new Error(`Mutators may not add ${entity} on the server`);
      const inserted = await access.insert(tx, row, writeContext());
      if (inserted) wroteEntities.add(entity);
      return inserted;
    },
    async createWalkIn({ args, provisional }: Parameters<MutatorStore['createWalkIn']>[0]) {
      const w = writeContext();
      const made = await createWalkInInTx(
        tx,
        paymentDeps,
        w.tournament,
        args,
        provisional.payment?.recordedBy ?? null,
      );
      if (made.created) for (const e of ['registrations', 'competitors', 'payments']) wroteEntities.add(e);
      return made;
    },
  };
  // The entity-generic methods above stand for MutatorStore's entity-typed ones: the registry
  // (not the compiler) ties an entity name to its row type on this side.
  return store as unknown as ServerStore;
}
