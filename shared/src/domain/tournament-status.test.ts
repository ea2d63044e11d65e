import { describe, expect, it } from 'vitest';
import { homeState, nextTournament, tournamentStatus, utcDay, utcDayStart } from './tournament-status.ts';

// docs/product.md §4, in UTC. The tournament: opens 2026-03-01, closes after 2026-03-20,
// takes place 2026-03-28.
const t = {
  tournamentDate: '2026-03-28',
  registrationOpensOn: '2026-03-01',
  registrationClosesAfter: '2026-03-20',
};
const at = (iso: string) => tournamentStatus(t, new Date(iso));
const MS = 1;

const state = (iso: string) => homeState(at(iso));

describe('registration state (docs/product.md §4, UTC)', () => {
  it('is opening soon until the last millisecond before the opening day starts', () => {
    expect(at('2026-01-01T12:00:00.000Z')).toEqual({
      isTournamentToday: false,
      isRegistrationOpen: false,
      isRegistrationOpenSoon: true,
    });
    expect(at('2026-02-28T23:59:59.999Z')).toEqual({
      isTournamentToday: false,
      isRegistrationOpen: false,
      isRegistrationOpenSoon: true,
    });
  });

  it('opens at 00:00:00.000 UTC of the opening day', () => {
    expect(at('2026-03-01T00:00:00.000Z')).toEqual({
      isTournamentToday: false,
      isRegistrationOpen: true,
      isRegistrationOpenSoon: false,
    });
    expect(at('2026-03-01T00:00:00.001Z').isRegistrationOpen).toBe(true);
  });

  it('stays open through the whole closing day, to its last millisecond', () => {
    expect(at('2026-03-20T00:00:00.000Z').isRegistrationOpen).toBe(true);
    expect(at('2026-03-20T12:00:00.000Z').isRegistrationOpen).toBe(true);
    expect(at('2026-03-20T23:59:59.999Z')).toEqual({
      isTournamentToday: false,
      isRegistrationOpen: true,
      isRegistrationOpenSoon: false,
    });
  });

  it('is closed from 00:00 UTC of the day after the closing day', () => {
    expect(at('2026-03-21T00:00:00.000Z')).toEqual({
      isTournamentToday: false,
      isRegistrationOpen: false,
      isRegistrationOpenSoon: false,
    });
    expect(at('2026-03-27T23:59:59.999Z').isRegistrationOpen).toBe(false);
    expect(state('2026-03-21T00:00:00.000Z')).toBe('closed');
  });

  it('is tournament day from the first to the last millisecond of the tournament date in UTC', () => {
    expect(at('2026-03-27T23:59:59.999Z').isTournamentToday).toBe(false);
    expect(at('2026-03-28T00:00:00.000Z')).toEqual({
      isTournamentToday: true,
      isRegistrationOpen: false,
      isRegistrationOpenSoon: false,
    });
    expect(at('2026-03-28T23:59:59.999Z').isTournamentToday).toBe(true);
    expect(at('2026-03-29T00:00:00.000Z').isTournamentToday).toBe(false);
    expect(state('2026-03-28T10:00:00.000Z')).toBe('today');
  });

  it('is never open on tournament day, even when the closing day is the tournament day', () => {
    const late = { ...t, registrationClosesAfter: '2026-03-28' };
    expect(tournamentStatus(late, new Date('2026-03-27T23:59:59.999Z')).isRegistrationOpen).toBe(true);
    expect(tournamentStatus(late, new Date('2026-03-28T00:00:00.000Z'))).toEqual({
      isTournamentToday: true,
      isRegistrationOpen: false,
      isRegistrationOpenSoon: false,
    });
  });

  it('does not depend on the local time zone: only the UTC calendar day counts', () => {
    // 2026-03-20T23:30 in Toronto is already 2026-03-21 in UTC: closed.
    expect(at('2026-03-20T23:30:00-04:00').isRegistrationOpen).toBe(false);
    // 2026-02-28T21:00 in Toronto is 2026-03-01 in UTC: open.
    expect(at('2026-02-28T21:00:00-05:00').isRegistrationOpen).toBe(true);
  });

  it('maps each state to the home page state, and no tournament to "none"', () => {
    expect(state('2026-02-01T00:00:00.000Z')).toBe('soon');
    expect(state('2026-03-10T00:00:00.000Z')).toBe('open');
    expect(state('2026-03-25T00:00:00.000Z')).toBe('closed');
    expect(state('2026-03-28T00:00:00.000Z')).toBe('today');
    expect(homeState(undefined)).toBe('none');
  });

  it('reads calendar days as UTC midnights and rejects non-days', () => {
    expect(utcDayStart('2026-03-01')).toBe(Date.UTC(2026, 2, 1));
    expect(utcDay(new Date(Date.UTC(2026, 2, 1) - MS))).toBe('2026-02-28');
    expect(() => utcDayStart('yesterday')).toThrow(RangeError);
  });
});

describe('next tournament (docs/product.md §4)', () => {
  const a = { id: 1, tournamentDate: '2026-03-28' };
  const b = { id: 2, tournamentDate: '2026-09-12' };
  const c = { id: 3, tournamentDate: '2025-10-04' };
  const all = [b, c, a];
  const next = (iso: string) => nextTournament(all, new Date(iso))?.id;

  it('is the earliest tournament whose date plus one day is still in the future', () => {
    expect(next('2025-06-01T00:00:00.000Z')).toBe(3);
    expect(next('2026-01-01T00:00:00.000Z')).toBe(1);
  });

  it('keeps a tournament through its own day and moves on at 00:00 UTC of the day after', () => {
    expect(next('2026-03-28T23:59:59.999Z')).toBe(1);
    expect(next('2026-03-29T00:00:00.000Z')).toBe(2);
  });

  it('is none when every tournament is over, or there are none', () => {
    expect(next('2026-09-13T00:00:00.000Z')).toBeUndefined();
    expect(nextTournament([], new Date('2026-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('does not depend on the order of the list', () => {
    const at2 = new Date('2026-01-01T00:00:00Z');
    expect(nextTournament([a, b], at2)?.id).toBe(1);
    expect(nextTournament([b, a], at2)?.id).toBe(1);
  });
});
