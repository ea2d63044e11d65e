import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { PUBLIC_API } from '@shared/contract/public.ts';
import { REGISTRATION_API } from '@shared/contract/registration.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { api } from '@web/lib/api-client.ts';
import { t } from '@web/lib/i18n.tsx';
import { deviceDb, getMeta, META, setMeta } from '@web/sync/db.ts';
import type { WalkInOptions } from './walk-in-form.ts';

// Levels, events and door prices for walk-ins: fetched when online, kept in the device store
// meta, so the walk-in form works offline with the last answer.

/** Fetches the next tournament and its registration options and keeps them on the device. */
async function refreshWalkInOptions(now: Date = new Date()): Promise<WalkInOptions | null> {
  const tournaments = await api.call(PUBLIC_API.tournaments);
  const next = nextTournament(tournaments, now);
  if (!next) return null;
  const options = await api.call(REGISTRATION_API.options, { params: { tournamentId: next.id } });
  const value: WalkInOptions = {
    tournament: {
      id: next.id,
      tournamentDate: next.tournamentDate,
      competitorOnlineCost: next.competitorOnlineCost,
      competitorDoorCost: next.competitorDoorCost,
      spectatorCost: next.spectatorCost,
      lunchCost: next.lunchCost,
    },
    options,
    fetchedAt: now.toISOString(),
  };
  await setMeta(deviceDb(), META.walkInOptions, value);
  return value;
}

/**
 * The cached options (undefined while reading, null when this device never fetched them),
 * refreshed once per mount when online; `error` says why a refresh failed.
 */
export function useWalkInOptions(): { options: WalkInOptions | null | undefined; error: string | null } {
  const options = useLiveQuery(
    async () => (await getMeta<WalkInOptions>(deviceDb(), META.walkInOptions)) ?? null,
    [],
  );
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => {
      if (!navigator.onLine) return;
      refreshWalkInOptions().then(
        (v) => live && setError(v ? null : t('walkIn.page.noTournament')),
        (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
      );
    };
    load();
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, []);
  return { options, error };
}
