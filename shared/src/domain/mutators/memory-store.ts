import type { SyncEntities, SyncEntity, SyncIdOf } from '../../contract/sync.ts';
import type { MutatorStore, WalkInRecord } from './types.ts';

// A MutatorStore over plain maps: the device replays its outbox over one (web overlay), and
// the mutator tests run against one. Walk-ins get their provisional (negative id) rows.

export type EntityRows = { [E in SyncEntity]?: readonly SyncEntities[E][] };

export class MemoryStore implements MutatorStore {
  readonly tables: { [E in SyncEntity]: Map<SyncIdOf<E>, SyncEntities[E]> };
  /** "entity:id" of every row a mutator wrote. */
  readonly touched = new Set<string>();

  constructor(rows: EntityRows = {}) {
    this.tables = {
      registrations: new Map((rows.registrations ?? []).map((r) => [r.id, r])),
      competitors: new Map((rows.competitors ?? []).map((c) => [c.id, c])),
      payments: new Map((rows.payments ?? []).map((p) => [p.id, p])),
    };
  }

  private table<E extends SyncEntity>(entity: E): Map<SyncIdOf<E>, SyncEntities[E]> {
    return this.tables[entity] as unknown as Map<SyncIdOf<E>, SyncEntities[E]>;
  }

  private write<E extends SyncEntity>(entity: E, row: SyncEntities[E]): void {
    this.table(entity).set(row.id as SyncIdOf<E>, row);
    this.touched.add(`${entity}:${row.id}`);
  }

  async get<E extends SyncEntity>(entity: E, id: SyncIdOf<E>) {
    return this.table(entity).get(id);
  }

  async put<E extends SyncEntity>(entity: E, row: SyncEntities[E]) {
    this.write(entity, row);
  }

  async list<E extends SyncEntity>(entity: E, filter: Partial<SyncEntities[E]>) {
    const entries = Object.entries(filter);
    return [...this.table(entity).values()].filter((r) =>
      entries.every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v),
    );
  }

  async insert(entity: 'payments', row: SyncEntities['payments']) {
    if (this.tables[entity].has(row.id)) return false;
    this.write(entity, row);
    return true;
  }

  async createWalkIn({ args, provisional }: WalkInRecord) {
    const earlier = [...this.tables.registrations.values()].find((r) => r.walkInId === args.walkInId);
    if (earlier) {
      const competitorIds = [...this.tables.competitors.values()]
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
