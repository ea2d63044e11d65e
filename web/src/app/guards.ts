// SPEC.md section 2: the paths a visitor may see without logging in.
const PUBLIC_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/contact$/,
  /^\/privacy$/,
  /^\/mailing-list$/,
  /^\/user(\/(login|register|pending|forgot))?$/,
  /^\/user\/verification(\/[^/]+)?$/,
  /^\/user\/reset\/[^/]+\/[^/]+$/,
  /^\/signage\/.*/,
  // Issue 14: the public results page (first name, last initial and school only).
  /^\/results$/,
];

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.some((re) => re.test(path));
}

export const RETURN_URL_KEY = 'returnUrl';

/**
 * Where the login guard sends someone, or null to stay: a visitor on a non-public path goes
 * to /user/login; a signed-in user on the /user pages goes to /customer/registration.
 */
export function guardRedirect(pathname: string, signedIn: boolean): string | null {
  if (!signedIn && !isPublicPath(pathname)) return '/user/login';
  if (signedIn && /^\/user(\/|$)/.test(pathname)) return '/customer/registration';
  return null;
}

/** SPEC.md section 5: ids in routes are numeric; any route param named `...Id` must be digits. */
export function hasNonNumericId(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).some(([name, value]) => name.endsWith('Id') && value !== undefined && !/^\d+$/.test(value));
}
