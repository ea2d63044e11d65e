import {
  DEFAULT_TIME_ZONE,
  formatClock,
  formatDateTime,
  formatLongDate,
  formatTimeOrDateTime,
  timeZoneOr,
  venueClock,
} from '@shared/domain/time.ts';
import { LOCALE_TAGS } from '@shared/i18n/locale.ts';
import { useMemo } from 'react';
import { currentLocale, t } from './i18n.tsx';
import { useSiteSettings } from './site-settings.tsx';

// docs/product.md §9 and docs/decisions/029-tournament-time-zone.md: dates in the
// en-CA long form with weekday; every time in the tournament's zone, labelled ("7:05 p.m. EST"),
// whatever zone the device is set to. The rule is shared/src/domain/time.ts. Each writes in the
// page's language (docs/decisions/037-english-and-french.md); `useFormat()` in lib/i18n.tsx is
// the fuller set, money and numbers included.

/** The BCP 47 tag of the page's language. */
const tag = () => LOCALE_TAGS[currentLocale()];

/** "Saturday, June 13, 2026" for a calendar day ("2026-06-13"), or an instant's day in `timeZone`. */
export function formatDate(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatLongDate(value, timeZone, tag());
}

/** Whole dollars (docs/product.md §9: costs are integers). */
export function formatDollars(amount: number): string {
  if (currentLocale() === 'en') return `$${amount}`;
  return new Intl.NumberFormat(tag(), {
    style: 'currency',
    currency: 'CAD',
    currencyDisplay: 'narrowSymbol',
  }).format(amount);
}

/**
 * "about 10:45" for an estimated start (decision 029): the venue's clock time, no
 * a.m./p.m. (a tournament runs through one day), said as the estimate it is.
 */
export function formatAbout(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return t('format.about', { time: venueClock(iso, timeZone, tag()) });
}

/** The tournament's time zone from the site settings (Ontario until they load). */
export function useTimeZone(): string {
  return timeZoneOr(useSiteSettings()?.timeZone);
}

export interface TimeFormat {
  timeZone: string;
  /** "Saturday, November 21, 2026" (a calendar day as it is; an instant's day in the zone). */
  date: (value: string | Date) => string;
  /** "7:05 p.m. EST". */
  clock: (iso: string | Date) => string;
  /** "Saturday, November 21, 2026 at 7:05 p.m. EST". */
  dateTime: (iso: string | Date) => string;
  /** The clock alone on today's date in the zone, else with the date. */
  timeOrDateTime: (iso: string | Date, now?: Date) => string;
  /** "about 10:45". */
  about: (iso: string) => string;
}

/** The formatters every staff screen uses, bound to the tournament's zone. */
export function useTimeFormat(): TimeFormat {
  const timeZone = useTimeZone();
  return useMemo(
    () => ({
      timeZone,
      date: (value) => formatLongDate(value, timeZone, tag()),
      clock: (iso) => formatClock(iso, timeZone, tag()),
      dateTime: (iso) => formatDateTime(iso, timeZone, tag()),
      timeOrDateTime: (iso, now) => formatTimeOrDateTime(iso, timeZone, now, tag()),
      about: (iso) => formatAbout(iso, timeZone),
    }),
    [timeZone],
  );
}
