// SPEC.md section 9: dates in the en-CA locale, UTC, long form with weekday.
const LONG_DATE = new Intl.DateTimeFormat('en-CA', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Saturday, June 13, 2026" for a calendar day ("2026-06-13") or an instant. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  return LONG_DATE.format(date);
}

/** Whole dollars (SPEC.md section 9: costs are integers). */
export function formatDollars(amount: number): string {
  return `$${amount}`;
}

const CLOCK = new Intl.DateTimeFormat('en-CA', { hour: 'numeric', minute: '2-digit', hour12: true });

/**
 * "about 10:45" for an estimated start (issues 14 and 15): the venue's local clock time, no
 * a.m./p.m. (a tournament runs through one day), said as the estimate it is.
 */
export function formatAbout(iso: string): string {
  const parts = CLOCK.formatToParts(new Date(iso));
  const hour = parts.find((p) => p.type === 'hour')?.value ?? '';
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '';
  return `about ${hour}:${minute}`;
}
