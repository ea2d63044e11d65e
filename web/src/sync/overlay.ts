import type { SyncCompetitor, SyncPayment, SyncRegistration } from '@shared/contract/sync.ts';
import type { SyncEntity } from '@shared/contract/sync-entities.ts';
import type { Failing, ReplicaSnapshot } from './replica.ts';

// What the check-in, payments and walk-in screens read: the checkin scope's rows from the
// replica (confirmed, with the outbox replayed on top), and which of them a change not yet
// confirmed touched.

export interface CheckInView {
  registrations: readonly SyncRegistration[];
  competitors: readonly SyncCompetitor[];
  payments: readonly SyncPayment[];
  /** Ids of competitors a pending mutation touched (shown as "not yet sent"). */
  pendingCompetitorIds: ReadonlySet<number>;
  /** Ids of registrations a pending mutation touched (a payment, a walk-in). */
  pendingRegistrationIds: ReadonlySet<number>;
  /** Ids of payments a pending mutation made or voided. */
  pendingPaymentIds: ReadonlySet<string>;
  /** Pending mutations the device itself refuses (e.g. a competitor no longer listed). */
  failing: readonly Failing[];
}

const byEntity = new WeakMap<ReadonlySet<string>, Map<string, Set<string>>>();

/**
 * The ids of `entity`'s rows that a change not yet confirmed by the server touched (a screen's
 * "not yet sent" marks), from the replica's pending "entity:id" keys. Ids as the keys spell them.
 */
export function pendingIdsOf(pending: ReadonlySet<string>, entity: SyncEntity): ReadonlySet<string> {
  let all = byEntity.get(pending);
  if (!all) {
    all = new Map();
    for (const key of pending) {
      const at = key.indexOf(':');
      const name = key.slice(0, at);
      const ids = all.get(name) ?? new Set<string>();
      ids.add(key.slice(at + 1));
      all.set(name, ids);
    }
    byEntity.set(pending, all);
  }
  return all.get(entity) ?? NONE;
}
const NONE: ReadonlySet<string> = new Set();

const views = new WeakMap<ReplicaSnapshot, CheckInView>();

/** The check-in view of a replica snapshot (the same object for the same snapshot). */
export function checkInView(snapshot: ReplicaSnapshot): CheckInView {
  let view = views.get(snapshot);
  if (!view) {
    const numbers = (entity: SyncEntity) => new Set([...pendingIdsOf(snapshot.pending, entity)].map(Number));
    view = {
      registrations: snapshot.rows('registrations'),
      competitors: snapshot.rows('competitors'),
      payments: snapshot.rows('payments'),
      pendingCompetitorIds: numbers('competitors'),
      pendingRegistrationIds: numbers('registrations'),
      pendingPaymentIds: pendingIdsOf(snapshot.pending, 'payments'),
      failing: snapshot.failing,
    };
    views.set(snapshot, view);
  }
  return view;
}
