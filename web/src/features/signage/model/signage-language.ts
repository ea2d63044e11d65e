import { useEffect, useRef, useState } from 'react';
import { LOCALE_TAGS, localeOf, type Locale } from '@shared/i18n/locale.ts';
import type { Messages } from '@shared/i18n/translate.ts';
import { currentLocale, loadCatalog, setCatalog } from '@web/lib/i18n.tsx';

// A signage TV's languages (docs/decisions/037-english-and-french.md): `?lang=fr` speaks
// French (the app's boot chooses it, web/src/lib/i18n.tsx), `?lang=en,fr` alternates between
// the two every 11 seconds, as bilingual TVs in Ontario venues do. The page load's one
// catalog is the first language's; the screen loads the others, and on each turn makes the
// next one the page's (setCatalog) and re-renders its board keyed by the language.

/** How long a bilingual TV shows one language before the next. */
export const SIGNAGE_LANGUAGE_MS = 11_000;

/** The languages `?lang=` asks for, in order and once each: "en,fr" → ['en', 'fr']. */
export function signageLocales(param: string | null): Locale[] {
  const out: Locale[] = [];
  for (const part of (param ?? '').split(',')) {
    const locale = localeOf(part);
    if (locale && !out.includes(locale)) out.push(locale);
  }
  return out;
}

/**
 * The language the signage screen speaks now: the page's own for one language (or none asked),
 * else each of `locales` in turn for `everyMs`. Leaving the screen gives the page back its own.
 */
export function useSignageLocale(locales: readonly Locale[], everyMs = SIGNAGE_LANGUAGE_MS): Locale {
  const [locale, setLocale] = useState<Locale>(() => currentLocale());
  const turn = useRef(0);
  const wanted = locales.join(',');

  useEffect(() => {
    const list = signageLocales(wanted);
    if (list.length < 2) return;
    const own = currentLocale();
    const html = document.documentElement;
    const ownLang = html.lang;
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    let catalogs: Map<Locale, Messages> | undefined;
    const show = (next: Locale) => {
      const messages = catalogs?.get(next);
      if (!messages) return;
      setCatalog(next, messages);
      html.lang = LOCALE_TAGS[next];
      setLocale(next);
    };
    void Promise.all([own, ...list].map(async (l) => [l, await loadCatalog(l)] as const)).then(
      (loaded) => {
        if (!live) return;
        catalogs = new Map(loaded);
        turn.current = 0;
        show(list[0]!);
        timer = setInterval(() => {
          turn.current = (turn.current + 1) % list.length;
          show(list[turn.current]!);
        }, everyMs);
      },
      // A catalog that cannot load (offline before it was cached): the TV keeps its one language.
      () => undefined,
    );
    return () => {
      live = false;
      clearInterval(timer);
      const messages = catalogs?.get(own);
      if (messages) {
        setCatalog(own, messages);
        html.lang = ownLang;
        setLocale(own);
      }
    };
  }, [wanted, everyMs]);

  return locale;
}
