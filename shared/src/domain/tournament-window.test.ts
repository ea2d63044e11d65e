import { describe, expect, it } from 'vitest';
import {
  outsideTournamentWindow,
  TOURNAMENT_WINDOW_MESSAGES,
  type TournamentWindow,
} from './tournament-window.ts';

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
    expect(outsideTournamentWindow('1900-01-01T12:00:00Z', 'payment', window)).toBe(
      TOURNAMENT_WINDOW_MESSAGES.outside(
        'payment',
        'Monday, January 1, 1900',
        'Tuesday, September 1, 2026',
        'Sunday, November 29, 2026',
      ),
    );
    // 11:59 p.m. in Toronto the evening before registration opens (already September 1 in UTC).
    expect(outsideTournamentWindow('2026-09-01T03:59:00Z', 'check-in', window)).toMatch(
      /^A check-in dated Monday, August 31, 2026 is outside this tournament's dates/,
    );
    expect(outsideTournamentWindow('2026-11-30T05:00:00Z', 'walk-in', window)).toMatch(
      /^A walk-in dated Monday, November 30, 2026 is outside/,
    );
  });
});
