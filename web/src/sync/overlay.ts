import type { SyncCompetitor, SyncPayment, SyncRegistration } from '@shared/contract/sync.ts';
import { MemoryStore, MutationError, runMutation, type MutatorContext } from '@shared/domain/mutators/index.ts';
import type { OutboxEntry } from './db.ts';

// Screens render confirmed rows with the pending mutations replayed on top (DESIGN.md section 4):
// the shared mutators run over an in-memory copy, so the outbox entry is the only write a tap makes.

export interface ConfirmedRows {
  registrations: SyncRegistration[];
  competitors: SyncCompetitor[];
  /** Absent in callers that do not read payments (version 1 screens, older tests). */
  payments?: SyncPayment[];
}

export interface CheckInView {
  registrations: SyncRegistration[];
  competitors: SyncCompetitor[];
  payments: SyncPayment[];
  /** Ids of competitors a pending mutation touched (shown as "not yet sent"). */
  pendingCompetitorIds: Set<number>;
  /** Ids of registrations a pending mutation touched (a payment, a walk-in). */
  pendingRegistrationIds: Set<number>;
  /** Ids of payments a pending mutation made or voided. */
  pendingPaymentIds: Set<string>;
  /** Pending mutations the device itself refuses (e.g. a competitor no longer listed). */
  failing: { mutationId: number; name: string; code: string; message: string }[];
}

/** Replays `outbox` (in id order) over the confirmed rows, as `actor` at `now`. */
export async function replayOutbox(
  confirmed: ConfirmedRows,
  outbox: OutboxEntry[],
  actor: MutatorContext['actor'],
  now: Date = new Date(),
): Promise<CheckInView> {
  const store = new MemoryStore({
    registrations: confirmed.registrations,
    competitors: confirmed.competitors,
    payments: confirmed.payments ?? [],
  });
  const failing: CheckInView['failing'] = [];
  for (const m of [...outbox].sort((a, b) => a.id - b.id)) {
    try {
      await runMutation(store, m.name, m.args, { now, actor, side: 'device' });
    } catch (e) {
      if (!(e instanceof MutationError)) throw e;
      failing.push({ mutationId: m.id, name: m.name, code: e.code, message: e.message });
    }
  }
  const pendingCompetitorIds = new Set<number>();
  const pendingRegistrationIds = new Set<number>();
  const pendingPaymentIds = new Set<string>();
  for (const key of store.touched) {
    const at = key.indexOf(':');
    const entity = key.slice(0, at);
    const id = key.slice(at + 1);
    if (entity === 'competitors') pendingCompetitorIds.add(Number(id));
    else if (entity === 'registrations') pendingRegistrationIds.add(Number(id));
    else if (entity === 'payments') pendingPaymentIds.add(id);
  }
  return {
    registrations: [...store.tables.registrations.values()],
    competitors: [...store.tables.competitors.values()],
    payments: [...store.tables.payments.values()],
    pendingCompetitorIds,
    pendingRegistrationIds,
    pendingPaymentIds,
    failing,
  };
}
