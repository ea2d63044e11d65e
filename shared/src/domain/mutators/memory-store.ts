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

type AnyRow = { id: number | string };

export class MemoryStore implements MutatorStore {
  private readonly tables = new Map<string, Map<number | string, AnyRow>>();
  /** Maps a store built by `over` reads until it first writes that entity (then copies it). */
  private readonly base = new Map<string, ReadonlyMap<number | string, AnyRow>>();
  /** "entity:id" of every row a mutator wrote. */
  readonly touched = new Set<string>();
  private readonly touchedIds = new Map<string, { entity: string; id: number | string }>();

  /**
   * `rows` are copied by reference into fresh maps (rows are never changed in place: a write
   * replaces the row). A test registry may add entities of its own.
   */
  constructor(
    rows: Readonly<Record<string, readonly AnyRow[] | undefined>> = {},
    registry: SyncRegistry = SYNC_REGISTRY,
  ) {
    for (const name of Object.keys(registry)) {
      this.tables.set(name, new Map((rows[name] ?? []).map((r) => [r.id, r])));
    }
  }

  /**
   * A store over these maps, which it never changes: an entity's map is copied the first time
   * a mutator writes to it, so a tap over 6,000 competitors copies nothing it does not touch.
   */
  static over(maps: ReadonlyMap<string, ReadonlyMap<number | string, AnyRow>>): MemoryStore {
    const store = new MemoryStore({}, {});
    for (const [name, map] of maps) store.base.set(name, map);
    return store;
  }

  /** The entities a mutator wrote, each with its (copied) map of rows. */
  writtenMaps(): ReadonlyMap<string, ReadonlyMap<number | string, AnyRow>> {
    return this.tables;
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

  private table(entity: string): ReadonlyMap<number | string, AnyRow> {
    const t = this.tables.get(entity) ?? this.base.get(entity);
    if (!t) throw new Error(`No synced entity "${entity}" in this store`);
    return t;
  }

  private write(entity: string, row: AnyRow): void {
    let own = this.tables.get(entity);
    if (!own) {
      own = new Map(this.table(entity));
      this.tables.set(entity, own);
    }
    own.set(row.id, row);
    const key = `${entity}:${row.id}`;
    this.touched.add(key);
    this.touchedIds.set(key, { entity, id: row.id });
  }

  /** Every row a mutator wrote, as it is now. */
  touchedRows(): { key: string; entity: string; row: AnyRow }[] {
    return [...this.touchedIds].map(([key, { entity, id }]) => ({
      key,
      entity,
      row: this.table(entity).get(id)!,
    }));
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
