import { PUBLIC_PATHS } from '@shared/contract/public-paths.ts';
import { useMemo } from 'react';
import { ringDay } from '@shared/domain/day-schedule.ts';
import type { Tournament } from '@shared/contract/public.ts';
import type { RingDay } from '@shared/domain/matchday/estimates.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { useTimeZone } from '@web/lib/format.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The tournament list as the shell reads it (the home page, the header). The schema loads with
// the answer: zod stays out of the first chunk, and a page the server rendered with its data
// (decision 020) never loads it.
const tournamentListSchema = async () => (await import('@shared/contract/public.ts')).TournamentListSchema;

export function useTournaments() {
  return useQuery('tournaments', () => api.get(PUBLIC_PATHS.tournaments, tournamentListSchema));
}

/**
 * The next tournament's rings' start and lunch from its schedule (decision 052), in the site's
 * time zone: what every screen's estimates count from, so the TVs, the rings page, the ring
 * tablets, the control room and the families' day pages agree. Null while the list is unknown.
 */
export function useRingDay(): RingDay | null {
  const list = useTournaments().data;
  return useRingDayOf(list ? nextTournament(list, new Date()) : null);
}

/** `tournament`'s rings' start and lunch from its schedule, in the site's time zone (or null). */
export function useRingDayOf(tournament: Tournament | null | undefined): RingDay | null {
  const timeZone = useTimeZone();
  return useMemo(
    () => (tournament ? ringDay(tournament.schedule, tournament.tournamentDate, timeZone) : null),
    [tournament, timeZone],
  );
}

/** Whether today is the next tournament's day (false while the list is unknown). */
export function useTournamentToday(): boolean {
  const list = useTournaments().data;
  return (list && nextTournament(list, new Date())?.isTournamentToday) ?? false;
}
