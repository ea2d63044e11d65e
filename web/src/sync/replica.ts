import type { PullResponse, SyncEntities, SyncEntity, SyncIdOf, SyncScope } from '@shared/contract/sync.ts';
import {
  MemoryStore,
  MUTATION_ERRORS,
  findMutator,
  type Mutator,
  type MutatorArgs,
  type MutatorContext,
} from '@shared/domain/mutators/index.ts';
import { DomainError } from '@shared/domain/domain-error.ts';
import type { TournamentWindow } from '@shared/domain/tournament-window.ts';
import { getMeta, META, onDeviceStoreWiped, setMeta, type DeviceDb, type OutboxEntry } from './db.ts';
import { applyPatch, type PatchResult } from './patch.ts';
import { keptTournamentWindow } from './tournament-window.ts';

// The in-memory replica (decision 019; docs/design.md §4): the device's rows of every scope it
// holds, loaded from IndexedDB at start and kept in step with it, with the outbox replayed on
// top. A tap runs its mutator here and the screen renders from the result at once; the outbox
// entry and the rows it changed are then committed to IndexedDB in one transaction, and only
// committed entries are ever pushed. A pull's patch, the outbox trim and the optimistic rows of
// what is left are one transaction too. Other tabs of the device reload on a broadcast.

type Row = { id: number | string } & Record<string, unknown>;
type Maps = ReadonlyMap<string, ReadonlyMap<number | string, Row>>;

/** A queued change the device itself refuses (e.g. a competitor no longer listed); the server still decides. */
export interface Failing {
  mutationId: number;
  name: string;
  code: string;
  message: string;
}

export interface ReplicaSnapshot {
  /** False until the first load from IndexedDB has finished. */
  loaded: boolean;
  /** The rows of an entity as screens show them: confirmed, with the outbox replayed on top. */
  rows<E extends SyncEntity>(entity: E): readonly SyncEntities[E][];
  /** The same rows by id. */
  map<E extends SyncEntity>(entity: E): ReadonlyMap<SyncIdOf<E>, SyncEntities[E]>;
  /** "entity:id" of every row a change not yet confirmed by the server touched. */
  pending: ReadonlySet<string>;
  failing: readonly Failing[];
  /** Changes not yet confirmed by the server, including one being committed. */
  queued: number;
}

/** A change in the replica's outbox; `id` once committed to IndexedDB. */
interface Queued {
  id?: number;
  name: string;
  args: unknown;
  queuedAt: string;
  refused?: { code: string; message: string } | undefined;
  /** The rows it changed when last run: "entity:id". */
  touched: string[];
}

const CHANNEL = 'nomac-device';
const EMPTY: ReadonlyMap<number | string, Row> = new Map();

/** An entity's rows as a list, built once per map: a tap rebuilds only the entity it changed. */
const lists = new WeakMap<ReadonlyMap<number | string, Row>, readonly Row[]>();
function rowsOf(map: ReadonlyMap<number | string, Row> | undefined): readonly Row[] {
  if (!map) return [];
  let rows = lists.get(map);
  if (!rows) {
    rows = [...map.values()];
    lists.set(map, rows);
  }
  return rows;
}

export class Replica {
  private confirmed: Maps;
  private view: Maps;
  private pendingKeys: ReadonlySet<string> = new Set();
  private outbox: Queued[] = [];
  private loaded = false;
  private snapshot: ReplicaSnapshot;
  private readonly listeners = new Set<() => void>();
  /** Tap commits, one after another, so mutation ids follow the taps. */
  private commits: Promise<unknown> = Promise.resolve();
  /**
   * Taps from the moment they are made until committed (or failed), including the part before
   * their commit is queued (waiting for the first load, running the mutator).
   */
  private readonly taps = new Set<Promise<unknown>>();
  /**
   * Loads and pulls, one after another. Each reads the confirmed rows, waits on IndexedDB and
   * then sets them: two at once (a poke's pull of one scope and the 11 s pull of another, or a
   * pull and another tab's reload) would each set what they read before the other finished,
   * and the rows of the first would vanish from the screen while IndexedDB kept them.
   */
  private exclusive: Promise<unknown> = Promise.resolve();
  private loading: Promise<void> | null = null;
  private readonly channel: BroadcastChannel | null;
  private readonly stopWipeListener: () => void;
  private disposed = false;

