import { describe, expect, it } from 'vitest';
import { translateText } from '../i18n/message-ref.ts';
import { translatorFor } from '../i18n/translators.ts';
import {
  outsideTournamentWindow,
  TOURNAMENT_WINDOW_MESSAGES,
  type TournamentWindow,
} from './tournament-window.ts';

const english = (text: string | null) => (text === null ? null : translateText(translatorFor('en'), text));
const french = (text: string | null) => (text === null ? null : translateText(translatorFor('fr'), text));

// A payment or check-in may be dated from the day registration opens to the day after the
// tournament, counted in the venue's zone.

const window: TournamentWindow = {
  registrationOpensOn: '2026-09-01',
  tournamentDate: '2026-11-28',
  timeZone: 'America/Toronto',
};

describe("a tournament's window", () => {
  it('takes every time from the opening day to the end of the day after the tournament, in the venue zone', () => {
    for (const at of [
      '2026-09-01T04:00:00Z', // midnight of the opening day in Toronto (EDT)
      '2026-11-28T14:00:00Z', // tournament day
      '2026-11-30T04:59:59Z', // 11:59:59 p.m. the day after, Toronto time (EST)
    ]) {
      expect(outsideTournamentWindow(at, 'payment', window), at).toBeNull();
    }
  });

  it('refuses a time before the opening day or after the day after, saying what to check', () => {
    const in1900 = outsideTournamentWindow('1900-01-01T12:00:00Z', 'payment', window);
    expect(in1900).toBe(
      TOURNAMENT_WINDOW_MESSAGES.outside('payment', '1900-01-01', '2026-09-01', '2026-11-29'),
    );
    expect(english(in1900)).toBe(
      "A payment dated Monday, January 1, 1900 is outside this tournament's dates: from the day registration opens (Tuesday, September 1, 2026) to the day after the tournament (Sunday, November 29, 2026). Check this device's date and time.",
    );
    // 11:59 p.m. in Toronto the evening before registration opens (already September 1 in UTC).
    expect(english(outsideTournamentWindow('2026-09-01T03:59:00Z', 'check-in', window))).toMatch(
      /^A check-in dated Monday, August 31, 2026 is outside this tournament's dates/,
    );
    expect(english(outsideTournamentWindow('2026-11-30T05:00:00Z', 'walk-in', window))).toMatch(
      /^A walk-in dated Monday, November 30, 2026 is outside/,
    );
    expect(french(outsideTournamentWindow('2026-11-30T05:00:00Z', 'walk-in', window))).toMatch(
      /^Une inscription sur place datée du lundi 30 novembre 2026 est en dehors des dates de ce tournoi/,
    );
  });
});
