import { useEffect, useMemo, useState } from 'react';
import { MATCHDAY_API, SignageRingListSchema, type SignageRing } from '@shared/contract/matchday.ts';
import { PUBLIC_API, type Tournament } from '@shared/contract/public.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { estimatesFrom, ringAssignmentsFromRows, SIGNAGE_REFRESH_MS } from '@shared/domain/signage.ts';
import { msg } from '@shared/i18n/message-ref.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';
import { syncEngine } from '@web/sync/engine.ts';
import { useHasSynced, useLastSynced, useReplica, useSyncState } from '@web/sync/hooks.ts';
import { estimatedStarts } from '@shared/domain/matchday/index.ts';
import { useRingDayOf } from '@web/lib/tournaments.ts';

// Where a signage TV's rings come from (docs/decisions/022-signage.md). The next
// tournament's rings are the device's `signage` scope: pulled without a session, kept in
// IndexedDB (a TV rebooted during an outage still shows them), pulled again on every poke of
// its event stream (a ring tablet's change shows within a second) and, as docs/product.md §4
// and 9 say, every 11 seconds in the background. Another tournament (`?tournamentId=`) is
// read from GET /api/signage/ring-assignments every 11 seconds, its last answer kept here.

export type SignageSource =
  | { state: 'loading' }
  /** Nothing to show and the last attempt failed: docs/product.md §8's error notice. */
  | { state: 'error'; message: string }
  | {
      state: 'ready';
      rings: readonly SignageRing[];
      /** Estimated starts of upcoming divisions (ISO), by division id. */
      estimates: ReadonlyMap<number, string>;
      /** When the shown state last came from the server (ISO), null when unknown. */
      updatedAt: string | null;
    };

/** The tournaments, as the site reads them (one query, shared with the home page). */
export function useSignageTournaments(): readonly Tournament[] | undefined {
  return useQuery('tournaments', () => api.call(PUBLIC_API.tournaments)).data;
}

/** The next tournament of `list`, or null. */
export function nextOf(list: readonly Tournament[] | undefined): Tournament | null {
  return (list && nextTournament(list, new Date())) ?? null;
}

/** Which source the TV reads: the device's scope for the next tournament, the API for another. */
export function useSignageMode(tournamentId: number | null): 'device' | 'api' | 'loading' {
  const tournaments = useQuery('tournaments', () => api.call(PUBLIC_API.tournaments));
  if (tournamentId === null) return 'device';
  if (!tournaments.data) return tournaments.isLoading ? 'loading' : 'device';
  const next = nextTournament(tournaments.data, new Date());
  return next?.id === tournamentId ? 'device' : 'api';
}

// The screen translates it (a key, not a text: this module is evaluated before the catalog loads).
const OFFLINE_MESSAGE = msg('signage.offline');

/**
 * The next tournament's rings from the device's `signage` scope; estimates count from its
 * schedule (the rings' start, the lunch break: decision 052), not from now.
 */
export function useDeviceSignage(now: Date, tournament: Tournament | null): SignageSource {
  const snapshot = useReplica('signage');
  const hasSynced = useHasSynced('signage');
  const lastSynced = useLastSynced();
  const sync = useSyncState();

  useEffect(() => {
    const t = setInterval(() => void syncEngine().syncScope('signage'), SIGNAGE_REFRESH_MS);
    return () => clearInterval(t);
  }, []);

  const rings = snapshot.rows('rings');
  const divisions = snapshot.rows('divisions');
  const assignments = useMemo(() => ringAssignmentsFromRows(rings, divisions), [rings, divisions]);
  // Estimates move with the clock, recomputed each minute, not each second; once the TV is
  // stale they stay as they were when it last heard from the server.
  const minute = Math.floor(estimatesFrom(now, lastSynced).getTime() / 60_000);
  const day = useRingDayOf(tournament);
  const estimates = useMemo(
    () => estimatedStarts(divisions, new Date(minute * 60_000), day),
    [divisions, minute, day],
  );

  if (!snapshot.loaded || hasSynced === undefined) return { state: 'loading' };
  if (!hasSynced) {
    if (sync.status === 'offline') return { state: 'error', message: OFFLINE_MESSAGE };
    if (sync.status === 'error') return { state: 'error', message: sync.detail ?? OFFLINE_MESSAGE };
    return { state: 'loading' };
  }
  return { state: 'ready', rings: assignments, estimates, updatedAt: lastSynced };
}

const KEPT_PREFIX = 'signage:v1:';

interface KeptBoard {
  rings: SignageRing[];
  at: string;
}

function readKept(tournamentId: number): KeptBoard | null {
  try {
    const text = localStorage.getItem(KEPT_PREFIX + tournamentId);
    if (!text) return null;
    const kept = JSON.parse(text) as { rings?: unknown; at?: unknown };
    const rings = SignageRingListSchema.safeParse(kept.rings);
    return rings.success && typeof kept.at === 'string' ? { rings: rings.data, at: kept.at } : null;
  } catch {
    return null;
  }
}

/** Another tournament's rings from GET /api/signage/ring-assignments, every 11 seconds. */
export function useApiSignage(tournamentId: number): SignageSource {
  const [board, setBoard] = useState<KeptBoard | null>(() => readKept(tournamentId));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const read = async () => {
      try {
        const rings = await api.call(MATCHDAY_API.signage, { params: { tournamentId } });
        if (!live) return;
        const next = { rings, at: new Date().toISOString() };
        setBoard(next);
        setError(null);
        try {
          localStorage.setItem(KEPT_PREFIX + tournamentId, JSON.stringify(next));
        } catch {
          // A full storage keeps nothing; the screen still shows what it read.
        }
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e));
      }
    };
    setBoard(readKept(tournamentId));
    void read();
    const t = setInterval(() => void read(), SIGNAGE_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, [tournamentId]);

  if (board) return { state: 'ready', rings: board.rings, estimates: new Map(), updatedAt: board.at };
  if (error) return { state: 'error', message: error };
  return { state: 'loading' };
}