  constructor(
    readonly db: DeviceDb,
    /** Who taps: the signed-in person (mutators record them). */
    private readonly actor: () => MutatorContext['actor'],
    private readonly now: () => Date = () => new Date(),
    /** The next tournament's dates, when known: door records dated outside them are refused. */
    private readonly window: (now: Date) => TournamentWindow | undefined = keptTournamentWindow,
  ) {
    this.confirmed = new Map(Object.keys(db.registry).map((name) => [name, new Map()]));
    this.view = this.confirmed;
    this.snapshot = this.makeSnapshot();
    this.channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`${CHANNEL}:${db.name}`);
    if (this.channel) this.channel.onmessage = () => this.reloadQuietly();
    this.stopWipeListener = onDeviceStoreWiped(db, () => this.reloadQuietly());
  }

  /**
   * A reload nobody waits for: a store closed meanwhile (logout, a test's cleanup) just ends it,
   * and so does the replica's own disposal (an engine stopped while another tab's news arrived).
   */
  private reloadQuietly(): void {
    if (this.disposed) return;
    this.reload().catch((e: unknown) => {
      if (this.disposed) return;
      if (!(e instanceof Error && e.name === 'DatabaseClosedError')) throw e;
    });
  }

  dispose(): void {
    this.disposed = true;
    this.channel?.close();
    this.stopWipeListener();
    this.listeners.clear();
  }

  // ---- What screens read --------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ReplicaSnapshot => this.snapshot;

  private makeSnapshot(): ReplicaSnapshot {
    const view = this.view;
    const failing = this.outbox.flatMap((q) =>
      q.refused && q.id !== undefined ? [{ mutationId: q.id, name: q.name, ...q.refused }] : [],
    );
    return {
      loaded: this.loaded,
      rows: <E extends SyncEntity>(entity: E) =>
        rowsOf(view.get(entity)) as unknown as readonly SyncEntities[E][],
      map: <E extends SyncEntity>(entity: E) =>
        (view.get(entity) ?? EMPTY) as unknown as ReadonlyMap<SyncIdOf<E>, SyncEntities[E]>,
      pending: this.pendingKeys,
      failing,
      queued: this.outbox.length,
    };
  }

  private publish(): void {
    this.snapshot = this.makeSnapshot();
    for (const l of this.listeners) l();
  }

  private broadcast(): void {
    this.channel?.postMessage('changed');
  }

  // ---- Loading ------------------------------------------------------------------------------

  /** Loads from IndexedDB once; later calls wait for that load. */
  ready(): Promise<void> {
    this.loading ??= this.reload();
    return this.loading;
  }

  /** Runs `step` once the loads and pulls before it have finished. */
  private serially<T>(step: () => Promise<T>): Promise<T> {
    const run = this.exclusive.then(step);
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  /** Reads everything again (start, another tab's change, a wipe): confirmed rows, optimistic rows, outbox. */
  reload(): Promise<void> {
    return this.serially(() => this.load());
  }

  private async load(): Promise<void> {
    const db = this.db;
    const names = Object.keys(db.registry);
    const [tables, entries] = await db.transaction('r', [...db.entityTables(), db.outbox], () =>
      Promise.all([Promise.all(names.map((n) => db.entity(n).toArray())), db.outbox.orderBy('id').toArray()]),
    );
    this.confirmed = new Map(names.map((n, i) => [n, new Map((tables[i] as Row[]).map((r) => [r.id, r]))]));
    // Changes tapped here whose commit has not finished stay on top. The outbox is replayed
    // rather than the kept optimistic rows trusted: a crash between two taps' commits, or an
    // app update with new mutator code, then still shows what the outbox means now.
    const uncommitted = this.outbox.filter((q) => q.id === undefined);
    this.outbox = [...entries.map(fromEntry), ...uncommitted];
    await this.rebase();
    this.loaded = true;
    this.publish();
  }

  // ---- Taps ---------------------------------------------------------------------------------

  /**
   * A tap: runs the mutator on the replica and publishes the result at once (the screen renders
   * in the same frame), then commits the outbox entry and the rows it changed to IndexedDB in
   * one transaction. Resolves with the mutation id once committed; nothing is pushed before.
   */
  mutate<M extends Mutator>(m: M, args: MutatorArgs<M>): Promise<number> {
    const tap = this.tap(m, args);
    const settled = tap.then(
      () => undefined,
      () => undefined,
    );
    this.taps.add(settled);
    void settled.then(() => this.taps.delete(settled));
    return tap;
  }

  private async tap<M extends Mutator>(m: M, args: MutatorArgs<M>): Promise<number> {
    if (!this.loaded) await this.ready();
    const q: Queued = { name: m.name, args, queuedAt: this.now().toISOString(), touched: [] };
    // Run over the view as it is once the mutator has finished: a pull landing meanwhile
    // would otherwise lose its rows of the entities the tap writes (the tap's copy replaces them).
    let base: Maps;
    let store: MemoryStore;
    do {
      base = this.view;
      store = MemoryStore.over(base);
      await this.replay(store, q, this.context());
    } while (base !== this.view);
    this.outbox.push(q);
    this.view = withWrites(base, store);
    this.pendingKeys = new Set([...this.pendingKeys, ...q.touched]);
    this.publish();
    const commit = this.commits.then(() => this.commit(q));
    this.commits = commit.catch(() => undefined);
    return commit;
  }

  private async commit(q: Queued): Promise<number> {
    const db = this.db;
    const rows = q.touched.flatMap((key) => {
      const row = rowOf(this.view, key);
      return row ? [{ key, entity: entityOf(key), row }] : [];
    });
    try {
      const id = await db.transaction('rw', db.outbox, db.pending, db.meta, async () => {
        // Taps queued before the first sync gave the device its ids still count from 1.
        const last = (await db.outbox.orderBy('id').last())?.id ?? 0;
        const next = Math.max((await getMeta<number>(db, META.nextMutationId)) ?? 1, last + 1);
        await db.outbox.add({
          id: next,
          name: q.name,
          args: q.args,
          queuedAt: q.queuedAt,
          refused: q.refused,
        });
        if (rows.length > 0) await db.pending.bulkPut(rows);
        await setMeta(db, META.nextMutationId, next + 1);
        return next;
      });
      q.id = id;
      this.broadcast();
      // Screens already show the change; only a refusal (listed by mutation id) is news.
      if (q.refused) this.publish();
      return id;
    } catch (e) {
      // Not kept on the device, so not done: the screen goes back to what is stored.
      this.outbox = this.outbox.filter((x) => x !== q);
      await this.rebase();
      this.publish();
      throw e;
    }
  }

  /**
   * Resolves once every tap made so far is committed to IndexedDB (or failed to be): the screen
   * shows a tap before its outbox entry is stored, so whatever reads the outbox waits for this.
   */
  async flushed(): Promise<void> {
    await Promise.all([...this.taps]);
  }

  // ---- Pulls --------------------------------------------------------------------------------

  /**
   * A pull of `scope`: its patch, the outbox trimmed to the server's last mutation id, the
   * rejections and the cookie, in one transaction; then the replica replays its outbox over the
   * new confirmed rows, and keeps the optimistic rows of what is left.
   */
  async applyPull(
    scope: SyncScope,
    res: PullResponse,
    clientId: string,
    held: readonly SyncScope[],
  ): Promise<void> {
    if (!this.loaded) await this.ready();
    await this.flushed();
    await this.serially(() => this.pulled(scope, res, clientId, held));
  }

  private async pulled(
    scope: SyncScope,
    res: PullResponse,
    clientId: string,
    held: readonly SyncScope[],
  ): Promise<void> {
    const db = this.db;
    const last = res.lastMutationIds[clientId] ?? 0;
    // Only IndexedDB work inside the transaction. Replaying the outbox runs the mutators, plain
    // async code IndexedDB does not wait for: a transaction awaiting it could commit half-way
    // on a busy tablet (Dexie's PrematureCommitError), the pulled rows and the new cookie
    // stored but never shown, and the next pull, from that cookie, not sending them again.
    let confirmed: Maps | null;
    try {
      confirmed = await db.transaction(
        'rw',
        [...db.entityTables(), db.outbox, db.rejections, db.meta],
        async () => {
          // A pull made under ids the device no longer holds (wiped by a logout while it was
          // under way, or another person's since) is not this device's: its rows and cookie
          // would give the next account a cookie for rows it never received.
          if ((await getMeta<string>(db, META.clientId)) !== clientId) return null;
          const result = await applyPatch(db, scope, res.patch, held);
          await db.outbox.where('id').belowOrEqual(last).delete();
          if (res.rejections.length > 0) await db.rejections.bulkPut(res.rejections);
          await setMeta(db, META.cookie(scope), res.cookie);
          // With the outbox trim: "All changes sent" never shows beside an older "Last synced".
          await setMeta(db, META.lastSynced, this.now().toISOString());
          return withPatch(this.confirmed, result);
        },
      );
    } catch (e) {
      // Whatever the device kept is what it shows: never rows stored but missing on screen.
      await this.load();
      throw e;
    }
    if (confirmed === null) return;
    this.confirmed = confirmed;
    this.outbox = this.outbox.filter((q) => q.id === undefined || q.id > last);
    const store = await this.rebase();
    this.publish();
    this.broadcast();
    // The optimistic rows of the outbox left, and the changes the device itself now refuses,
    // kept for the record (a reload replays the outbox rather than trusting them).
    const refused = this.outbox.filter((q) => q.id !== undefined && q.refused !== undefined);
    await db.transaction('rw', db.pending, db.outbox, async () => {
      await db.pending.clear();
      const rows = store.touchedRows();
      if (rows.length > 0) await db.pending.bulkPut(rows);
      for (const q of refused) await db.outbox.update(q.id!, { refused: q.refused });
    });
  }

  // ---- Replay -------------------------------------------------------------------------------

  private context(): MutatorContext {
    const now = this.now();
    return { now, actor: this.actor(), side: 'device', window: this.window(now) };
  }

  /** The view again: the confirmed rows with the whole outbox replayed on top (that store). */
  private async rebase(): Promise<MemoryStore> {
    const store = MemoryStore.over(this.confirmed);
    const ctx = this.context();
    for (const q of this.outbox) await this.replay(store, q, ctx);
    this.view = withWrites(this.confirmed, store);
    this.pendingKeys = new Set(store.touched);
    return store;
  }

  private async replay(store: MemoryStore, q: Queued, ctx: MutatorContext): Promise<void> {
    const before = new Set(store.touched);
    try {
      const m = findMutator(q.name);
      if (!m) throw new DomainError('unknown_mutator', MUTATION_ERRORS.unknownMutator(q.name));
      await m.apply(store, q.args, ctx);
      q.refused = undefined;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      q.refused = { code: e.code, message: e.message };
    }
    q.touched = [...store.touched].filter((k) => !before.has(k));
  }
}

