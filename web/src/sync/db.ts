import Dexie, { type EntityTable } from 'dexie';
import type { SyncCompetitor, SyncPayment, SyncRegistration } from '@shared/contract/sync.ts';

// The device store (DESIGN.md section 4; docs/decisions/010-device-store.md): rows the server
// confirmed, the outbox of mutations not yet confirmed, rejections to show, and sync metadata.
// Screens never read confirmed rows alone: they replay the outbox on top (overlay.ts).

export interface OutboxEntry {
  /** The mutation id: 1, 2, 3... per clientId, in the order of the taps. */
  id: number;
  name: string;
  args: unknown;
  /** When it was queued (ISO 8601), for the indicator. */
  queuedAt: string;
}

export interface StoredRejection {
  mutationId: number;
  name: string;
  code: string;
  message: string;
  at: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export const DB_NAME = 'nomac-device';

export class DeviceDb extends Dexie {
  registrations!: EntityTable<SyncRegistration, 'id'>;
  competitors!: EntityTable<SyncCompetitor, 'id'>;
  /** Version 2: payments of the next tournament (door and online), never deleted (voided). */
  payments!: EntityTable<SyncPayment, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  rejections!: EntityTable<StoredRejection, 'mutationId'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = DB_NAME) {
    super(name);
    // Version 1. A later version adds `this.version(2).stores({...}).upgrade(...)` below; never
    // edit this one (tablets in the field hold data in it).
    this.version(1).stores({
      registrations: 'id, tournamentId',
      competitors: 'id, registrationId',
      outbox: 'id',
      rejections: 'mutationId',
      meta: 'key',
    });
    // Version 2 (issue 7, door payments): a payments table. Rows of version 1 and the outbox
    // stay; the pull cookies go, so the next pull is a full one that brings every payment
    // (payments made before the upgrade are older than the cookie the tablet holds).
    this.version(2)
      .stores({ payments: 'id, registrationId' })
      .upgrade(async (tx) => {
        const keys = (await tx.table<MetaRow, string>('meta').toCollection().primaryKeys()).filter((k) =>
          k.startsWith('cookie:'),
        );
        await tx.table('meta').bulkDelete(keys);
      });
  }
}

let instance: DeviceDb | null = null;

/** The tab's one handle on the device store. */
export function deviceDb(): DeviceDb {
  instance ??= new DeviceDb();
  return instance;
}

/** Tests: a fresh database under another name. */
export function setDeviceDbForTests(db: DeviceDb | null): void {
  instance = db;
}

export const META = {
  clientId: 'clientId',
  clientGroupId: 'clientGroupId',
  nextMutationId: 'nextMutationId',
  lastSynced: 'lastSynced',
  /** The person whose data this is: another person signing in on the tablet starts afresh. */
  personId: 'personId',
  cookie: (scope: string) => `cookie:${scope}`,
  /** The last `GET /api/registration/options` answer and tournament, for walk-ins offline. */
  walkInOptions: 'walkInOptions',
} as const;

export async function getMeta<T>(db: DeviceDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(db: DeviceDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/** Deletes every local row (logout). */
export async function wipeDeviceStore(db: DeviceDb = deviceDb()): Promise<void> {
  await db.transaction(
    'rw',
    [db.registrations, db.competitors, db.payments, db.outbox, db.rejections, db.meta],
    async () => {
      await Promise.all([
        db.registrations.clear(),
        db.competitors.clear(),
        db.payments.clear(),
        db.outbox.clear(),
        db.rejections.clear(),
        db.meta.clear(),
      ]);
    },
  );
}
