import Dexie, { type EntityTable, type Table } from 'dexie';
import {
  DEVICE_STORE_VERSION,
  deviceStores,
  SYNC_REGISTRY,
  type SyncEntities,
  type SyncEntity,
  type SyncIdOf,
  type SyncRegistry,
} from '@shared/contract/sync-entities.ts';

// The device store (docs/design.md §4; docs/decisions/010-device-store.md): rows the server
// confirmed (one table per entity of the registry), the outbox of mutations not yet confirmed,
// the optimistic rows those mutations make (`pending`), rejections to show, and sync metadata.
// Screens never read it directly: they read the in-memory replica (replica.ts) loaded from it.

export interface OutboxEntry {
  /** The mutation id: 1, 2, 3... per clientId, in the order of the taps. */
  id: number;
  name: string;
  args: unknown;
  /** When it was queued (ISO 8601), for the indicator. */
  queuedAt: string;
  /** The device itself refused it when it was queued or last replayed (it is still sent: the server decides). */
  refused?: { code: string; message: string } | undefined;
}

/** A row as the outbox makes it look until the server confirms: "entity:id" -> the row. */
export interface PendingRow {
  key: string;
  entity: string;
  row: { id: number | string };
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
  outbox!: EntityTable<OutboxEntry, 'id'>;
  pending!: EntityTable<PendingRow, 'key'>;
  rejections!: EntityTable<StoredRejection, 'mutationId'>;
  meta!: EntityTable<MetaRow, 'key'>;
  readonly registry: SyncRegistry;

  constructor(name = DB_NAME, registry: SyncRegistry = SYNC_REGISTRY) {
    super(name);
    this.registry = registry;
    // Versions 1 and 2 are what tablets in the field may hold: never edit them.
    this.version(1).stores({
      registrations: 'id, tournamentId',
      competitors: 'id, registrationId',
      outbox: 'id',
      rejections: 'mutationId',
      meta: 'key',
    });
    // Version 2 (decision 015, door payments): a payments table.
    this.version(2).stores({ payments: 'id, registrationId' });
    // Version 3 on (decision 019): the entity tables follow the registry (a new entity or index
    // raises DEVICE_STORE_VERSION), rows remember the scopes holding them, and the outbox's
    // optimistic rows are kept. Rows and the outbox stay; the pull cookies go, so the next
    // pull of every scope is a full one that tags each row with its scope.
    this.version(Math.max(3, DEVICE_STORE_VERSION))
      .stores({
        ...deviceStores(registry),
        outbox: 'id',
        pending: 'key',
        rejections: 'mutationId',
        meta: 'key',
      })
      .upgrade(async (tx) => {
        const keys = (await tx.table<MetaRow, string>('meta').toCollection().primaryKeys()).filter((k) =>
          k.startsWith('cookie:'),
        );
        await tx.table('meta').bulkDelete(keys);
      });
  }

  /** The table of a registry entity. */
  entity<E extends SyncEntity>(name: E): Table<SyncEntities[E], SyncIdOf<E>>;
  entity(name: string): Table<{ id: number | string }, number | string>;
  entity(name: string): Table<{ id: number | string }, number | string> {
    if (!Object.hasOwn(this.registry, name)) throw new Error(`No synced entity "${name}" on this device`);
    return this.table(name);
  }

  /** Every entity table, in registry order. */
  entityTables(): Table<{ id: number | string }, number | string>[] {
    return Object.keys(this.registry).map((name) => this.entity(name as string));
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
  /** The scopes this device holds (pulls and listens to), e.g. ["checkin"]. */
  scopes: 'scopes',
  cookie: (scope: string) => `cookie:${scope}`,
  /** The last `GET /api/registration/options` answer and tournament, for walk-ins offline. */
  walkInOptions: 'walkInOptions',
  /** The devices a director's last matchday pull listed (decision 048), for the control room. */
  devices: 'devices',
} as const;

export async function getMeta<T>(db: DeviceDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(db: DeviceDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

const wipeListeners = new Map<DeviceDb, Set<() => void>>();

/** Calls `listener` after each wipe of `db` (the replica reloads); returns the function that stops it. */
export function onDeviceStoreWiped(db: DeviceDb, listener: () => void): () => void {
  if (!wipeListeners.has(db)) wipeListeners.set(db, new Set());
  wipeListeners.get(db)!.add(listener);
  return () => wipeListeners.get(db)?.delete(listener);
}

/** Deletes every local row (logout). */
export async function wipeDeviceStore(db: DeviceDb = deviceDb()): Promise<void> {
  const tables = [...db.entityTables(), db.outbox, db.pending, db.rejections, db.meta];
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((t) => t.clear()));
  });
  for (const l of wipeListeners.get(db) ?? []) l();
}
