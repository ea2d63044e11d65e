import {
  SYNC_PATHS,
  SYNC_POKE_EVENT,
  type MutationResult,
  type PatchOp,
  type PullResponse,
  type PushResponse,
  type SyncScope,
} from '@shared/contract/sync.ts';
import { getSession } from '../lib/session.ts';
import { deviceDb, getMeta, META, setMeta, wipeDeviceStore, type DeviceDb, type OutboxEntry } from './db.ts';

// The sync engine (DESIGN.md section 4; docs/decisions/010-device-store.md): push the outbox,
// then pull the scope; one tab at a time (navigator.locks); back off with jitter on failure;
// resume on `online`, on the tab becoming visible, and on a poke from /sync/events. A 401
// never drops the outbox: the engine pauses until the session's token changes.

export type SyncStatus = 'idle' | 'syncing' | 'offline' | 'signed-out' | 'error';

export interface SyncState {
  status: SyncStatus;
  /** The last failure in words, for the indicator. */
  detail: string | null;
}

const LOCK = 'nomac-sync';
const MAX_BATCH = 1000;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

export class AuthError extends Error {}

/** What the indicator says while the outbox holds another person's changes. */
export const OTHER_PERSONS_CHANGES =
  'This tablet holds changes another account made that are not yet sent. Sign in as that account to send them, or discard them.';

/**
 * Another person signed in while the outbox holds the previous person's changes: they are
 * never pushed under this person's name, nor dropped unasked (the engine pauses).
 */
export class OtherPersonsChangesError extends AuthError {
  constructor() {
    super(OTHER_PERSONS_CHANGES);
  }
}
class NetworkError extends Error {}

export interface EngineOptions {
  db?: DeviceDb;
  scope?: SyncScope;
  fetch?: typeof fetch;
  /** Jitter source (tests pass a fixed one). */
  random?: () => number;
  /** Timer (tests drive retries by hand). */
  schedule?: (fn: () => void, ms: number) => () => void;
  now?: () => Date;
}

function randomId(): string {
  return crypto.randomUUID();
}

/** The delay before retry number `attempt` (0-based): exponential, capped, with full jitter. */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Ensures the device ids exist and belong to the signed-in person; another person starts afresh. */
export async function ensureIdentity(
  db: DeviceDb,
  personId: number,
): Promise<{ clientId: string; clientGroupId: string }> {
  const owner = await getMeta<number>(db, META.personId);
  if (owner !== undefined && owner !== personId) {
    if ((await db.outbox.count()) > 0) throw new OtherPersonsChangesError();
    await wipeDeviceStore(db);
  }
  return db.transaction('rw', db.meta, async () => {
    let clientId = await getMeta<string>(db, META.clientId);
    let clientGroupId = await getMeta<string>(db, META.clientGroupId);
    if (!clientId || !clientGroupId) {
      clientId = randomId();
      clientGroupId = randomId();
      await setMeta(db, META.clientId, clientId);
      await setMeta(db, META.clientGroupId, clientGroupId);
    }
    await setMeta(db, META.personId, personId);
    return { clientId, clientGroupId };
  });
}

/** Queues a mutation: the outbox entry is the one IndexedDB write (screens replay it). */
export async function enqueueMutation(
  db: DeviceDb,
  name: string,
  args: unknown,
  now = new Date(),
): Promise<number> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    // Taps queued before the first sync gave the device its ids still count from 1.
    const last = (await db.outbox.orderBy('id').last())?.id ?? 0;
    const id = Math.max((await getMeta<number>(db, META.nextMutationId)) ?? 1, last + 1);
    await db.outbox.add({ id, name, args, queuedAt: now.toISOString() });
    await setMeta(db, META.nextMutationId, id + 1);
    return id;
  });
}

export class SyncEngine {
  readonly db: DeviceDb;
  readonly scope: SyncScope;
  private readonly fetchFn: typeof fetch;
  private readonly random: () => number;
  private readonly schedule: (fn: () => void, ms: number) => () => void;
  private readonly now: () => Date;
  private state: SyncState = { status: 'idle', detail: null };
  private readonly listeners = new Set<() => void>();
  private attempt = 0;
  private cancelRetry: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private events: EventSource | null = null;
  private eventsToken: string | null = null;
  private eventsOpenedAt = 0;
  private readonly cleanups: (() => void)[] = [];

