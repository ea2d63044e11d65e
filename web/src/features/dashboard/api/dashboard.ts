import { ADMIN_REPORT_API, ADMIN_REPORT_PATHS } from '@shared/contract/admin-reports.ts';
import { SYNC_POKE_EVENT } from '@shared/contract/sync.ts';
import { useEffect } from 'react';
import { api } from '@web/lib/api-client.ts';
import { useSession } from '@web/lib/session.ts';
import { useQuery } from '@web/lib/use-query.ts';
import { eventStreamUrl } from '@web/sync/event-stream.ts';

// The dashboard's read (decision 013) and how it stays live (docs/decisions/013).

export const DASHBOARD_PATH = ADMIN_REPORT_PATHS.dashboard;
/** At most one refetch per second however many pokes arrive (a busy check-in desk). */
export const POKE_DEBOUNCE_MS = 1000;
/** Refetch this often anyway, in case the event stream is down. */
export const FALLBACK_REFRESH_MS = 30_000;

export const useDashboard = () => useQuery('admin-dashboard', () => api.call(ADMIN_REPORT_API.dashboard));

/**
 * Calls `refresh` when the next tournament's data changes: on each `poke` of the check-in event
 * stream (every pushed check-in, payment or walk-in, and every /api change to it), debounced,
 * and every 30 s as a fallback. The stream is opened again (with a new ticket) when the access
 * token changes.
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
    let left = false;
    if (token && typeof EventSource !== 'undefined') {
      // A ticket for the stream, never the token in its address (decision 018); without one (offline)
      // the 30 s refresh carries on alone.
      eventStreamUrl('checkin', false)
        .then((url) => {
          if (left) return;
          source = new EventSource(url);
          source.addEventListener(SYNC_POKE_EVENT, soon);
          // Changes made while the stream was down: catch up once it is back.
          let opened = false;
          source.addEventListener('open', () => {
            if (opened) soon();
            opened = true;
          });
        })
        .catch(() => undefined);
    }
    return () => {
      left = true;
      clearInterval(interval);
      clearTimeout(timer);
      source?.close();
    };
  }, [refresh, token]);
}
