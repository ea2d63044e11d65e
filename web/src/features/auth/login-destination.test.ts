import { describe, expect, it } from 'vitest';
import { isTournamentDay, loginDestination } from './login-destination.ts';

describe('where sign-in leads (docs/product.md §4)', () => {
  it('directors and super admins go to the admin dashboard, whatever the return address', () => {
    expect(loginDestination(['TournamentDirector'], '/customer/home')).toBe('/admin/dashboard');
    expect(loginDestination(['SuperAdmin'], null)).toBe('/admin/dashboard');
  });

  it('on tournament day, directors and super admins land on the control room (decision 048)', () => {
    expect(loginDestination(['TournamentDirector'], null, true)).toBe('/admin/control-room');
    expect(loginDestination(['SuperAdmin'], '/customer/home', true)).toBe('/admin/control-room');
    expect(loginDestination(['RingOfficial'], null, true)).toBe('/admin/matchday');
    expect(loginDestination(['CheckInAdmin'], null, true)).toBe('/admin/registrations');
  });

  it('takes tournament day in the tournament’s time zone', () => {
    const list = [{ tournamentDate: '2026-11-28' }];
    // 02:00 UTC on the 28th is still the 27th in Toronto.
    expect(isTournamentDay(list, new Date('2026-11-28T02:00:00Z'), 'America/Toronto')).toBe(false);
    expect(isTournamentDay(list, new Date('2026-11-28T14:00:00Z'), 'America/Toronto')).toBe(true);
    expect(isTournamentDay(undefined, new Date('2026-11-28T14:00:00Z'), 'America/Toronto')).toBe(false);
  });

  it('check-in admins go to the registrations list', () => {
    expect(loginDestination(['CheckInAdmin'], null)).toBe('/admin/registrations');
  });

  it('ring officials go to the matchday screen, whatever the return address (decision 042)', () => {
    expect(loginDestination(['RingOfficial'], '/customer/home')).toBe('/admin/matchday');
  });

  it('customers go to the remembered return address, else the customer home', () => {
    expect(loginDestination(['Customer'], '/customer/file-sharing?x=1')).toBe('/customer/file-sharing?x=1');
    expect(loginDestination(['Customer'], null)).toBe('/customer/home');
  });

  it('never to another site or back to a /user page', () => {
    expect(loginDestination(['Customer'], '//evil.example/')).toBe('/customer/home');
    expect(loginDestination(['Customer'], 'https://evil.example/')).toBe('/customer/home');
    expect(loginDestination(['Customer'], '/user/login')).toBe('/customer/home');
  });
});
