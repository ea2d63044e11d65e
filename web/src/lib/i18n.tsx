import { Fragment, useMemo, type ReactNode } from 'react';
import {
  DEFAULT_LOCALE,
  fromAcceptLanguage,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  LANG_PARAM,
  LOCALE_TAGS,
  localeOf,
  type Locale,
} from '@shared/i18n/locale.ts';
import { formatters, type Formatters } from '@shared/i18n/format.ts';
import { translateText } from '@shared/i18n/message-ref.ts';
import {
  createTranslator,
  type MessageKey,
  type Messages,
  type MessageValues,
  type Translator,
} from '@shared/i18n/translate.ts';
import { useTimeZone } from './format.ts';

// The app's language (docs/decisions/037-english-and-french.md). One language per page load:
// main.tsx loads the active catalog, and only it, before the first render; switching language
// sets the cookie (and the account's setting) and reloads, so every text on the page, the
// server-rendered ones too, changes at once. `t` is called while rendering or later, never at
// a module's top level: the catalog is not there yet when modules are evaluated.

export type { Locale, MessageKey, MessageValues };

let translator: Translator | undefined;

/** Makes `messages` the texts of the page (main.tsx, the server's render, tests). */
export function setCatalog(locale: Locale, messages: Messages): void {
  translator = createTranslator(locale, messages);
}

function current(): Translator {
  if (!translator) throw new Error('No catalog loaded: t() was called before main.tsx loaded one');
  return translator;
}

/** The text of `key` in the page's language. */
export function t(key: MessageKey, values?: MessageValues): string {
  return current().t(key, values);
}

/**
 * A text that may be a message reference (`msg()` in shared: a zod message, a shared constant,
 * an /api answer's message) in the page's language; any other text as it is.
 */
export function tm(text: string): string {
  return translateText(current(), text);
}

/**
 * A text with tags as React nodes: `tx('auth.agree', { link: (inner) => <a href="/privacy">{inner}</a> })`
 * for "I agree to the <link>privacy policy</link>".
 */
export function tx(
  key: MessageKey,
  values: Record<string, string | number | ReactNode | ((inner: ReactNode[]) => ReactNode)>,
): ReactNode {
  const parts = current().parts<ReactNode>(key, values as never);
  return parts.map((part, i) => <Fragment key={i}>{part}</Fragment>);
}

/** The page's language. */
export function currentLocale(): Locale {
  return translator?.locale ?? DEFAULT_LOCALE;
}

/** Dates, times, money and numbers in the page's language and the tournament's time zone. */
export function useFormat(): Formatters {
  const timeZone = useTimeZone();
  return useMemo(() => formatters(current(), timeZone), [timeZone]);
}

function cookieLocale(): Locale | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`).exec(document.cookie);
  return localeOf(match?.[1]);
}

function rememberLocale(locale: Locale): void {
  document.cookie = `${LANG_COOKIE}=${locale}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * The language this page load speaks: a `?lang=` in the address (remembered), else the
 * cookie (which the server sets to the account's language at sign-in), else the browser's
 * languages, else English.
 */
export function chosenLocale(): Locale {
  const asked = localeOf(new URLSearchParams(location.search).get(LANG_PARAM)?.split(',')[0]);
  if (asked) {
    rememberLocale(asked);
    return asked;
  }
  return cookieLocale() ?? fromAcceptLanguage(navigator.languages) ?? DEFAULT_LOCALE;
}

/** The catalog of `locale`, fetched on its own: a page loads only its language's texts. */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  return locale === 'fr'
    ? (await import('@shared/i18n/catalog/fr/index.ts')).fr
    : (await import('@shared/i18n/catalog/en/index.ts')).en;
}

/** Loads and uses `locale`'s catalog, and says so to the browser and assistive tech. */
export async function startLocale(locale: Locale): Promise<void> {
  setCatalog(locale, await loadCatalog(locale));
  document.documentElement.lang = LOCALE_TAGS[locale];
}

/** The language switch: remembered on this device and, when `save` is given, on the account. */
export async function switchLocale(
  locale: Locale,
  save?: (locale: Locale) => Promise<unknown>,
): Promise<void> {
  rememberLocale(locale);
  // The account's setting is best effort here: offline, the device's choice still holds, and
  // the profile page changes the account's.
  await save?.(locale).catch(() => undefined);
  const url = new URL(location.href);
  url.searchParams.delete(LANG_PARAM);
  location.replace(url.href);
}
