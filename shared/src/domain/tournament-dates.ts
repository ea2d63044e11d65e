import { msg } from '../i18n/message-ref.ts';
// Settings rule for a tournament's dates (decision 007): registration opens on or before the day it
// closes, and closes before tournament day. "Closes after" is the last day registration is open
// (docs/product.md §4), so opening and closing on one day is a one-day window and allowed.

export const TOURNAMENT_DATE_MESSAGES = {
  notADay: msg('tournamentDate.notADay'),
  opensBeforeCloses: msg('tournamentDate.opensBeforeCloses'),
  closesBeforeTournament: msg('tournamentDate.closesBeforeTournament'),
} as const;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real "YYYY-MM-DD" calendar day (not 2027-02-30) from 1900 to 2999. */
export function isCalendarDay(value: string): boolean {
  if (!CALENDAR_DAY.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < 1900 || year > 2999) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

export interface TournamentDateFields {
  tournamentDate: string;
  registrationOpensOn: string;
  registrationClosesAfter: string;
}

/** The date rule's complaints, keyed by the field a person would fix; empty when the dates make sense. */
export function tournamentDateErrors(t: TournamentDateFields): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ['tournamentDate', 'registrationOpensOn', 'registrationClosesAfter'] as const) {
    if (!isCalendarDay(t[key])) errors[key] = TOURNAMENT_DATE_MESSAGES.notADay;
  }
  if (Object.keys(errors).length) return errors;
  // ISO calendar days compare correctly as strings.
  if (t.registrationOpensOn > t.registrationClosesAfter) {
    errors.registrationOpensOn = TOURNAMENT_DATE_MESSAGES.opensBeforeCloses;
  }
  if (t.registrationClosesAfter >= t.tournamentDate) {
    errors.registrationClosesAfter = TOURNAMENT_DATE_MESSAGES.closesBeforeTournament;
  }
  return errors;
}
