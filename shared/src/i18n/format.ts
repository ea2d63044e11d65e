import {
  DEFAULT_TIME_ZONE,
  formatClock,
  formatDateTime,
  formatLongDate,
  formatTimeOrDateTime,
  venueClock,
} from '../domain/time.ts';
import { LOCALE_TAGS, type Locale } from './locale.ts';
import type { Translator } from './translate.ts';

// The one place dates, times, money and numbers are written for a person
// (docs/decisions/037-english-and-french.md), through Intl in the reader's language and always
// in the tournament's time zone, whatever zone the device or the server runs in:
//   en: "Saturday, February 27, 2027", "2:30 p.m. EST", "$45"
//   fr: "samedi 27 février 2027", "14 h 30 HNE", "45,00 $"

export interface Formatters {
  readonly locale: Locale;
  readonly timeZone: string;
  /** The long date with weekday: a calendar day as it is, an instant's day in the zone. */
  date(value: string | Date): string;
  /** The clock time of an instant, labelled with the zone. */
  clock(value: string | Date): string;
  /** The long date and the clock time. */
  dateTime(value: string | Date): string;
  /** The clock time alone on `now`'s day in the zone, else with its date. */
  timeOrDateTime(value: string | Date, now?: Date): string;
  /** An estimated start: "about 10:45", "vers 10 h 45". */
  about(value: string | Date): string;
  /** An amount of dollars: whole amounts as the spec writes them in English ("$45"). */
  money(amount: number): string;
  /** A number with the language's separators ("1,234.5", "1 234,5"). */
  number(value: number): string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(tag: string, kind: 'money' | 'moneyWhole' | 'number'): Intl.NumberFormat {
  const key = `${tag} ${kind}`;
  let f = numberFormats.get(key);
  if (!f) {
    f =
      kind === 'number'
        ? new Intl.NumberFormat(tag)
        : new Intl.NumberFormat(tag, {
            style: 'currency',
            currency: 'CAD',
            currencyDisplay: 'narrowSymbol',
            ...(kind === 'moneyWhole' ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
          });
    numberFormats.set(key, f);
  }
  return f;
}

/** The formatters of `translator`'s language in `timeZone`. */
export function formatters(translator: Translator, timeZone: string = DEFAULT_TIME_ZONE): Formatters {
  const locale = translator.locale;
  const tag = LOCALE_TAGS[locale];
  return {
    locale,
    timeZone,
    date: (value) => formatLongDate(value, timeZone, tag),
    clock: (value) => formatClock(value, timeZone, tag),
    dateTime: (value) => formatDateTime(value, timeZone, tag),
    timeOrDateTime: (value, now) => formatTimeOrDateTime(value, timeZone, now, tag),
    about: (value) => translator.t('format.about', { time: venueClock(value, timeZone, tag) }),
    // English keeps the spec's whole dollars ("$45", "$12.50"); French writes the cents as a
    // Canadian French reader expects them ("45,00 $").
    money: (amount) =>
      locale === 'en' && Number.isInteger(amount)
        ? numberFormat(tag, 'moneyWhole').format(amount)
        : numberFormat(tag, 'money').format(amount),
    number: (value) => numberFormat(tag, 'number').format(value),
  };
}
