import { DIRECTOR_ROLES, hasAnyRole, RING_ROLES, STAFF_ROLES } from '@shared/domain/roles.ts';
import { dayInZone } from '@shared/domain/time.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { href, PAGES } from '@web/app/pages.ts';

// The shell's guard remembers the address a visitor wanted under this sessionStorage key.
const RETURN_URL_KEY = 'returnUrl';

/**
 * docs/product.md §4: after signing in, TournamentDirector and SuperAdmin go to
 * /admin/dashboard, CheckInAdmin to /admin/registrations, everyone else to the
 * remembered return address or /customer/home. A RingOfficial goes to the matchday screen, the
 * only page it may open (decision 042). On tournament day a director lands on the control room
 * (decision 048).
 */
export function loginDestination(
  roles: readonly string[],
  returnUrl: string | null,
  tournamentDay = false,
): string {
  if (hasAnyRole(roles, DIRECTOR_ROLES)) return href(tournamentDay ? 'controlRoom' : 'dashboard');
  if (hasAnyRole(roles, STAFF_ROLES)) return href('registrations');
  if (hasAnyRole(roles, RING_ROLES)) return href('matchday');
  // Only a path on this site: never an absolute or protocol-relative address.
  if (
    returnUrl &&
    returnUrl.startsWith('/') &&
    !returnUrl.startsWith('//') &&
    !returnUrl.startsWith(PAGES.user.path)
  ) {
    return returnUrl;
  }
  return href('customerHome');
}

/** Reads and forgets the remembered return address. */
export function takeReturnUrl(): string | null {
  const value = sessionStorage.getItem(RETURN_URL_KEY);
  sessionStorage.removeItem(RETURN_URL_KEY);
  return value;
}

/** Whether today, in the tournament's time zone, is the next tournament's day. */
export function isTournamentDay(
  tournaments: readonly { tournamentDate: string }[] | undefined,
  now: Date,
  timeZone: string,
): boolean {
  const next = tournaments ? nextTournament(tournaments, now) : undefined;
  return next !== undefined && dayInZone(now, timeZone) === next.tournamentDate;
}