  constructor(options: EngineOptions = {}) {
    this.db = options.db ?? deviceDb();
    this.scope = options.scope ?? 'checkin';
    this.fetchFn = options.fetch ?? ((...a) => fetch(...a));
    this.random = options.random ?? Math.random;
    this.schedule =
      options.schedule ??
      ((fn, ms) => {
        const t = setTimeout(fn, ms);
        return () => clearTimeout(t);
      });
    this.now = options.now ?? (() => new Date());
  }

  getState = (): SyncState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(next: SyncState): void {
    if (next.status === this.state.status && next.detail === this.state.detail) return;
    this.state = next;
    for (const l of this.listeners) l();
  }

  /** Starts listening to the network, visibility, the session and pokes; syncs now. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const wake = () => this.syncNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') wake();
    };
    const onOffline = () => {
      this.setState({ status: 'offline', detail: null });
      this.closeEvents();
    };
    window.addEventListener('online', wake);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    // A new token (signed in again, or refreshed by the session keeper) resumes a paused sync.
    window.addEventListener('session-change', wake);
    window.addEventListener('storage', wake);
    this.cleanups.push(() => {
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('session-change', wake);
      window.removeEventListener('storage', wake);
    });
    if (!navigator.onLine) onOffline();
    this.syncNow();
  }

  stop(): void {
    this.stopped = true;
    for (const c of this.cleanups.splice(0)) c();
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.closeEvents();
  }

  /** Runs a sync now (or right after the one running), resetting the backoff. */
  syncNow(): Promise<void> {
    this.attempt = 0;
    this.cancelRetry?.();
    this.cancelRetry = null;
    return this.kick();
  }

