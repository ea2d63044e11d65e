// docs/product.md §6.
export const ROLES = [
  'Unauthenticated',
  'Customer',
  'CheckInAdmin',
  'RingOfficial',
  'TournamentDirector',
  'SuperAdmin',
] as const;
export type Role = (typeof ROLES)[number];
/** Roles an account can hold (Unauthenticated is the absence of an account). */
export const ACCOUNT_ROLES = [
  'Customer',
  'CheckInAdmin',
  'RingOfficial',
  'TournamentDirector',
  'SuperAdmin',
] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

// The role groups, defined once: the API role table (contract/access.ts), the sync scopes and the
// web app's page table all use these.
/** Anyone, signed in or not. */
export const ANYONE_ROLES = ROLES;
/** Any signed-in account. */
export const SIGNED_IN_ROLES = ACCOUNT_ROLES;
/** The registrations desk's staff (docs/product.md §6); a RingOfficial is not among them. */
export const STAFF_ROLES = ['CheckInAdmin', 'TournamentDirector', 'SuperAdmin'] as const satisfies readonly AccountRole[];
export const DIRECTOR_ROLES = ['TournamentDirector', 'SuperAdmin'] as const satisfies readonly AccountRole[];
/**
 * Who runs a ring (decision 042): ring officials and directors. A RingOfficial reaches the
 * matchday scope and its scoring mutators, nothing else.
 */
export const RING_ROLES = [
  'RingOfficial',
  'TournamentDirector',
  'SuperAdmin',
] as const satisfies readonly AccountRole[];
/** Anyone who works in the admin area: the desk staff and ring officials. */
export const ADMIN_AREA_ROLES = [
  'CheckInAdmin',
  'RingOfficial',
  'TournamentDirector',
  'SuperAdmin',
] as const satisfies readonly AccountRole[];
export const SUPER_ADMIN_ROLES = ['SuperAdmin'] as const satisfies readonly AccountRole[];

export function isStaff(roles: readonly string[]): boolean {
  return roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
}

export function hasAnyRole(roles: readonly string[], allowed: readonly string[]): boolean {
  return roles.some((r) => allowed.includes(r));
}
