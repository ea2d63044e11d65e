import { useEffect } from 'react';
import { MATCHDAY_API } from '@shared/contract/matchday.ts';
import { PUBLIC_API } from '@shared/contract/public.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The public results page's reads (decision 022): the tournament list (to find the next
// tournament) and GET /api/results/{tournamentId}.

export function useTournaments() {
  return useQuery('tournaments', () => api.call(PUBLIC_API.tournaments));
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
