import { msg } from '../i18n/message-ref.ts';
import { dayInZone } from './time.ts';

// When a door payment or a check-in of a tournament may be dated (docs/decisions/
// 033-upload-quotas-and-dated-door-records.md): from the day registration opens to the day after
// the tournament, as days of the venue's zone. A tablet whose clock says 1900 (a flat battery, a
// reset) or a hand-made push would otherwise put a payment in a year no report or end-of-day
// total ever shows. The mutators refuse such a time on the device and on the server alike.

/** What the rule needs of a tournament, and the zone its days are counted in (decision 029). */
export interface TournamentWindow {
  registrationOpensOn: string;
  tournamentDate: string;
  timeZone: string;
}

export type DatedRecord = 'payment' | 'check-in' | 'walk-in';

/** A calendar day ("2026-11-28") as the catalog's dates take it: its UTC midnight in milliseconds. */
const dayValue = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const TOURNAMENT_WINDOW_MESSAGES = {
  /** Each day a calendar day ("2026-11-28"): the record's in the venue's zone, and the window's first and last. */
  outside: (what: DatedRecord, day: string, from: string, until: string) =>
    msg('tournamentWindow.outside', {
      what: what === 'check-in' ? 'checkIn' : what === 'walk-in' ? 'walkIn' : 'payment',
      day: dayValue(day),
      from: dayValue(from),
      until: dayValue(until),
    }),
} as const;

/** The calendar day after `day` ("2026-11-28" -> "2026-11-29"). */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The first and last day (in the venue's zone) a payment or check-in of the tournament may carry. */
export function tournamentWindowDays(w: TournamentWindow): { first: string; last: string } {
  return { first: w.registrationOpensOn, last: dayAfter(w.tournamentDate) };
}

/**
 * Why `at` cannot date a `what` of the tournament, or null when it falls within its window.
 * ISO calendar days compare correctly as strings.
 */
export function outsideTournamentWindow(
  at: string | Date,
  what: DatedRecord,
  w: TournamentWindow,
): string | null {
  const { first, last } = tournamentWindowDays(w);
  const day = dayInZone(at, w.timeZone);
  if (day >= first && day <= last) return null;
  return TOURNAMENT_WINDOW_MESSAGES.outside(what, day, first, last);
}
