import { SYNC_PATHS, SYNC_POKE_EVENT, type Dashboard } from '@tournament/shared';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useQuery } from '../../../lib/use-query.ts';

// The dashboard's read (issue 7) and how it stays live (docs/decisions/013).

export const DASHBOARD_PATH = '/api/admin/dashboard';
/** At most one refetch per second however many pokes arrive (a busy check-in desk). */
export const POKE_DEBOUNCE_MS = 1000;
/** Refetch this often anyway, in case the event stream is down. */
export const FALLBACK_REFRESH_MS = 30_000;

export const useDashboard = () => useQuery('admin-dashboard', () => api.get<Dashboard>(DASHBOARD_PATH));

/**
 * Calls `refresh` when the next tournament's data changes: on each `poke` of the check-in event
 * stream (every pushed check-in, payment or walk-in, and every /api change to it), debounced,
 * and every 30 s as a fallback. The stream is opened again when the access token changes, since
 * it carries the token in its address.
 */
export function useLiveRefresh(refresh: () => void): void {
  const token = useSession()?.token;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          refresh();
        }, POKE_DEBOUNCE_MS);
      }
    };
    const interval = setInterval(refresh, FALLBACK_REFRESH_MS);
    let source: EventSource | undefined;
    if (token && typeof EventSource !== 'undefined') {
      source = new EventSource(`${SYNC_PATHS.events}?scope=checkin&token=${encodeURIComponent(token)}`);
      source.addEventListener(SYNC_POKE_EVENT, soon);
      // Changes made while the stream was down: catch up once it is back.
      let opened = false;
      source.addEventListener('open', () => {
        if (opened) soon();
        opened = true;
      });
    }
    return () => {
      clearInterval(interval);
      clearTimeout(timer);
      source?.close();
    };
  }, [refresh, token]);
}
