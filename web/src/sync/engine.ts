import type { Table } from 'dexie';
import {
  SYNC_PATHS,
  SYNC_POKE_EVENT,
  SYNC_SCOPE_ROLES,
  type MutationResult,
  type PullResponse,
  type PushResponse,
  type SyncScope,
} from '@shared/contract/sync.ts';
import { msg } from '@shared/i18n/message-ref.ts';
import { getSession } from '../lib/session.ts';
import { deviceDb, getMeta, META, setMeta, wipeDeviceStore, type DeviceDb, type OutboxEntry } from './db.ts';
import { dropExpiredVenueData } from './device-retention.ts';
import { eventStreamUrl } from './event-stream.ts';
import { Replica } from './replica.ts';

// The sync engine (docs/design.md §4; docs/decisions/010-device-store.md): push the outbox,
// then pull each scope the device holds (each with its own cookie); one tab at a time
// (navigator.locks); back off with jitter on failure; resume on `online`, on the tab becoming
// visible, and on a poke from the scope's own /sync/events stream, which pulls that scope. A
// 401 never drops the outbox: the engine pauses until the session's token changes. Scopes
// open to visitors (signage) sync without a session; pushing always needs one.

export type SyncStatus = 'idle' | 'syncing' | 'offline' | 'signed-out' | 'error';

export interface SyncState {
  status: SyncStatus;
  /** The last failure in words, for the indicator. */
  detail: string | null;
}

/**
 * What the outbox delivered once the device reached the server again after being offline (or
 * refused, or signed out): the mutations the server accepted, by name, and when. Rejected ones
 * are not in it (they are listed as refused). Null until then, and again when it goes offline.
 */
export interface SentReport {
  at: string;
  counts: Readonly<Record<string, number>>;
}

const LOCK = 'nomac-sync';
const MAX_BATCH = 1000;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

export class AuthError extends Error {}

/** What the indicator says while the outbox holds another person's changes. */
export const OTHER_PERSONS_CHANGES = msg('common.sync.otherPersons');

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
  /** The scopes held from the start (more join with `hold`); tests default to check-in. */
  scopes?: SyncScope[];
  fetch?: typeof fetch;
  /** Jitter source (tests pass a fixed one). */
  random?: () => number;
  /** Timer (tests drive retries by hand). */
  schedule?: (fn: () => void, ms: number) => () => void;
  now?: () => Date;
}

/** The delay before retry number `attempt` (0-based): exponential, capped, with full jitter. */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Whether a scope syncs without a session (its roles include visitors). */
export function isPublicScope(scope: SyncScope): boolean {
  return (SYNC_SCOPE_ROLES[scope] as readonly string[]).includes('Unauthenticated');
}

/**
 * Ensures the device ids exist and, signed in, belong to the signed-in person; another person
 * starts afresh. Without a session (a signage screen) the ids are the device's alone.
 */
export async function ensureIdentity(
  db: DeviceDb,
  personId: number | null,
): Promise<{ clientId: string; clientGroupId: string }> {
  const owner = await getMeta<number>(db, META.personId);
  if (personId !== null && owner !== undefined && owner !== personId) {
    if ((await db.outbox.count()) > 0) throw new OtherPersonsChangesError();
    await wipeDeviceStore(db);
  }
  return db.transaction('rw', db.meta, async () => {
    let clientId = await getMeta<string>(db, META.clientId);
    let clientGroupId = await getMeta<string>(db, META.clientGroupId);
    if (!clientId || !clientGroupId) {
      clientId = crypto.randomUUID();
      clientGroupId = crypto.randomUUID();
      await setMeta(db, META.clientId, clientId);
      await setMeta(db, META.clientGroupId, clientGroupId);
    }
    if (personId !== null) await setMeta(db, META.personId, personId);
    return { clientId, clientGroupId };
  });
}

interface ScopeEvents {
  /** Null while its ticket is being fetched. */
  source: EventSource | null;
  token: string | null;
  openedAt: number;
}