  private kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.withLock(() => this.syncOnce());
        } while (this.again);
        this.attempt = 0;
      } catch (e) {
        this.onFailure(e);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async withLock(fn: () => Promise<void>): Promise<void> {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      await navigator.locks.request(LOCK, fn);
    } else {
      await fn();
    }
  }

  private onFailure(e: unknown): void {
    if (e instanceof AuthError) {
      // Keep the outbox; wait for a new token (session-change) to resume.
      this.setState({
        status: 'signed-out',
        detail:
          e instanceof OtherPersonsChangesError
            ? OTHER_PERSONS_CHANGES
            : 'Sign in again to send your changes.',
      });
      this.closeEvents();
      return;
    }
    const offline = e instanceof NetworkError || (typeof navigator !== 'undefined' && !navigator.onLine);
    // The event stream reopens after the next successful round (a fresh connection, not a
    // reconnection the browser may have given up on or backed off far).
    if (offline) this.closeEvents();
    this.setState(
      offline
        ? { status: 'offline', detail: null }
        : { status: 'error', detail: e instanceof Error ? e.message : String(e) },
    );
    if (this.stopped) return;
    const delay = backoffDelay(this.attempt, this.random);
    this.attempt += 1;
    this.cancelRetry = this.schedule(() => {
      this.cancelRetry = null;
      void this.kick();
    }, delay);
  }

  private async call<T>(path: string, body: unknown): Promise<T> {
    const session = getSession();
    if (!session) throw new AuthError('signed out');
    let res: Response;
    try {
      res = await this.fetchFn(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
        body: JSON.stringify(body),
      });
    } catch {
      throw new NetworkError('network');
    }
    if (res.status === 401) throw new AuthError('token refused');
    if (!res.ok) throw new Error(`The server answered ${res.status}.`);
    return (await res.json()) as T;
  }

  /** One round: push every queued mutation (in batches), then pull. */
  async syncOnce(): Promise<void> {
    const session = getSession();
    if (!session) throw new AuthError('signed out');
    this.setState({ status: 'syncing', detail: null });
    const ids = await ensureIdentity(this.db, session.user.personId);
    let sent = 0;
    for (;;) {
      const batch: OutboxEntry[] = await this.db.outbox.where('id').above(sent).limit(MAX_BATCH).toArray();
      if (batch.length === 0) break;
      const res = await this.call<PushResponse>(SYNC_PATHS.push, {
        ...ids,
        mutations: batch.map((m) => ({ id: m.id, name: m.name, args: m.args })),
      });
      await this.recordResults(batch, res.results);
      sent = batch[batch.length - 1]!.id;
      if (batch.length < MAX_BATCH) break;
    }
    await this.pull(ids);
    await setMeta(this.db, META.lastSynced, this.now().toISOString());
    this.setState({ status: 'idle', detail: null });
    this.openEvents();
  }

  private async recordResults(batch: OutboxEntry[], results: MutationResult[]): Promise<void> {
    const byId = new Map(batch.map((m) => [m.id, m]));
    const rejected = results.filter((r) => r.status === 'rejected');
    if (rejected.length === 0) return;
    const at = this.now().toISOString();
    await this.db.rejections.bulkPut(
      rejected.map((r) => ({
        mutationId: r.id,
        name: byId.get(r.id)?.name ?? '',
        code: r.code ?? 'rejected',
        message: r.message ?? 'The server refused this change.',
        at,
      })),
    );
  }

  private async pull(ids: { clientId: string; clientGroupId: string }): Promise<void> {
    const db = this.db;
    const cookie = (await getMeta<string>(db, META.cookie(this.scope))) ?? null;
    const res = await this.call<PullResponse>(SYNC_PATHS.pull, { ...ids, cookie, scope: this.scope });
    // Confirmed rows, the cookie and the outbox trim change together, so a screen never sees
    // a mutation applied twice (confirmed and still pending) nor lost in between.
    await db.transaction(
      'rw',
      [db.registrations, db.competitors, db.payments, db.outbox, db.rejections, db.meta],
      async () => {
        await applyPatch(db, res.patch);
        const last = res.lastMutationIds[ids.clientId];
        if (last !== undefined) await db.outbox.where('id').belowOrEqual(last).delete();
        if (res.rejections.length > 0) await db.rejections.bulkPut(res.rejections);
        await setMeta(db, META.cookie(this.scope), res.cookie);
      },
    );
  }

  private openEvents(): void {
    const session = getSession();
    if (this.stopped || !session || typeof EventSource === 'undefined') return;
    const current = this.events;
    if (current && this.eventsToken === session.token) {
      if (current.readyState === EventSource.OPEN) return;
      if (current.readyState === EventSource.CONNECTING && Date.now() - this.eventsOpenedAt < 5000) return;
    }
    this.closeEvents();
    const url = `${SYNC_PATHS.events}?scope=${this.scope}&token=${encodeURIComponent(session.token)}`;
    const source = new EventSource(url);
    source.addEventListener(SYNC_POKE_EVENT, () => void this.syncNow());
    // Pokes sent while the stream was down are lost: pull once it (re)connects.
    source.addEventListener('open', () => void this.kick());
    this.events = source;
    this.eventsToken = session.token;
    this.eventsOpenedAt = Date.now();
  }

  private closeEvents(): void {
    this.events?.close();
    this.events = null;
    this.eventsToken = null;
  }
}

export async function applyPatch(db: DeviceDb, patch: PatchOp[]): Promise<void> {
  for (const op of patch) {
    if (op.op === 'clear') {
      await db.registrations.clear();
      await db.competitors.clear();
      await db.payments.clear();
    } else if (op.op === 'put') {
      if (op.entity === 'registrations') await db.registrations.bulkPut(op.rows);
      else if (op.entity === 'competitors') await db.competitors.bulkPut(op.rows);
      else await db.payments.bulkPut(op.rows);
    } else if (op.entity === 'payments') {
      // Payments are voided, never deleted; a `del` of them is ignored rather than guessed at.
      continue;
    } else {
      await db[op.entity].bulkDelete(op.ids);
      // Payments have no tombstones of their own: they go with their registration.
      if (op.entity === 'registrations') await db.payments.where('registrationId').anyOf(op.ids).delete();
    }
  }
}

let engine: SyncEngine | null = null;

/** The tab's engine for the check-in scope, started on first use. */
export function syncEngine(): SyncEngine {
  if (!engine) {
    engine = new SyncEngine();
    engine.start();
  }
  return engine;
}

/** Logout: stop syncing this tab. */
export function stopSyncEngine(): void {
  engine?.stop();
  engine = null;
}
