import { msg } from '../i18n/message-ref.ts';
// One rule (docs/decisions/029-tournament-time-zone.md) for every date and time the
// site shows. An instant (a check-in, a payment, a receipt) is shown in the tournament's time
// zone, whatever the device's own zone is, and labelled with the zone's abbreviation ("EST");
// dates are the en-CA long form with weekday (docs/product.md §9). A calendar day such as a
// tournament date ("2026-06-13") has no time and no zone: it is shown as the day it names.

/** The venue is in Ontario (docs/product.md §9): the zone until a super admin picks another. */
export const DEFAULT_TIME_ZONE = 'America/Toronto';

/** The zones offered in the site settings: Canada's, east to west. Any IANA zone is accepted. */
export const CANADIAN_TIME_ZONES = [
  { zone: 'America/St_Johns', label: msg('timeZone.newfoundland') },
  { zone: 'America/Halifax', label: msg('timeZone.atlantic') },
  { zone: 'America/Toronto', label: msg('timeZone.eastern') },
  { zone: 'America/Winnipeg', label: msg('timeZone.central') },
  { zone: 'America/Regina', label: msg('timeZone.saskatchewan') },
  { zone: 'America/Edmonton', label: msg('timeZone.mountain') },
  { zone: 'America/Vancouver', label: msg('timeZone.pacific') },
  { zone: 'America/Whitehorse', label: msg('timeZone.yukon') },
] as const;

export const TIME_ZONE_MESSAGE = msg('field.timeZone');

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and kind: building an Intl.DateTimeFormat is slow, using one is not. */
function format(
  kind: 'date' | 'clock' | 'dateTime' | 'parts' | 'offset',
  timeZone: string,
  tag = 'en-CA',
): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone} ${tag}`;
  let f = formats.get(key);
  if (!f) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      date: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
      clock: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
      dateTime: {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      },
      parts: {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      },
      offset: { timeZoneName: 'longOffset' },
    };
    f = new Intl.DateTimeFormat(tag, { ...options[kind], timeZone });
    formats.set(key, f);
  }
  return f;
}

/** True for a time zone this runtime knows ("America/Toronto"; not "Ontario"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `timeZone` when usable, else the default: a bad stored value never breaks a page. */
export function timeZoneOr(timeZone: string | undefined | null): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/**
 * "Saturday, November 21, 2026": a calendar day ("2026-11-21") as the day it names, or the day
 * an instant falls on in `timeZone`.
 */
export function formatLongDate(
  value: string | Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  tag = 'en-CA',
): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    return format('date', 'UTC', tag).format(new Date(`${value}T00:00:00Z`));
  }
  return format('date', timeZone, tag).format(toDate(value));
}

/** "7:05 p.m. EST": the clock time of an instant in `timeZone`, labelled with the zone. */
export function formatClock(
  value: string | Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  tag = 'en-CA',
): string {
  return format('clock', timeZone, tag).format(toDate(value));
}

/** "Saturday, November 21, 2026 at 7:05 p.m. EST". */
export function formatDateTime(
  value: string | Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  tag = 'en-CA',
): string {
  return format('dateTime', timeZone, tag).format(toDate(value));
}

/** The clock time alone when the instant falls on `now`'s day in `timeZone`, else with its date. */
export function formatTimeOrDateTime(
  value: string | Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  now: Date = new Date(),
  tag = 'en-CA',
): string {
  return dayInZone(value, timeZone) === dayInZone(now, timeZone)
    ? formatClock(value, timeZone, tag)
    : formatDateTime(value, timeZone, tag);
}

/** "about 10:45" for an estimated start (decision 029): the venue's clock, said as an estimate. */
export function formatAbout(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return `about ${venueClock(value, timeZone)}`;
}

/**
 * The venue's clock time (decision 052, was without a.m./p.m. in decision 029): "10:45 a.m." in
 * English, "10 h 45" in French, where the day runs on a 24-hour clock. No zone label: an
 * estimate is read at the venue.
 */
export function venueClock(
  value: string | Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  tag = 'en-CA',
): string {
  const { hour, minute } = partsOf(value, timeZone);
  if (tag.startsWith('fr')) return `${Number(hour)} h ${minute}`;
  const h12 = Number(hour) % 12 === 0 ? 12 : Number(hour) % 12;
  return `${h12}:${minute} ${Number(hour) < 12 ? 'a.m.' : 'p.m.'}`;
}

function partsOf(value: string | Date, timeZone: string) {
  const parts = format('parts', timeZone).formatToParts(toDate(value));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Minutes after midnight on the venue's clock in `timeZone` (10:42 → 642). */
export function minutesInZone(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  const { hour, minute } = partsOf(value, timeZone);
  return (Number(hour) % 24) * 60 + Number(minute);
}

/** "2026-11-21": the calendar day an instant falls on in `timeZone`. */
export function dayInZone(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month, day } = partsOf(value, timeZone);
  return `${year}-${month}-${day}`;
}

/** "-05:00": the zone's offset from UTC at that instant ("+00:00" for UTC). */
export function offsetInZone(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const name = format('offset', timeZone)
    .formatToParts(toDate(value))
    .find((p) => p.type === 'timeZoneName')?.value;
  // "GMT-05:00", or "GMT" alone at offset zero.
  const match = /^GMT([+-]\d{2}:\d{2})$/.exec(name ?? '');
  return match?.[1] ?? '+00:00';
}

/**
 * "2026-11-21T19:05:00-05:00": an instant as ISO 8601 in `timeZone`, with its offset, for CSV
 * files: a spreadsheet reads the venue's clock, and the offset keeps the instant exact.
 */
export function isoInZone(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month, day, hour, minute, second } = partsOf(value, timeZone);
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offsetInZone(value, timeZone)}`;
}