export class SyncEngine {
  readonly db: DeviceDb;
  readonly replica: Replica;
  private readonly scopes: Set<SyncScope>;
  private readonly fetchFn: typeof fetch;
  private readonly random: () => number;
  private readonly schedule: (fn: () => void, ms: number) => () => void;
  private readonly now: () => Date;
  private state: SyncState = { status: 'idle', detail: null };
  private readonly listeners = new Set<() => void>();
  private attempt = 0;
  private cancelRetry: (() => void) | null = null;
  private running: Promise<void> | null = null;
  /** Scopes to pull in the next round ('all' after a tap, a wake or a failure). */
  private wanted: Set<SyncScope> | 'all' = 'all';
  private stopped = true;
  private readonly events = new Map<SyncScope, ScopeEvents>();
  private readonly cleanups: (() => void)[] = [];
  private cancelReopen: (() => void) | null = null;
  private sent: SentReport | null = null;
  /** Set when a round failed or the network went: the next successful round reports what it sent. */
  private reconnecting = false;
  /** Outbox entries the server processed since the last report (push answers' lastMutationId). */
  private readonly processed = new Map<number, string>();
  /** The ring this device runs, reported with its matchday pulls (undefined: not known in this tab). */
  private deviceRing: number | null | undefined = undefined;

  constructor(options: EngineOptions = {}) {
    this.db = options.db ?? deviceDb();
    this.scopes = new Set(options.scopes ?? ['checkin']);
    this.fetchFn = options.fetch ?? ((...a) => fetch(...a));
    this.random = options.random ?? Math.random;
    this.schedule =
      options.schedule ??
      ((fn, ms) => {
        const t = setTimeout(fn, ms);
        return () => clearTimeout(t);
      });
    this.now = options.now ?? (() => new Date());
    this.replica = new Replica(
      this.db,
      () => {
        const user = getSession()?.user;
        return { personId: user?.personId ?? 0, displayName: user?.userDisplayName ?? '' };
      },
      this.now,
    );
  }

  getState = (): SyncState => this.state;

  /** What the outbox delivered after the last reconnection (see SentReport). */
  getSent = (): SentReport | null => this.sent;

