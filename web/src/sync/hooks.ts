import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '../lib/session.ts';
import { deviceDb, getMeta, META } from './db.ts';
import { enqueueMutation, syncEngine, type SyncState } from './engine.ts';
import { replayOutbox, type CheckInView } from './overlay.ts';

/** The engine's status, re-rendering when it changes. Starts the engine. */
export function useSyncState(): SyncState {
  const engine = syncEngine();
  return useSyncExternalStore(engine.subscribe, engine.getState);
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

/** Changes waiting in the outbox; undefined until the device store has been read. */
export function usePendingCount(): number | undefined {
  return useLiveQuery(() => deviceDb().outbox.count(), []);
}

export function useLastSynced(): string | null {
  return useLiveQuery(async () => (await getMeta<string>(deviceDb(), META.lastSynced)) ?? null, [], null);
}

export function useRejections() {
  return useLiveQuery(() => deviceDb().rejections.orderBy('mutationId').reverse().toArray(), [], []);
}

/** Confirmed rows with the outbox replayed on top; undefined until the first read. */
export function useCheckInView(): CheckInView | undefined {
  const session = useSession();
  const personId = session?.user.personId ?? 0;
  const displayName = session?.user.userDisplayName ?? '';
  return useLiveQuery(async () => {
    const db = deviceDb();
    const [registrations, competitors, payments, outbox] = await db.transaction(
      'r',
      [db.registrations, db.competitors, db.payments, db.outbox],
      () =>
        Promise.all([
          db.registrations.toArray(),
          db.competitors.toArray(),
          db.payments.toArray(),
          db.outbox.toArray(),
        ]),
    );
    return replayOutbox({ registrations, competitors, payments }, outbox, { personId, displayName });
  }, [personId, displayName]);
}

/** Whether the first pull of this device has landed (a cookie is stored). */
export function useHasSynced(): boolean | undefined {
  return useLiveQuery(
    async () => (await getMeta<string>(deviceDb(), META.cookie('checkin'))) !== undefined,
    [],
  );
}

/** Queues a mutation and asks the engine to send it; answers its outbox id. */
export async function mutate(name: string, args: unknown): Promise<number> {
  const id = await enqueueMutation(deviceDb(), name, args);
  void syncEngine().syncNow();
  return id;
}
