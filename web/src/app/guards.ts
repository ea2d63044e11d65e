import { href, isPublicPage } from './pages.ts';

/** docs/product.md §2: the pages a visitor may see without logging in (the page table's public ones). */
export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // Any signage screen is public, even one the table does not list yet.
  return isPublicPage(path) || /^\/signage\/.*/.test(path);
}

export const RETURN_URL_KEY = 'returnUrl';

/**
 * Where the login guard sends someone, or null to stay: a visitor on a non-public path goes
 * to /user/login; a signed-in user on the /user pages goes to /customer/registration, except on
 * a staff invitation (decision 049): a volunteer signed in as a parent on this browser still
 * accepts it, and the page says whose account it then signs in.
 */
export function guardRedirect(pathname: string, signedIn: boolean): string | null {
  if (!signedIn && !isPublicPath(pathname)) return href('login');
  if (signedIn && /^\/user(\/|$)/.test(pathname) && !/^\/user\/invite\/[^/]+\/?$/.test(pathname))
    return href('registrationStart');
  return null;
}

/** docs/product.md §5: ids in routes are numeric; any route param named `...Id` must be digits. */
export function hasNonNumericId(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).some(
    ([name, value]) => name.endsWith('Id') && value !== undefined && !/^\d+$/.test(value),
  );
}
