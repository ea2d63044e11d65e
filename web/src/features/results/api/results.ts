import { useEffect } from 'react';
import { MATCHDAY_API } from '@shared/contract/matchday.ts';
import { useFamilySchedule } from '@web/lib/family-schedule.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The public results page's reads (decision 022): the tournament list (to find the next
// tournament) and GET /api/results/{tournamentId}; for a signed-in family, its own schedule
// (which placings and leaderboard rows are its children's, to highlight them; decision 051).

export { useTournaments } from '@web/lib/tournaments.ts';

/** The signed-in family's own competitors in the tournament (none for a visitor). */
export function useOwnEntries(tournamentId: number | undefined, signedIn: boolean) {
  return useFamilySchedule(signedIn ? tournamentId : undefined);
}

/** Results arrive through the day: a page left open reads them again every minute. */
const RESULTS_REFRESH_MS = 60_000;

export function useResults(tournamentId: number | undefined) {
  const query = useQuery(`results:${tournamentId ?? 'none'}`, () =>
    tournamentId === undefined
      ? Promise.resolve(undefined)
      : api.call(MATCHDAY_API.results, { params: { tournamentId } }),
  );
  const { refetch } = query;
  useEffect(() => {
    if (tournamentId === undefined) return;
    const t = setInterval(refetch, RESULTS_REFRESH_MS);
    return () => clearInterval(t);
  }, [tournamentId, refetch]);
  return query;
}
