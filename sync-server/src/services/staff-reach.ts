import { DIRECTOR_ROLES, hasAnyRole, isStaff, type Role } from '@tournament/shared';
import type { Caller, Deps } from '../deps.ts';
import { getNextTournament } from './tournaments.ts';

// Decision 018: what each staff role reaches of other families' registrations.
// Directors and super admins reach every tournament; a CheckInAdmin (a volunteer at the
// door) reaches only the next tournament's, which is all check-in needs.

/** Staff, but not a director or super admin. */
export function isCheckInOnly(roles: readonly Role[]): boolean {
  return isStaff(roles) && !hasAnyRole(roles, DIRECTOR_ROLES);
}

/** Whether `caller` may reach registrations of `tournamentId` that are not their own. */
export async function staffReachesTournament(deps: Deps, caller: Caller, tournamentId: number): Promise<boolean> {
  if (!isStaff(caller.roles)) return false;
  if (!isCheckInOnly(caller.roles)) return true;
  return (await getNextTournament(deps))?.id === tournamentId;
}
