import type { SyncCompetitor, SyncEntities, SyncEntity, SyncRegistration } from '@shared/contract/sync.ts';
import {
  MutationError,
  runMutation,
  type MutatorContext,
  type MutatorStore,
} from '@shared/domain/mutators/index.ts';
import type { OutboxEntry } from './db.ts';

// Screens render confirmed rows with the pending mutations replayed on top (DESIGN.md section 4):
// the shared mutators run over an in-memory copy, so the outbox entry is the only write a tap makes.

export interface CheckInView {
  registrations: SyncRegistration[];
  competitors: SyncCompetitor[];
  /** Ids of competitors a pending mutation touched (shown as "not yet sent"). */
  pendingCompetitorIds: Set<number>;
  /** Pending mutations the device itself refuses (e.g. a competitor no longer listed). */
  failing: { mutationId: number; code: string; message: string }[];
}

class MemoryStore implements MutatorStore {
  readonly tables: { [E in SyncEntity]: Map<number, SyncEntities[E]> };
  touched = new Set<string>();
  constructor(registrations: SyncRegistration[], competitors: SyncCompetitor[]) {
    this.tables = {
      registrations: new Map(registrations.map((r) => [r.id, r])),
      competitors: new Map(competitors.map((c) => [c.id, c])),
    };
  }
  async get<E extends SyncEntity>(entity: E, id: number) {
    return this.tables[entity].get(id) as SyncEntities[E] | undefined;
  }
  async put<E extends SyncEntity>(entity: E, row: SyncEntities[E]) {
    (this.tables[entity] as Map<number, SyncEntities[E]>).set(row.id, row);
    this.touched.add(`${entity}:${row.id}`);
  }
  async list<E extends SyncEntity>(entity: E, filter: Partial<SyncEntities[E]>) {
    const rows = [...this.tables[entity].values()] as SyncEntities[E][];
    const entries = Object.entries(filter);
    return rows.filter((r) => entries.every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v));
  }
}

/** Replays `outbox` (in id order) over the confirmed rows, as `actor` at `now`. */
export async function replayOutbox(
  confirmed: { registrations: SyncRegistration[]; competitors: SyncCompetitor[] },
  outbox: OutboxEntry[],
  actor: MutatorContext['actor'],
  now: Date = new Date(),
): Promise<CheckInView> {
  const store = new MemoryStore(confirmed.registrations, confirmed.competitors);
  const failing: CheckInView['failing'] = [];
  for (const m of [...outbox].sort((a, b) => a.id - b.id)) {
    try {
      await runMutation(store, m.name, m.args, { now, actor, side: 'device' });
    } catch (e) {
      if (!(e instanceof MutationError)) throw e;
      failing.push({ mutationId: m.id, code: e.code, message: e.message });
    }
  }
  const pendingCompetitorIds = new Set<number>();
  for (const key of store.touched) {
    const [entity, id] = key.split(':');
    if (entity === 'competitors') pendingCompetitorIds.add(Number(id));
  }
  return {
    registrations: [...store.tables.registrations.values()],
    competitors: [...store.tables.competitors.values()],
    pendingCompetitorIds,
    failing,
  };
}
