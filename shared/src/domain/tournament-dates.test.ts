import { describe, expect, it } from 'vitest';
import { isCalendarDay, TOURNAMENT_DATE_MESSAGES, tournamentDateErrors } from './tournament-dates.ts';

const dates = (over: Partial<Parameters<typeof tournamentDateErrors>[0]> = {}) => ({
  tournamentDate: '2027-05-01',
  registrationOpensOn: '2027-02-01',
  registrationClosesAfter: '2027-04-24',
  ...over,
});

describe('tournament dates', () => {
  it('accepts registration that opens, closes, then the tournament', () => {
    expect(tournamentDateErrors(dates())).toEqual({});
  });

  it('accepts a registration window of a single day', () => {
    expect(tournamentDateErrors(dates({ registrationOpensOn: '2027-04-24' }))).toEqual({});
  });

  it('refuses registration that opens after it closes', () => {
    expect(tournamentDateErrors(dates({ registrationOpensOn: '2027-04-25' }))).toEqual({
      registrationOpensOn: TOURNAMENT_DATE_MESSAGES.opensBeforeCloses,
    });
  });

  it('refuses registration that closes on or after tournament day', () => {
    expect(tournamentDateErrors(dates({ registrationClosesAfter: '2027-05-01' }))).toEqual({
      registrationClosesAfter: TOURNAMENT_DATE_MESSAGES.closesBeforeTournament,
    });
  });

  it('refuses days that do not exist', () => {
    expect(isCalendarDay('2027-02-30')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(tournamentDateErrors(dates({ tournamentDate: '2027-13-01' }))).toEqual({
      tournamentDate: TOURNAMENT_DATE_MESSAGES.notADay,
    });
  });
});
