import { eq } from 'drizzle-orm';
import {
  SYNC_REGISTRY,
  type SyncCompetitor,
  type SyncEntities,
  type SyncEntity,
  type SyncPayment,
  type SyncRegistry,
  type SyncScope,
  type Tournament,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { competitors } from '../db/schema.ts';
import type { Caller } from '../deps.ts';
import { recordDoorPaymentInTx, voidPaymentInTx } from '../services/door.ts';
import type { PaymentDeps } from '../services/payments.ts';
import { competitorRows, paymentRows, registrationRows } from './rows.ts';

// How the server reads and writes each synced entity of the registry (shared/src/contract/
// sync-entities.ts): its table (the one whose sync trigger stamps its rows), a pull reader per
// scope, the reader the server's mutator store uses inside a push, and the writes a mutator's
// `put`/`insert` become. One entry per registry entity; a test fails when one is missing.

/** What a pull asks of an entity: rows of the next tournament for one scope, changed since a version. */
export interface PullQuery {
  tournament: Tournament;
  scope: SyncScope;
  caller: Caller | null;
  /** Only rows changed after this version (an incremental pull); all when undefined. */
  sinceVersion?: number | undefined;
}

/** What the mutator store asks: rows by id, or by a field's value, locked until the push's transaction ends. */
export interface StoreQuery {
  tournament: Tournament;
  ids?: readonly (number | string)[];
  /** Rows whose `field` equals `value` (the store's `list`); the reader may ignore it and the store filters. */
  where?: { field: string; value: unknown };
  lock: boolean;
}

/** What a write may use besides the transaction: the time, and payment receipts' needs. */
export interface WriteContext {
  tournament: Tournament;
  now: Date;
  paymentDeps: PaymentDeps;
}

export interface EntityAccess<Row extends { id: number | string } = { id: number | string }> {
  /** The table whose rows this entity carries, stamped by a sync trigger (0005/0006/0009 migrations). */
  table: string;
  /** Rows of a scope's patch; shape them for the scope here (the customer scope sees less). */
  pull(db: Db, q: PullQuery): Promise<Row[]>;
  /** Rows for the server's mutator store. */
  read(tx: Tx, q: StoreQuery): Promise<Row[]>;
  /**
   * Writes a row a mutator changed (only its registry `writable` fields differ from `before`;
   * the store checked). Answers whether anything was written.
   */
  write?(tx: Tx, before: Row, after: Row, w: WriteContext): Promise<boolean>;
  /** Adds a row a mutator made; false when its id exists. */
  insert?(tx: Tx, row: Row, w: WriteContext): Promise<boolean>;
}

/** The server's side of a registry: how each entity is read and written. */
export interface SyncModel {
  registry: SyncRegistry;
  access: Readonly<Record<string, EntityAccess>>;
}

/** Numbers of a query's ids (the numeric-keyed readers). */
const numbers = (ids: readonly (number | string)[] | undefined) => ids?.map(Number);

const registrationsAccess: EntityAccess<SyncEntities['registrations']> = {
  table: 'registrations',
  pull: (db, q) =>
    registrationRows(db, {
      tournament: q.tournament,
      sinceVersion: q.sinceVersion,
      ...(q.scope === 'customer' ? { ownerUserId: q.caller?.personId ?? 0 } : {}),
    }),
  read: (tx, q) => registrationRows(tx, { tournament: q.tournament, ids: numbers(q.ids), lock: q.lock }),
  // Only derived values change (a payment lowers the balance shown): the server recomputes them.
  write: async () => false,
};

const competitorsAccess: EntityAccess<SyncCompetitor> = {
  table: 'competitors',
  async pull(db, q) {
    const rows = await competitorRows(db, {
      tournament: q.tournament,
      sinceVersion: q.sinceVersion,
      ...(q.scope === 'customer' ? { ownerUserId: q.caller?.personId ?? 0 } : {}),
    });
    // A family sees that its child is checked in, not which volunteer did it.
    return q.scope === 'customer'
      ? rows.map((c) => ({ ...c, checkedInBy: null, checkedInByName: null }))
      : rows;
  },
  read: (tx, q) =>
    competitorRows(tx, {
      tournament: q.tournament,
      ids: numbers(q.ids),
      ...(q.where?.field === 'registrationId' ? { registrationIds: [Number(q.where.value)] } : {}),
      lock: q.lock,
    }),
  async write(tx, before, after, w) {
    if (after.checkedInAt === before.checkedInAt && after.checkedInBy === before.checkedInBy) return false;
    await tx
      .update(competitors)
      .set({
        checkedInAt: after.checkedInAt ? new Date(after.checkedInAt) : null,
        checkedInBy: after.checkedInAt ? after.checkedInBy : null,
        updatedAt: w.now,
      })
      .where(eq(competitors.id, after.id));
    return true;
  },
};

const paymentsAccess: EntityAccess<SyncPayment> = {
  table: 'payments',
  pull: (db, q) => paymentRows(db, { tournament: q.tournament, sinceVersion: q.sinceVersion }),
  read: (tx, q) =>
    paymentRows(tx, {
      tournament: q.tournament,
      ...(q.ids ? { paymentIds: q.ids.map(String) } : {}),
      ...(q.where?.field === 'registrationId' ? { registrationIds: [Number(q.where.value)] } : {}),
      lock: q.lock,
    }),
  async write(tx, before, after, w) {
    if (after.voided === before.voided) return false;
    if (!after.voided) throw new Error('A mutator un-voided a payment, which mutators may not do');
    await voidPaymentInTx(tx, w.paymentDeps, w.tournament, before, {
      reason: after.voidReason ?? '',
      by: after.voidedBy,
    });
    return true;
  },
  // Recording a payment also completes its registration if incomplete and issues a receipt.
  insert: (tx, row, w) => recordDoorPaymentInTx(tx, w.paymentDeps, w.tournament, row),
};

/** Every registry entity's access, typed so that a registry entity without one does not compile. */
export const ENTITY_ACCESS: { [E in SyncEntity]: EntityAccess<SyncEntities[E]> } = {
  registrations: registrationsAccess,
  competitors: competitorsAccess,
  payments: paymentsAccess,
};

/** The app's sync model: the shared registry and the access above. */
export const APP_SYNC_MODEL: SyncModel = {
  registry: SYNC_REGISTRY,
  access: ENTITY_ACCESS,
};
