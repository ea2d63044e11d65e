import { MATCHDAY_API as M } from '@shared/contract/matchday.ts';
import { PUBLIC_API } from '@shared/contract/public.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';
import { syncEngine } from '@web/sync/engine.ts';

// Ring setup goes through /api (decision 021): rings are made, renamed, removed and
// reordered online. The rows themselves reach the screen through the matchday scope, so after
// each call the device pulls at once instead of waiting for the poke.

const pullNow = () => void syncEngine().syncNow();

export async function createRing(tournamentId: number, name: string) {
  const ring = await api.call(M.createRing, { body: { tournamentId, name } });
  pullNow();
  return ring;
}

export async function renameRing(ringId: number, name: string) {
  const ring = await api.call(M.renameRing, { params: { ringId }, body: { name } });
  pullNow();
  return ring;
}

export async function removeRing(ringId: number) {
  await api.call(M.removeRing, { params: { ringId } });
  pullNow();
}

export async function reorderRings(tournamentId: number, ids: number[]) {
  await api.call(M.reorderRings, { body: { tournamentId, ids } });
  pullNow();
}

/** The next tournament's id (docs/product.md §4), for a first ring when the device holds none yet. */
export function useNextTournamentId(): number | undefined {
  const tournaments = useQuery('tournaments', () => api.call(PUBLIC_API.tournaments));
  return tournaments.data ? nextTournament(tournaments.data, new Date())?.id : undefined;
}
