import { describe, expect, it } from 'vitest';
import { loginDestination } from './login-destination.ts';

describe('where sign-in leads (docs/product.md §4)', () => {
  it('directors and super admins go to the admin dashboard, whatever the return address', () => {
    expect(loginDestination(['TournamentDirector'], '/customer/home')).toBe('/admin/dashboard');
    expect(loginDestination(['SuperAdmin'], null)).toBe('/admin/dashboard');
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
