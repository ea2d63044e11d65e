import { useEffect } from 'react';
import { MATCHDAY_API, type CompetitorScheduleEntry } from '@shared/contract/matchday.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The signed-in family's own competitors in a tournament (decision 022): each child's divisions,
// ring, status, estimated start, placings and public name. Read by the customer home, the
// family's day page and the results page (which highlights them; decision 051).

const SCHEDULE_REFRESH_MS = 60_000;

/** The family's schedule, read again every minute; none without a tournament. */
export function useFamilySchedule(tournamentId: number | undefined) {
  const query = useQuery(`registration:schedule:${tournamentId ?? 'none'}`, () =>
    tournamentId === undefined
      ? Promise.resolve([] as CompetitorScheduleEntry[])
      : api.call(MATCHDAY_API.schedule, { params: { tournamentId } }),
  );
  const { refetch } = query;
  useEffect(() => {
    if (tournamentId === undefined) return;
    const timer = setInterval(refetch, SCHEDULE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [tournamentId, refetch]);
  return query;
}
