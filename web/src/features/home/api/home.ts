import { EventTypeListSchema, PUBLIC_PATHS, TournamentListSchema } from '@shared/contract/public.ts';
import { api } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';

// The home page's reads (SPEC.md section 2: the tournament list and one further fetch). The
// contract module is imported by its own path: the home page pulls only the public schemas.
export function useTournaments() {
  return useQuery('tournaments', () => api.get(PUBLIC_PATHS.tournaments, TournamentListSchema));
}

export function useEventTypes() {
  return useQuery('event-types', () => api.get(PUBLIC_PATHS.eventTypes, EventTypeListSchema));
}
