import type { EventType, Tournament } from '@tournament/shared';
import { api } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';

// The home page's reads (SPEC.md section 2: the tournament list and one further fetch).
export function useTournaments() {
  return useQuery('tournaments', () => api.get<Tournament[]>('/api/tournaments'));
}

export function useEventTypes() {
  return useQuery('event-types', () => api.get<EventType[]>('/api/event-types'));
}
