import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  LANG_PARAM,
  localeOf,
  pickLocale,
  type Locale,
} from '@tournament/shared';

// The reader's language for what the server writes in answer to a request
// (docs/decisions/037-english-and-french.md): the cookie the language switch sets (which
// sign-in sets to the account's language), then Accept-Language, then English.

export function requestLocale(c: Context): Locale {
  return pickLocale({ cookie: getCookie(c, LANG_COOKIE), acceptLanguage: c.req.header('Accept-Language') });
}

/**
 * A page's language: a `?lang=` in its address first (the switch's link, which works with no
 * script, and the hreflang alternates), remembered in the cookie; else the request's.
 */
export function pageLocale(c: Context): Locale {
  const asked = localeOf(c.req.query(LANG_PARAM)?.split(',')[0]);
  if (!asked) return requestLocale(c);
  setCookie(c, LANG_COOKIE, asked, { path: '/', maxAge: LANG_COOKIE_MAX_AGE, sameSite: 'Lax' });
  return asked;
}
