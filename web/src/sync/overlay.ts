import type { SyncCompetitor, SyncPayment, SyncRegistration } from '@shared/contract/sync.ts';
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

const views = new WeakMap<ReplicaSnapshot, CheckInView>();

/** The check-in view of a replica snapshot (the same object for the same snapshot). */
export function checkInView(snapshot: ReplicaSnapshot): CheckInView {
  let view = views.get(snapshot);
  if (!view) {
    const ids = {
      competitors: new Set<number>(),
      registrations: new Set<number>(),
      payments: new Set<string>(),
    };
    for (const key of snapshot.pending) {
      const at = key.indexOf(':');
      const entity = key.slice(0, at);
      const id = key.slice(at + 1);
      if (entity === 'competitors') ids.competitors.add(Number(id));
      else if (entity === 'registrations') ids.registrations.add(Number(id));
      else if (entity === 'payments') ids.payments.add(id);
    }
    view = {
      registrations: snapshot.rows('registrations'),
      competitors: snapshot.rows('competitors'),
      payments: snapshot.rows('payments'),
      pendingCompetitorIds: ids.competitors,
      pendingRegistrationIds: ids.registrations,
      pendingPaymentIds: ids.payments,
      failing: snapshot.failing,
    };
    views.set(snapshot, view);
  }
  return view;
}
