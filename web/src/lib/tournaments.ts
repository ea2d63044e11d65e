import { PUBLIC_PATHS } from '@shared/contract/public-paths.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The tournament list as the shell reads it (the home page, the header). The schema loads with
// the answer: zod stays out of the first chunk, and a page the server rendered with its data
// (decision 020) never loads it.
const tournamentListSchema = async () => (await import('@shared/contract/public.ts')).TournamentListSchema;

export function useTournaments() {
  return useQuery('tournaments', () => api.get(PUBLIC_PATHS.tournaments, tournamentListSchema));
}

/** Whether today is the next tournament's day (false while the list is unknown). */
export function useTournamentToday(): boolean {
  const list = useTournaments().data;
  return (list && nextTournament(list, new Date())?.isTournamentToday) ?? false;
}
