import {
  SYNC_REGISTRY,
  type SyncEntities,
  type SyncEntity,
  type SyncIdOf,
  type SyncRegistry,
} from '../../contract/sync-entities.ts';
import type { MutatorStore, WalkInRecord } from './types.ts';

// A MutatorStore over plain maps, one per entity of the registry: the device's in-memory
// replica runs taps and replays its outbox over one, and the mutator tests run against one.
// Walk-ins get their provisional (negative id) rows.

export type EntityRows = { [E in SyncEntity]?: readonly SyncEntities[E][] };

type AnyRow = { id: number | string };

export class MemoryStore implements MutatorStore {
  private readonly tables = new Map<string, Map<number | string, AnyRow>>();
  /** "entity:id" of every row a mutator wrote. */
  readonly touched = new Set<string>();

  /**
   * `rows` are copied by reference into fresh maps (rows are never changed in place: a write
   * replaces the row). A test registry may add entities of its own.
   */
  constructor(rows: Readonly<Record<string, readonly AnyRow[] | undefined>> = {}, registry: SyncRegistry = SYNC_REGISTRY) {
    for (const name of Object.keys(registry)) {
      this.tables.set(name, new Map((rows[name] ?? []).map((r) => [r.id, r])));
    }
  }

  /** A store whose tables start as these maps (copied), so building one costs no row-by-row reinsertion. */
  static fromMaps(maps: ReadonlyMap<string, ReadonlyMap<number | string, AnyRow>>): MemoryStore {
    const store = new MemoryStore({}, {});
    for (const [name, map] of maps) store.tables.set(name, new Map(map));
    return store;
  }

  /** The rows of one entity, by id (the store's own map: read it, do not write it). */
  map<E extends SyncEntity>(entity: E): ReadonlyMap<SyncIdOf<E>, SyncEntities[E]>;
  map(entity: string): ReadonlyMap<number | string, AnyRow>;
  map(entity: string): ReadonlyMap<number | string, AnyRow> {
    return this.table(entity);
  }

  /** The rows of one entity. */
  rows<E extends SyncEntity>(entity: E): SyncEntities[E][] {
    return [...this.map(entity).values()];
  }

  private table(entity: string): Map<number | string, AnyRow> {
    const t = this.tables.get(entity);
    if (!t) throw new Error(`No synced entity "${entity}" in this store`);
    return t;
  }

  private write(entity: string, row: AnyRow): void {
    this.table(entity).set(row.id, row);
    this.touched.add(`${entity}:${row.id}`);
  }

  async get<E extends SyncEntity>(entity: E, id: SyncIdOf<E>) {
    return this.table(entity).get(id) as SyncEntities[E] | undefined;
  }

  async put<E extends SyncEntity>(entity: E, row: SyncEntities[E]) {
    this.write(entity, row);
  }

  async list<E extends SyncEntity>(entity: E, filter: Partial<SyncEntities[E]>) {
    const entries = Object.entries(filter);
    return [...this.table(entity).values()].filter((r) =>
      entries.every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v),
    ) as SyncEntities[E][];
  }

  async insert<E extends SyncEntity>(entity: E, row: SyncEntities[E]) {
    if (this.table(entity).has(row.id)) return false;
    this.write(entity, row);
    return true;
  }

  async createWalkIn({ args, provisional }: WalkInRecord) {
    const earlier = this.rows('registrations').find((r) => r.walkInId === args.walkInId);
    if (earlier) {
      const competitorIds = this.rows('competitors')
        .filter((c) => c.registrationId === earlier.id)
        .map((c) => c.id);
      return { registrationId: earlier.id, competitorIds, created: false };
    }
    this.write('registrations', provisional.registration);
    for (const c of provisional.competitors) this.write('competitors', c);
    if (provisional.payment) this.write('payments', provisional.payment);
    return {
      registrationId: provisional.registration.id,
      competitorIds: provisional.competitors.map((c) => c.id),
      created: true,
    };
  }
}
