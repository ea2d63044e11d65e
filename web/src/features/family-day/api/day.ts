import { useEffect, useMemo, useRef } from 'react';
import { completedKey, familyDay, type FamilyDayChild } from '@shared/domain/family-day.ts';
import type { Tournament } from '@shared/contract/public.ts';
import { estimatesFrom } from '@shared/domain/signage.ts';
import { useRingDayOf, useTournaments } from '@web/lib/tournaments.ts';
import { useFamilySchedule } from '@web/lib/family-schedule.ts';
import { useHasSynced, useLastSynced, useReplica } from '@web/sync/hooks.ts';

// Where a family's day comes from (docs/decisions/051-family-day-page.md): which child is in
// which division, and their placings, from the family's own schedule (an authenticated read);
// rings, queues and statuses from the public `signage` scope the TVs read, so the page moves
// with a ring tablet's taps without a reload. The schedule is read again whenever one of the
// family's divisions completes (its placings), and every minute.

export { useTournaments };

export interface FamilyDay {
  /** The family's schedule has not been read yet. */
  loading: boolean;
  error: Error | undefined;
  children: FamilyDayChild[];
}

/** Each child of the family with each of their divisions' live status, at `now`. */
export function useFamilyDay(tournament: Tournament | undefined, now: Date): FamilyDay {
  const schedule = useFamilySchedule(tournament?.id);
  // The rings' start and lunch from the tournament's schedule: the times the TVs show.
  const ringDayOf = useRingDayOf(tournament);
  const snapshot = useReplica('signage');
  const synced = useHasSynced('signage');
  const lastSynced = useLastSynced();
  const rings = snapshot.rows('rings');
  const divisions = snapshot.rows('divisions');
  const entries = useMemo(() => schedule.data ?? [], [schedule.data]);

  // The ring each division was on when the page first saw it, to say where it moved.
  const seen = useRef(new Map<number, number | null>());
  if (synced) for (const d of divisions) if (!seen.current.has(d.id)) seen.current.set(d.id, d.ringId);

  const completed = completedKey(entries, divisions);
  const { refetch } = schedule;
  const firstKey = useRef(completed);
  useEffect(() => {
    if (completed !== firstKey.current) {
      firstKey.current = completed;
      refetch();
    }
  }, [completed, refetch]);

  // Estimates move each minute; a device that stopped hearing from the server keeps them as
  // they were then (and familyDay never shows a time already past).
  const minute = Math.floor(estimatesFrom(now, lastSynced).getTime() / 60_000);
  const children = useMemo(
    () =>
      familyDay({
        entries,
        // Before the device's first pull, the schedule's own rings and estimates.
        rings: synced ? rings : [],
        divisions: synced ? divisions : [],
        seenRings: seen.current,
        now,
        estimatesAt: new Date(minute * 60_000),
        ringDay: ringDayOf,
      }),
    [entries, rings, divisions, synced, now, minute, ringDayOf],
  );
  return { loading: schedule.data === undefined && schedule.isLoading, error: schedule.error, children };
}
