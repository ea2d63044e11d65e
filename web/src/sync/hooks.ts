import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncDevice, SyncScope } from '@shared/contract/sync.ts';
import type { Mutator, MutatorArgs } from '@shared/domain/mutators/index.ts';
import { deviceDb, getMeta, META } from './db.ts';
import { syncEngine, type SentReport, type SyncState } from './engine.ts';
import { checkInView, type CheckInView } from './overlay.ts';
import type { ReplicaSnapshot } from './replica.ts';

// How screens use the sync platform: hold the scope they need, read the replica, and tap with
// a typed mutator (`mutate(checkInCompetitor, { competitorId })`).

/** The engine's status, re-rendering when it changes. Starts the engine. */
export function useSyncState(): SyncState {
  const engine = syncEngine();
  return useSyncExternalStore(engine.subscribe, engine.getState);
}

/** What the outbox delivered after the device last reconnected (`SentReport`), or null. */
export function useSentReport(): SentReport | null {
  const engine = syncEngine();
  return useSyncExternalStore(engine.subscribe, engine.getSent);
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** The replica's current rows; holds `scope` on this device (pulled, and poked on its own). */
export function useReplica(scope: SyncScope): ReplicaSnapshot {
  const engine = syncEngine();
  useEffect(() => engine.hold(scope), [engine, scope]);
  return useSyncExternalStore(engine.replica.subscribe, engine.replica.getSnapshot);
}

/** How often a ring tablet or the control room pulls matchday while open, poked or not (decision 048). */
export const MATCHDAY_HEARTBEAT_MS = 30_000;

/**
 * While the screen is open: pulls `scope` every `MATCHDAY_HEARTBEAT_MS`, so a quiet ring tablet
 * is still heard from and the control room's list of devices stays fresh.
 */
export function useHeartbeat(scope: SyncScope): void {
  const engine = syncEngine();
  useEffect(() => {
    const timer = setInterval(() => {
      if (navigator.onLine) void engine.syncScope(scope);
    }, MATCHDAY_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [engine, scope]);
}

/** The devices a director's last matchday pull listed; [] until one has. */
export function useDevices(): SyncDevice[] {
  return useLiveQuery(async () => (await getMeta<SyncDevice[]>(deviceDb(), META.devices)) ?? [], [], []);
}

/** Changes waiting to be confirmed by the server; undefined until the device store has been read. */
export function usePendingCount(): number | undefined {
  const replica = syncEngine().replica;
  const snapshot = useSyncExternalStore(replica.subscribe, replica.getSnapshot);
  useEffect(() => void replica.ready(), [replica]);
  return snapshot.loaded ? snapshot.queued : undefined;
}

export function useLastSynced(): string | null {
  return useLiveQuery(async () => (await getMeta<string>(deviceDb(), META.lastSynced)) ?? null, [], null);
}

export function useRejections() {
  return useLiveQuery(() => deviceDb().rejections.orderBy('mutationId').reverse().toArray(), [], []);
}

/** The checkin scope's rows with the outbox replayed on top; undefined until the device store has been read. */
export function useCheckInView(): CheckInView | undefined {
  const snapshot = useReplica('checkin');
  return snapshot.loaded ? checkInView(snapshot) : undefined;
}

/** Whether the first pull of `scope` has landed on this device (a cookie is stored). */
export function useHasSynced(scope: SyncScope = 'checkin'): boolean | undefined {
  return useLiveQuery(
    async () => (await getMeta<string>(deviceDb(), META.cookie(scope))) !== undefined,
    [scope],
  );
}

/**
 * A tap: runs `mutator` on the replica (the screen shows the result at once), commits it with
 * its outbox entry, then asks the engine to send it. Resolves with its mutation id once the
 * entry is committed (`syncEngine().committed()` waits for every tap so far).
 */
export async function mutate<M extends Mutator>(mutator: M, args: MutatorArgs<M>): Promise<number> {
  const engine = syncEngine();
  const id = await engine.replica.mutate(mutator, args);
  void engine.syncNow();
  return id;
}
