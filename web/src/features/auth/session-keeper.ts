import { getSession, onLogout, setSession } from '@web/lib/session.ts';

// The account calls (and their zod schemas) load only for a signed-in session (decision 020).
const accounts = () => import('./api/accounts.ts');

// Access tokens live 15 minutes; the refresh token (single use, rotated) keeps a venue
// tablet signed in all day. This keeper swaps the pair shortly before the access token
// expires, one tab at a time, and ends the server session on logout.

const REFRESH_EARLY_MS = 60_000;
const CHECK_EVERY_MS = 30_000;

/** When a JWT's `exp` falls (ms since epoch), or undefined if it cannot be read. */
export function tokenExpiry(token: string): number | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the session's access token should be refreshed now. */
export function needsRefresh(token: string, now: number): boolean {
  const exp = tokenExpiry(token);
  return exp !== undefined && exp - now < REFRESH_EARLY_MS;
}

async function refreshIfDue(): Promise<void> {
  const session = getSession();
  if (!session?.refreshToken || !needsRefresh(session.token, Date.now())) return;
  const run = async () => {
    // Another tab may have refreshed while this one waited for the lock.
    const current = getSession();
    if (!current?.refreshToken || !needsRefresh(current.token, Date.now())) return;
    try {
      const { refreshSessionTokens, storeSession } = await accounts();
      storeSession(await refreshSessionTokens(current.refreshToken));
    } catch {
      // A refused refresh already signed the user out (api client, 401); a network
      // failure leaves the session for the next try.
    }
  };
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    await navigator.locks.request('nomac-session-refresh', run);
  } else {
    await run();
  }
}

let started = false;
/** Starts the keeper once per page load. */
export function startSessionKeeper(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void refreshIfDue();
  window.setInterval(() => void refreshIfDue(), CHECK_EVERY_MS);
  window.addEventListener('focus', () => void refreshIfDue());
  onLogout(async () => {
    const session = getSession();
    if (session?.refreshToken) {
      // Drop the refresh token first so a failing call cannot leave it usable here.
      const { refreshToken, ...rest } = session;
      setSession(rest);
      await (await accounts()).endServerSession(refreshToken);
    }
  });
}
