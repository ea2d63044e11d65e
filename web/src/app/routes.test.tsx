import { tm } from '@web/lib/i18n.tsx';
import { render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@shared/domain/messages.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../lib/session.ts';
import { invalidateQueries } from '../lib/use-query.ts';
import { makeSettings, makeTournament, stubApi } from '../testing/fixtures.ts';
import { guardRedirect, hasNonNumericId, isPublicPath } from './guards.ts';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

function signIn(roles: string[]) {
  setSession({ user: { personId: 1, roles, userDisplayName: 'Sam Staff' }, token: 'tok' });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function expectPath(router: ReturnType<typeof renderAt>, path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

beforeEach(() => {
  invalidateQueries('');
  stubApi({ '/api/settings': makeSettings(), '/api/tournaments': [makeTournament()] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the login guard (docs/product.md §2)', () => {
  it('sends a visitor on a customer page to login and remembers where they were going', async () => {
    const router = renderAt('/customer/registration/12?from=mail');
    await expectPath(router, '/user/login');
    expect(sessionStorage.getItem('returnUrl')).toBe('/customer/registration/12?from=mail');
  });

  it('sends a visitor on an admin page to login', async () => {
    const router = renderAt('/admin/registrations');
    await expectPath(router, '/user/login');
  });

  it('lets a visitor see the public pages', async () => {
    const router = renderAt('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/privacy');
  });

  it('sends a signed-in user away from the user pages to /customer/registration', async () => {
    signIn(['Customer']);
    const router = renderAt('/user/login');
    await expectPath(router, '/customer/registration');
  });

  it('treats the public paths of the spec as public and the rest as private', () => {
    for (const p of [
      '/',
      '/contact',
      '/privacy',
      '/mailing-list',
      '/user/login',
      '/user/register',
      '/user/pending',
      '/user/verification/abc',
      '/user/forgot',
      '/user/reset/3/xyz',
      '/signage/ring-assignments',
    ]) {
      expect(isPublicPath(p), p).toBe(true);
    }
    for (const p of ['/customer/home', '/admin', '/admin/dashboard', '/share', '/user/reset/3']) {
      expect(isPublicPath(p), p).toBe(false);
    }
    expect(guardRedirect('/contact', false)).toBeNull();
    expect(guardRedirect('/customer/home', true)).toBeNull();
  });

  it('sends a signed-in user away from the /user pages, except a staff invitation', () => {
    expect(guardRedirect('/user/login', true)).toBe('/customer/registration');
    expect(guardRedirect('/user/reset/3/xyz', true)).toBe('/customer/registration');
    expect(guardRedirect('/user/invite/abc123', true)).toBeNull();
    expect(guardRedirect('/user/invite/abc123/more', true)).toBe('/customer/registration');
  });
});

describe('redirects (docs/product.md §2)', () => {
  it('an unknown path goes home', async () => {
    const router = renderAt('/no/such/page');
    await expectPath(router, '/');
  });

  it('a non-numeric registration id goes home', async () => {
    signIn(['Customer']);
    const router = renderAt('/customer/registration/abc/receipt');
    await expectPath(router, '/');
    expect(hasNonNumericId({ registrationId: '12', competitorId: undefined })).toBe(false);
    expect(hasNonNumericId({ userId: '1e3' })).toBe(true);
  });

  it.each([
    ['/user', '/user/login', null],
    ['/customer', '/customer/home', ['Customer']],
    ['/share', '/customer/file-sharing', ['Customer']],
    ['/admin', '/admin/dashboard', ['TournamentDirector']],
  ])('%s redirects to %s', async (from, to, roles) => {
    if (roles) signIn(roles);
    const router = renderAt(from);
    await expectPath(router, to);
  });
});

describe('the admin area (docs/product.md §2 and §6)', () => {
  it('a customer sees the missing-admin-role text', async () => {
    signIn(['Customer']);
    renderAt('/admin/registrations');
    expect(await screen.findByText(tm(MESSAGES.needsAuthentication))).toBeInTheDocument();
  });

  it('a check-in admin gets registrations, payments and check-in, and no permission for the dashboard', async () => {
    signIn(['CheckInAdmin']);
    renderAt('/admin/dashboard');
    expect(await screen.findByText(tm(MESSAGES.noPermission))).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(nav).toHaveTextContent('RegistrationsPaymentsCheck-in');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('a super admin sees every link and the More menu', async () => {
    signIn(['SuperAdmin']);
    renderAt('/admin/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(nav).toHaveTextContent(
      'DashboardCompetitorsRegistrationsPaymentsCheck-inMatchmakingControl roomMatchdayRings',
    );
    expect(screen.getByRole('button', { name: 'More' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('the shell without site settings', () => {
  it('still renders, and says why in the page alert', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Database unavailable' }), { status: 503 })),
    );
    renderAt('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByText('The tournament details could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toBeInTheDocument();
  });
});

describe('the header (docs/product.md §2)', () => {
  it('shows Admin to staff and Logout to anyone signed in', async () => {
    signIn(['CheckInAdmin']);
    renderAt('/contact');
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin/registrations',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Online Registration' })).toHaveAttribute(
      'href',
      '/customer/home',
    );
  });

  it('shows no Admin button to a customer and no Logout to a visitor', async () => {
    signIn(['Customer']);
    renderAt('/contact');
    await screen.findByRole('link', { name: 'Contact Us' });
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the Mailing List tab only when its flag is on', async () => {
    stubApi({
      '/api/settings': makeSettings({
        flags: { SellLunchTickets: false, MailingListTab: false, AllowSmsNotifications: true },
      }),
    });
    renderAt('/contact');
    await screen.findByText('Northern Ontario Martial Arts Championship');
    expect(screen.queryByRole('link', { name: 'Mailing List' })).toBeNull();
  });
});
