import { useCallback, useSyncExternalStore } from 'react';

// A tablet locked to one ring (decision 042): kept in this device's localStorage, so it survives
// reloads, going offline and signing out (logout wipes synced data, not this). Only a director
// locks it; unlocking needs a director's password checked by the server (api/ring-lock.ts).

const KEY = 'matchday-ring-lock';
const CHANGE = 'matchday-ring-lock-change';

export interface RingLock {
  ringId: number;
  /** The ring's name when it was locked: shown before the first sync brings the rows. */
  ringName: string;
}

let cached: { raw: string | null; lock: RingLock | null } = { raw: null, lock: null };

function read(): RingLock | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (raw === cached.raw) return cached.lock;
  let lock: RingLock | null = null;
  try {
    const v = JSON.parse(raw ?? 'null') as Partial<RingLock> | null;
    if (v && Number.isInteger(v.ringId) && (v.ringId ?? 0) > 0 && typeof v.ringName === 'string')
      lock = { ringId: v.ringId!, ringName: v.ringName };
  } catch {
    lock = null;
  }
  cached = { raw, lock };
  return lock;
}

function write(lock: RingLock | null): void {
  if (lock) localStorage.setItem(KEY, JSON.stringify(lock));
  else localStorage.removeItem(KEY);
  window.dispatchEvent(new Event(CHANGE));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The tablet's lock, re-rendering when it changes; `setLock(null)` is for after a director's unlock. */
export function useRingLock(): [RingLock | null, (lock: RingLock | null) => void] {
  const lock = useSyncExternalStore(subscribe, read, () => null);
  const setLock = useCallback((next: RingLock | null) => write(next), []);
  return [lock, setLock];
}
