// The two languages of the product (docs/decisions/037-english-and-french.md): English, the
// spec's, and Canadian French. A person's language is chosen once and remembered, in this
// order: the signed-in account's setting, the cookie the language switch sets, the browser's
// Accept-Language, then English.

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The BCP 47 tag of each language: `<html lang>`, hreflang and every Intl formatter use it. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/** The cookie the language switch sets (one year; readable by the app, it holds no secret). */
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The query parameter that chooses a language for a link (`?lang=fr`); the signage's too. */
export const LANG_PARAM = 'lang';

/** Each language's name written in itself: what the switch offers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

/** "fr", "fr-CA", "FR_ca" → "fr"; anything else → undefined. */
export function localeOf(tag: string | null | undefined): Locale | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/**
 * The first language of an Accept-Language header (or of `navigator.languages`) that we
 * speak, by the weights given: "fr-CA,fr;q=0.9,en;q=0.8" → "fr".
 */
export function fromAcceptLanguage(
  header: string | readonly string[] | null | undefined,
): Locale | undefined {
  if (!header) return undefined;
  const entries = (typeof header === 'string' ? header.split(',') : header).map((part, index) => {
    const [tag = '', ...params] = part.split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    return { locale: localeOf(tag), weight: Number.isFinite(weight) ? weight : 0, index };
  });
  const best = entries
    .filter((e): e is typeof e & { locale: Locale } => e.locale !== undefined && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)[0];
  return best?.locale;
}

/** The language to speak, by the order of precedence above. */
export function pickLocale(sources: {
  account?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | readonly string[] | null;
}): Locale {
  return (
    localeOf(sources.account) ??
    localeOf(sources.cookie) ??
    fromAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LOCALE
  );
}
