// docs/product.md §4: registration state and the next tournament, all in UTC.
// Dates are calendar days ("YYYY-MM-DD"); "today" is the UTC calendar day of `now`.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds at 00:00 UTC of a "YYYY-MM-DD" calendar day. */
export function utcDayStart(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`Not a calendar day: ${day}`);
  return ms;
}

/** The UTC calendar day ("YYYY-MM-DD") that contains `now`. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export interface TournamentDates {
  tournamentDate: string;
  registrationOpensOn: string;
  registrationClosesAfter: string;
}

export interface TournamentStatus {
  isTournamentToday: boolean;
  isRegistrationOpen: boolean;
  isRegistrationOpenSoon: boolean;
}

/**
 * Open: the opening day has started, it is not tournament day, and the day after
 * the closing day has not started. Opening soon: the opening day is in the future.
 * Otherwise closed.
 */
export function tournamentStatus(t: TournamentDates, now: Date): TournamentStatus {
  const at = now.getTime();
  const isTournamentToday = utcDay(now) === t.tournamentDate;
  const opens = utcDayStart(t.registrationOpensOn);
  const dayAfterClosing = utcDayStart(t.registrationClosesAfter) + DAY_MS;
  const isRegistrationOpenSoon = at < opens;
  const isRegistrationOpen = at >= opens && !isTournamentToday && at < dayAfterClosing;
  return { isTournamentToday, isRegistrationOpen, isRegistrationOpenSoon };
}

/** The earliest tournament whose date plus one day is still in the future. */
export function nextTournament<T extends { tournamentDate: string }>(
  tournaments: readonly T[],
  now: Date,
): T | undefined {
  const at = now.getTime();
  return tournaments
    .filter((t) => utcDayStart(t.tournamentDate) + DAY_MS > at)
    .reduce<T | undefined>(
      (best, t) => (best === undefined || t.tournamentDate < best.tournamentDate ? t : best),
      undefined,
    );
}

export type HomeState = 'today' | 'open' | 'soon' | 'closed' | 'none';

/** Which of the home page's and login panel's states a tournament puts them in. */
export function homeState(t: TournamentStatus | undefined): HomeState {
  if (!t) return 'none';
  if (t.isTournamentToday) return 'today';
  if (t.isRegistrationOpen) return 'open';
  if (t.isRegistrationOpenSoon) return 'soon';
  return 'closed';
}
