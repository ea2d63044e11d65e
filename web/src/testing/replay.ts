import type { SyncCompetitor, SyncPayment, SyncRegistration } from '@shared/contract/sync.ts';
import type { MutatorContext } from '@shared/domain/mutators/index.ts';
import { DeviceDb, type OutboxEntry } from '../sync/db.ts';
import { checkInView, type CheckInView } from '../sync/overlay.ts';
import { Replica } from '../sync/replica.ts';

/**
 * What the check-in screens would show for these confirmed rows and outbox: a fresh device
 * store holding them, loaded by a replica (the same path as a reloaded tablet).
 */
export async function replayOutbox(
  confirmed: { registrations: SyncRegistration[]; competitors: SyncCompetitor[]; payments?: SyncPayment[] },
  outbox: OutboxEntry[],
  actor: MutatorContext['actor'],
  now: Date = new Date(),
): Promise<CheckInView> {
  const db = new DeviceDb(`replay-${crypto.randomUUID()}`);
  try {
    await db.entity('registrations').bulkPut(confirmed.registrations);
    await db.entity('competitors').bulkPut(confirmed.competitors);
    await db.entity('payments').bulkPut(confirmed.payments ?? []);
    await db.outbox.bulkPut(outbox);
    const replica = new Replica(
      db,
      () => actor,
      () => now,
    );
    await replica.reload();
    replica.dispose();
    return checkInView(replica.getSnapshot());
  } finally {
    db.close();
    await db.delete();
  }
}
