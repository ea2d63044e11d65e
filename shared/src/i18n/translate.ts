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

/**
 * Named formats a message may use: `{amount, number, money}` writes dollars as format.ts does
 * (English keeps the spec's whole "$45"; French "45,00 $"), `{day, date, day}` a calendar day
 * given as its UTC midnight in milliseconds ("Saturday, February 27, 2027"), `{n, number, kg}`
 * a weight to at most one decimal, without grouping ("32.5" in English, "32,5" in French).
 */
function namedFormats(locale: Locale) {
  return {
    number: {
      money: {
        style: 'currency',
        currency: 'CAD',
        currencyDisplay: 'narrowSymbol',
        ...(locale === 'en' ? { trailingZeroDisplay: 'stripIfInteger' } : {}),
      },
      kg: { maximumFractionDigits: 1, useGrouping: false },
    },
    date: { day: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } },
  } as ConstructorParameters<typeof IntlMessageFormat>[2];
}

export function createTranslator(locale: Locale, messages: Messages): Translator {
  const tag = LOCALE_TAGS[locale];
  const formats = namedFormats(locale);
  const parsed = new Map<MessageKey, IntlMessageFormat>();
  const formatOf = (key: MessageKey) => {
    let f = parsed.get(key);
    if (!f) {
      const source = messages[key];
      if (source === undefined) throw new Error(`No text for "${key}" in the ${locale} catalog`);
      f = new IntlMessageFormat(source, tag, formats, { ignoreTag: false });
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
