import { SYNC_PATHS, type SyncScope } from '@shared/contract/sync.ts';
import { getSession } from '../lib/session.ts';

// The address of a scope's /sync/events stream (decision 018): EventSource cannot send headers,
// and an access token in a URL ends up in logs, so a signed-in device first trades its token
// for a short-lived ticket for that one scope. Scopes open to visitors (signage) need none.

/** The stream's address; throws when the ticket cannot be had (offline, signed out: try again later). */
export async function eventStreamUrl(
  scope: SyncScope,
  isPublic: boolean,
  fetchFn: typeof fetch = (...a) => fetch(...a),
): Promise<string> {
  const base = `${SYNC_PATHS.events}?scope=${scope}`;
  if (isPublic) return base;
  const session = getSession();
  if (!session) throw new Error('signed out');
  const res = await fetchFn(SYNC_PATHS.eventTicket, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ scope }),
  });
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  const { ticket } = (await res.json()) as { ticket: string };
  return `${base}&ticket=${encodeURIComponent(ticket)}`;
}
