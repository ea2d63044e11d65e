// The shell's guard remembers the address a visitor wanted under this sessionStorage key.
const RETURN_URL_KEY = 'returnUrl';

/**
 * SPEC.md section 4: after signing in, TournamentDirector and SuperAdmin go to
 * /admin/dashboard, CheckInAdmin to /admin/registrations, everyone else to the
 * remembered return address or /customer/home.
 */
export function loginDestination(roles: readonly string[], returnUrl: string | null): string {
  if (roles.includes('TournamentDirector') || roles.includes('SuperAdmin')) return '/admin/dashboard';
  if (roles.includes('CheckInAdmin')) return '/admin/registrations';
  // Only a path on this site: never an absolute or protocol-relative address.
  if (returnUrl && returnUrl.startsWith('/') && !returnUrl.startsWith('//') && !returnUrl.startsWith('/user')) {
    return returnUrl;
  }
  return '/customer/home';
}

/** Reads and forgets the remembered return address. */
export function takeReturnUrl(): string | null {
  const value = sessionStorage.getItem(RETURN_URL_KEY);
  sessionStorage.removeItem(RETURN_URL_KEY);
  return value;
}
