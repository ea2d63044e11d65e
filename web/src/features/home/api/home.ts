import { PUBLIC_PATHS } from '@shared/contract/public-paths.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The home page's reads (docs/product.md §2: the tournament list and one further fetch). The
// schemas load with the answers: zod stays out of the first chunk, and a home page
// the server rendered with its data (decision 020) never loads them.
export { useTournaments } from '@web/lib/tournaments.ts';
const eventTypeListSchema = async () => (await import('@shared/contract/public.ts')).EventTypeListSchema;

export function useEventTypes() {
  return useQuery('event-types', () => api.get(PUBLIC_PATHS.eventTypes, eventTypeListSchema));
}
