import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { LOCALE_TAGS, type Locale } from './locale.ts';
import type { MessageKey } from './catalog/en/index.ts';

// One translator per language, over a catalog of ICU MessageFormat texts
// (docs/decisions/037-english-and-french.md): "{count, plural, one {# competitor} other {#
// competitors}}". A message is parsed the first time it is used, then kept.

export type { MessageKey };
export type Messages = Record<MessageKey, string>;
export type MessageValues = Record<string, PrimitiveType>;

export interface Translator {
  readonly locale: Locale;
  /** The text of `key` with `values` put in its placeholders. */
  t(key: MessageKey, values?: MessageValues): string;
  /**
   * The text of `key` as parts, for a text with tags ("Read our <link>privacy policy</link>"):
   * each tag's function receives its inner parts and returns what stands for them (a React
   * element in the app).
   */
  parts<T>(
    key: MessageKey,
    values?: Record<string, PrimitiveType | T | ((inner: (string | T)[]) => T)>,
  ): (string | T)[];
}

export function createTranslator(locale: Locale, messages: Messages): Translator {
  const tag = LOCALE_TAGS[locale];
  const parsed = new Map<MessageKey, IntlMessageFormat>();
  const formatOf = (key: MessageKey) => {
    let f = parsed.get(key);
    if (!f) {
      const source = messages[key];
      if (source === undefined) throw new Error(`No text for "${key}" in the ${locale} catalog`);
      f = new IntlMessageFormat(source, tag, undefined, { ignoreTag: false });
      parsed.set(key, f);
    }
    return f;
  };
  return {
    locale,
    t(key, values) {
      const out = formatOf(key).format(values);
      return Array.isArray(out) ? out.join('') : String(out);
    },
    parts<T>(key: MessageKey, values?: Record<string, unknown>) {
      const out = formatOf(key).format<T>(values as never);
      return (Array.isArray(out) ? out : [out]) as (string | T)[];
    },
  };
}
