import { en } from './catalog/en/index.ts';
import { fr } from './catalog/fr/index.ts';
import { LOCALES, type Locale } from './locale.ts';
import { createTranslator, type Translator } from './translate.ts';

// Both languages at once, for the server, which answers each request in its reader's language,
// and for tests. The web app never imports this: it loads only the active language's catalog
// (web/src/lib/i18n.ts).

const translators = new Map<Locale, Translator>();

export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, locale === 'fr' ? fr : en);
    translators.set(locale, translator);
  }
  return translator;
}

export const CATALOGS: Record<Locale, Record<string, string>> = { en, fr };
export { LOCALES };
