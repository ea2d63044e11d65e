import { eq } from 'drizzle-orm';
import {
  DOOR_MESSAGES,
  MutationError,
  type MutatorStore,
  type SyncCompetitor,
  type SyncEntities,
  type SyncEntity,
  type SyncPayment,
  type Tournament,
} from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import { competitors } from '../db/schema.ts';
import { createWalkInInTx, recordDoorPaymentInTx, voidPaymentInTx } from '../services/door.ts';
import type { PaymentDeps } from '../services/payments.ts';
import { competitorRows, paymentRows, registrationRows } from './rows.ts';

// The server's MutatorStore: the same mutators the device runs over Dexie run here over the
// database, inside the push's transaction. Writes are stamped with the tournament's version by
// the 0005_sync.sql triggers.
//
// Server-only checks, explicit here: the store sees only rows of the next tournament (a
// mutation about any other tournament's registration finds nothing and is rejected), and a
// mutator may change only the fields listed in WRITABLE; anything else is a bug, not a rule.
// Door payments (issue 7): `insert('payments')` records a payment with its receipt, a put
// voiding a payment voids it with a receipt, `createWalkIn` makes a walk-in's records
// (sync-server/src/services/door.ts). Receipts made here are not e-mailed.

const WRITABLE: { [E in SyncEntity]: readonly (keyof SyncEntities[E])[] } = {
  competitors: ['checkedInAt', 'checkedInBy', 'checkedInByName'],
  registrations: [],
  payments: ['voided', 'voidReason', 'voidedAt', 'voidedBy', 'voidedByName'],
};

/**
 * Values the server computes when it reads a row. A mutator changes them only for the
 * device's view (a payment lowers the balance shown at once); the server ignores the change.
 */
const DERIVED: { [E in SyncEntity]: readonly (keyof SyncEntities[E])[] } = {
  competitors: [],
  registrations: [
    'isCompleted',
    'confirmationCodes',
    'balanceOwing',
    'amountPaid',
    'cost',
    'competitorCount',
  ],
  payments: [],
};

type ReadFilter = { ids?: number[]; registrationIds?: number[]; paymentIds?: string[] };

export interface ServerStore extends MutatorStore {
  /** Whether a put changed a row (the push then pokes listeners). */
  readonly wrote: boolean;
}

export function createServerStore(
  tx: Tx,
  tournament: Tournament | undefined,
  now: Date,
  /** False on PGlite: one connection, so transactions never interleave and row locks only cost time. */
  lockRows = true,
): ServerStore {
  let wrote = false;
  // Receipts made here carry no link (the view's receipt URL is not used): no public address needed.
  const paymentDeps: PaymentDeps = { now: () => now, config: { publicUrl: '' } };
  // Competitor rows read so far, as this store last saw or wrote them. They are locked until
  // the transaction ends (PGlite runs one transaction at a time), so no one else changes them: a put compares with these instead of
  // reading its row again (a long outbox drains faster).
  const lockedCompetitors = new Map<number, SyncCompetitor>();

  async function read<E extends SyncEntity>(entity: E, filter: ReadFilter) {
    if (!tournament) return [] as SyncEntities[E][];
    // Locked: two tablets checking in one competitor at once are applied one after the other,
    // so the second sees the first's check-in.
    const rows =
      entity === 'competitors'
        ? await competitorRows(tx, { tournament, ...filter, lock: lockRows })
        : entity === 'payments'
          ? await paymentRows(tx, { tournament, ...filter, lock: lockRows })
          : await registrationRows(tx, { tournament, ...filter, lock: lockRows });
    if (entity === 'competitors') for (const c of rows as SyncCompetitor[]) lockedCompetitors.set(c.id, c);
    return rows as SyncEntities[E][];
  }

  function assertOnlyWritable<E extends SyncEntity>(
    entity: E,
    before: SyncEntities[E],
    after: SyncEntities[E],
  ) {
    const writable = WRITABLE[entity] as readonly string[];
    const derived = DERIVED[entity] as readonly string[];
    for (const key of Object.keys(before) as (keyof SyncEntities[E] & string)[]) {
      if (key === 'version' || writable.includes(key) || derived.includes(key)) continue;
      if (before[key] !== after[key]) {
        throw new Error(`A mutator changed ${entity}.${key}, which mutators may not write on the server`);
      }
    }
  }

  return {
    get wrote() {
      return wrote;
    },
    async get(entity, id) {
      const [row] = await read(entity, byId(id));
      return row;
    },
    async list(entity, filter) {
      const f = filter as Record<string, unknown>;
      const narrowed =
        entity !== 'registrations' && typeof f.registrationId === 'number'
          ? await read(entity, { registrationIds: [f.registrationId] })
          : await read(entity, {});
      return narrowed.filter((row) =>
        Object.entries(f).every(([k, v]) => (row as Record<string, unknown>)[k] === v),
      );
    },
    async put(entity, row) {
      const seen = entity === 'competitors' ? lockedCompetitors.get(row.id as number) : undefined;
      const before =
        (seen as SyncEntities[typeof entity] | undefined) ?? (await read(entity, byId(row.id)))[0];
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
        lockedCompetitors.set(c.id, { ...c, checkedInBy: c.checkedInAt ? c.checkedInBy : null });
        wrote = true;
      } else if (entity === 'payments' && tournament) {
        const p = row as SyncPayment;
        const prev = before as SyncPayment;
        if (p.voided === prev.voided) return;
        if (!p.voided) throw new Error('A mutator un-voided a payment, which mutators may not do');
        await voidPaymentInTx(tx, paymentDeps, tournament, prev, {
          reason: p.voidReason ?? '',
          by: p.voidedBy,
        });
        wrote = true;
      }
      // registrations: only derived values change (ignored; the server recomputes them).
    },
    async insert(entity, row) {
      if (!tournament) throw new MutationError('registration_not_found', DOOR_MESSAGES.registrationNotFound);
      const inserted = await recordDoorPaymentInTx(tx, paymentDeps, tournament, row);
      if (inserted) wrote = true;
      void entity;
      return inserted;
    },
    async createWalkIn({ args, provisional }) {
      if (!tournament) throw new MutationError('registration_not_found', DOOR_MESSAGES.registrationNotFound);
      const made = await createWalkInInTx(
        tx,
        paymentDeps,
        tournament,
        args,
        provisional.payment?.recordedBy ?? null,
      );
      if (made.created) wrote = true;
      return made;
    },
  };
}

/** The read filter of one row by id: payments by their string id. */
function byId(id: number | string): ReadFilter {
  return typeof id === 'string' ? { paymentIds: [id] } : { ids: [id] };
}