  private setSent(next: SentReport | null): void {
    if (next === this.sent) return;
    this.sent = next;
    for (const l of this.listeners) l();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(next: SyncState): void {
    if (next.status === this.state.status && next.detail === this.state.detail) return;
    this.state = next;
    for (const l of this.listeners) l();
  }

  /**
   * Resolves once every tap made so far has its outbox entry committed to the device store (or
   * failed to commit). A tap shows on the screen before that: read the outbox after this.
   */
  committed(): Promise<void> {
    return this.replica.flushed();
  }

  /** The scopes this device holds. */
  heldScopes(): SyncScope[] {
    return [...this.scopes];
  }

  /**
   * The ring this device runs (the matchday screen's lock or choice; null for none), reported
   * with each matchday pull from now on (decision 048).
   */
  setDeviceRing(ringId: number | null): void {
    if (this.deviceRing === ringId) return;
    this.deviceRing = ringId;
    if (!this.stopped && this.scopes.has('matchday')) void this.syncScope('matchday');
  }

  /** Holds `scope` from now on (a screen that needs it): pulls it now and listens to its pokes. */
  hold(scope: SyncScope): void {
    if (this.scopes.has(scope)) return;
    this.scopes.add(scope);
    void this.syncScope(scope);
  }

  /** Starts listening to the network, visibility, the session and pokes; syncs now. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.replica.ready();
    const wake = () => this.syncNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') wake();
    };
    const onOffline = () => {
      this.reconnecting = true;
      this.setSent(null);
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
    this.cancelReopen?.();
    this.cancelReopen = null;
    this.closeEvents();
    this.replica.dispose();
  }

  /** Runs a round now (or right after the one running): push, then pull every scope; resets the backoff. */
  syncNow(): Promise<void> {
    this.wanted = 'all';
    return this.restart();
  }

  /** A round that pulls only `scope` (its poke), after pushing what is queued. */
  syncScope(scope: SyncScope): Promise<void> {
    if (this.wanted !== 'all') this.wanted.add(scope);
    return this.restart();
  }

  private restart(): Promise<void> {
    this.attempt = 0;
    this.cancelRetry?.();
    this.cancelRetry = null;
    return this.kick();
  }

  private again = false;

  private kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          const wanted = this.wanted;
          this.wanted = new Set();
          await this.withLock(() => this.round(wanted));
        } while (this.again);
        this.attempt = 0;
      } catch (e) {
        this.wanted = 'all';
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
    this.reconnecting = true;
    if (e instanceof AuthError) {
      // Keep the outbox; wait for a new token (session-change) to resume.
      this.setState({
        status: 'signed-out',
        detail:
          e instanceof OtherPersonsChangesError ? OTHER_PERSONS_CHANGES : msg('common.sync.signInAgain'),
      });
      this.closeEvents();
      return;
    }
    const offline = e instanceof NetworkError || (typeof navigator !== 'undefined' && !navigator.onLine);
    // The event streams reopen after the next successful round (a fresh connection, not a
    // reconnection the browser may have given up on or backed off far).
    if (offline) {
      this.closeEvents();
      this.setSent(null);
    }
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
      this.wanted = 'all';
      void this.kick();
    }, delay);
  }

  private async call<T>(path: string, body: unknown, needsSession: boolean): Promise<T> {
    const session = getSession();
    if (needsSession && !session) throw new AuthError('signed out');
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (session) headers.Authorization = `Bearer ${session.token}`;
    let res: Response;
    try {
      res = await this.fetchFn(path, { method: 'POST', headers, body: JSON.stringify(body) });
    } catch {
      throw new NetworkError('network');
    }
    if (res.status === 401) throw new AuthError('token refused');
    // A server or its database briefly away (a restart, a proxy without its upstream) is the
    // venue's ordinary outage: the device works offline and tries again, no alarm.
    if (res.status === 502 || res.status === 503 || res.status === 504) throw new NetworkError('unavailable');
    if (!res.ok) throw new Error(`The server answered ${res.status}.`);
    return (await res.json()) as T;
  }

  /** One round of everything: push every queued mutation (in batches), then pull every scope held. */
  async syncOnce(): Promise<void> {
    await this.round('all');
  }

  private async round(wanted: Set<SyncScope> | 'all'): Promise<void> {
    // First, signed in or not, online or not: a past tournament's personal rows go (decision 046).
    await dropExpiredVenueData(this.db, this.now());
    const session = getSession();
    const scopes = [...this.scopes].filter((s) => wanted === 'all' || wanted.has(s));
    await this.replica.ready();
    await this.replica.flushed();
    const queued = await this.db.outbox.count();
    if (!session && (queued > 0 || scopes.some((s) => !isPublicScope(s)))) throw new AuthError('signed out');
    this.setState({ status: 'syncing', detail: null });
    const ids = await ensureIdentity(this.db, session?.user.personId ?? null);
    const pushedThrough = queued > 0 ? await this.push(ids) : 0;
    for (const scope of scopes) {
      const cookie = (await getMeta<string>(this.db, META.cookie(scope))) ?? null;
      // A matchday pull is the device's heartbeat (decision 048): its unsent changes and its ring.
      const heartbeat =
        scope === 'matchday'
          ? {
              outboxDepth: await this.db.outbox.where('id').above(pushedThrough).count(),
              ...(this.deviceRing !== undefined ? { ringId: this.deviceRing } : {}),
            }
          : {};
      const res = await this.call<PullResponse>(
        SYNC_PATHS.pull,
        { ...ids, cookie, scope, ...heartbeat },
        !isPublicScope(scope),
      );
      await this.replica.applyPull(scope, res, ids.clientId, this.heldScopes());
      // The devices a director's matchday pull carries, in full each time: the control room reads them.
      if (res.devices) await setMeta(this.db, META.devices, res.devices);
    }
    // Only a round that reached the server says when the device last synced: a round with no
    // scope to pull and nothing to push (an engine started before a screen holds its scope)
    // would otherwise mark a TV rebooted offline as fresh (signage's "Last updated", decision 022).
    if (scopes.length > 0 || queued > 0)
      await this.whileHeld(ids.clientId, [this.db.meta], () =>
        setMeta(this.db, META.lastSynced, this.now().toISOString()),
      );
    await this.reportSent();
    this.setState({ status: 'idle', detail: null });
    this.openEvents();
  }

  /** Pushes the outbox; answers the last mutation id the server processed. */
  private async push(ids: { clientId: string; clientGroupId: string }): Promise<number> {
    let sent = 0;
    let through = 0;
    for (;;) {
      const batch: OutboxEntry[] = await this.db.outbox.where('id').above(sent).limit(MAX_BATCH).toArray();
      if (batch.length === 0) break;
      const res = await this.call<PushResponse>(
        SYNC_PATHS.push,
        { ...ids, mutations: batch.map((m) => ({ id: m.id, name: m.name, args: m.args })) },
        true,
      );
      await this.recordResults(ids.clientId, batch, res.results);
      // Processed by the server: this push's results, and any earlier push whose answer was lost.
      for (const m of batch) if (m.id <= res.lastMutationId) this.processed.set(m.id, m.name);
      through = Math.max(through, res.lastMutationId);
      sent = batch[batch.length - 1]!.id;
      if (batch.length < MAX_BATCH) break;
    }
    return through;
  }

  /**
   * After a successful round that follows a failure (offline, refused, signed out): what the
   * server accepted of what it processed meanwhile. Rejections are known by then, from the push
   * answers or, for a push whose answer was lost, from the pull that followed.
   */
  private async reportSent(): Promise<void> {
    const processed = [...this.processed];
    this.processed.clear();
    if (!this.reconnecting) return;
    this.reconnecting = false;
    if (processed.length === 0) return;
    const rejected = new Set(
      (await this.db.rejections.bulkGet(processed.map(([id]) => id))).flatMap((r) =>
        r ? [r.mutationId] : [],
      ),
    );
    const counts: Record<string, number> = {};
    for (const [id, name] of processed) if (!rejected.has(id)) counts[name] = (counts[name] ?? 0) + 1;
    if (Object.keys(counts).length > 0) this.setSent({ at: this.now().toISOString(), counts });
  }

  private async recordResults(
    clientId: string,
    batch: OutboxEntry[],
    results: MutationResult[],
  ): Promise<void> {
    const byId = new Map(batch.map((m) => [m.id, m]));
    const rejected = results.filter((r) => r.status === 'rejected');
    if (rejected.length === 0) return;
    const at = this.now().toISOString();
    await this.whileHeld(clientId, [this.db.rejections], () =>
      this.db.rejections.bulkPut(
        rejected.map((r) => ({
          mutationId: r.id,
          name: byId.get(r.id)?.name ?? '',
          code: r.code ?? 'rejected',
          message: r.message ?? msg('common.sync.serverRefused'),
          at,
        })),
      ),
    );
  }

  /**
   * Writes what a round learnt only while the device still holds the ids it was made with: a
   * logout's wipe (or another person's sign-in) during the round leaves nothing of it behind
   * for the next account (the replica's pulls are guarded the same way).
   */
  private async whileHeld(clientId: string, tables: Table[], write: () => Promise<unknown>): Promise<void> {
    const db = this.db;
    await db.transaction('rw', [db.meta, ...tables], async () => {
      if ((await getMeta<string>(db, META.clientId)) === clientId) await write();
    });
  }

  private openEvents(): void {
    if (this.stopped || typeof EventSource === 'undefined') return;
    const session = getSession();
    for (const scope of this.scopes) {
      const token = isPublicScope(scope) ? null : (session?.token ?? null);
      if (!isPublicScope(scope) && !token) continue;
      const current = this.events.get(scope);
      if (current && current.token === token) {
        if (current.source === null) continue; // being opened
        if (current.source.readyState === EventSource.OPEN) continue;
        if (current.source.readyState === EventSource.CONNECTING && Date.now() - current.openedAt < 5000)
          continue;
      }
      this.closeEvents(scope);
      const entry: ScopeEvents = { source: null, token, openedAt: Date.now() };
      this.events.set(scope, entry);
      eventStreamUrl(scope, isPublicScope(scope), this.fetchFn)
        .then((url) => {
          if (this.events.get(scope) !== entry) return; // closed or replaced meanwhile
          const source = new EventSource(url);
          source.addEventListener(SYNC_POKE_EVENT, () => void this.syncScope(scope));
          // Pokes sent while the stream was down are lost: pull once it (re)connects.
          source.addEventListener('open', () => void this.syncScope(scope));
          // Ended for good (its ticket or token expired, the server restarted): a new ticket next round.
          source.addEventListener('error', () => {
            if (source.readyState !== EventSource.CLOSED || this.events.get(scope) !== entry) return;
            this.closeEvents(scope);
            this.cancelReopen?.();
            this.cancelReopen = this.schedule(() => void this.syncScope(scope), backoffDelay(2, this.random));
          });
          entry.source = source;
          entry.openedAt = Date.now();
        })
        .catch(() => {
          // No ticket now (offline, token refused): the next round tries again.
          if (this.events.get(scope) === entry) this.events.delete(scope);
        });
    }
  }

  private closeEvents(scope?: SyncScope): void {
    for (const [s, e] of this.events) {
      if (scope && s !== scope) continue;
      e.source?.close();
      this.events.delete(s);
    }
  }
}

let engine: SyncEngine | null = null;

/** The tab's engine, started on first use; screens add the scopes they need (`hold`). */
export function syncEngine(): SyncEngine {
  // Tests swap the device store (setDeviceDbForTests): the engine and its replica follow it.
  if (engine && engine.db !== deviceDb()) stopSyncEngine();
  if (!engine) {
    engine = new SyncEngine({ scopes: [] });
    engine.start();
  }
  return engine;
}

/** Logout: stop syncing this tab. */
export function stopSyncEngine(): void {
  engine?.stop();
  engine = null;
}