// ---- Helpers --------------------------------------------------------------------------------

function fromEntry(e: OutboxEntry): Queued {
  return { id: e.id, name: e.name, args: e.args, queuedAt: e.queuedAt, refused: e.refused, touched: [] };
}

const entityOf = (key: string) => key.slice(0, key.indexOf(':'));

/** The row of "entity:id" in `maps` (ids are numbers or strings; the key is text). */
function rowOf(maps: Maps, key: string): Row | undefined {
  const entity = entityOf(key);
  const id = key.slice(entity.length + 1);
  const map = maps.get(entity);
  return map?.get(id) ?? map?.get(Number(id));
}

/** `base` with the maps a store's mutators wrote in place of their entities'. */
function withWrites(base: Maps, store: MemoryStore): Maps {
  const written = store.writtenMaps();
  if (written.size === 0) return base;
  const view = new Map(base);
  for (const [entity, map] of written) view.set(entity, map);
  return view;
}

/** `confirmed` as a patch left the device's tables. */
function withPatch(confirmed: Maps, result: PatchResult): Maps {
  const next = new Map(confirmed);
  for (const entity of new Set([...result.puts.keys(), ...result.dels.keys()])) {
    const map = new Map(confirmed.get(entity) ?? []);
    for (const id of result.dels.get(entity) ?? []) map.delete(id);
    for (const row of result.puts.get(entity) ?? []) map.set(row.id, row as Row);
    next.set(entity, map);
  }
  return next;
}
