import { tm } from '@web/lib/i18n.tsx';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/domain/messages.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../lib/session.ts';
import { invalidateQueries } from '../lib/use-query.ts';
import { makeSettings, makeTournament, stubApi } from '../testing/fixtures.ts';
import { isSyncingPage, mayOpen } from './pages.ts';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

// docs/product.md §2 "Admin navigation", section 6 and section 8 (navigation cancelled).

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

const navText = async () => (await screen.findByRole('navigation', { name: 'Admin' })).textContent;

/** Lets the page's effects run, as they have long before a person clicks anything. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  invalidateQueries('');
  stubApi({
    '/api/settings': makeSettings(),
    '/api/tournaments': [makeTournament()],
    // Answers are parsed with the contract's schemas (decision 019): the desk gets its own shape.
    '/api/admin/registrations?sort=created&dir=desc': { tournamentId: null, rows: [] },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('admin navigation by role', () => {
  it('a check-in admin sees Registrations, Payments and Check-in, and no More menu', async () => {
    signIn(['CheckInAdmin']);
    renderAt('/admin/registrations');
    expect(await navText()).toBe('RegistrationsPaymentsCheck-in');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('a ring official sees Matchday only, and is refused the registrations desk (decision 042)', async () => {
    signIn(['RingOfficial']);
    renderAt('/admin/registrations');
    expect(await navText()).toBe('Matchday');
    expect(await screen.findByText(tm(MESSAGES.noPermission))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Registrations', level: 1 })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('a tournament director sees Dashboard to Rings, Communications and Files for Families, and no More menu', async () => {
    signIn(['TournamentDirector']);
    renderAt('/admin/registrations');
    expect(await navText()).toBe(
      'DashboardCompetitorsRegistrationsPaymentsCheck-inMatchmakingControl roomMatchdayRingsCommunicationsFiles for Families',
    );
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('a super admin also has the More menu with every settings page, Communications, Files for Families, the dev outbox, the System page, the access log and Staff, without a second Logout', async () => {
    signIn(['SuperAdmin']);
    renderAt('/admin/registrations');
    expect(await navText()).toBe(
      'DashboardCompetitorsRegistrationsPaymentsCheck-inMatchmakingControl roomMatchdayRingsMore',
    );
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Tournaments',
      'Divisions',
      'Event Types',
      'Competitor Levels',
      'Events',
      'Site Settings',
      'Audit Log',
      'Backups',
      'Personal Data',
      'Communications',
      'Files for Families',
      'Dev Outbox',
      'System',
      'Access Log',
      'Staff',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Event Types' })).toHaveAttribute(
      'href',
      '/admin/event-types',
    );
  });

  it('a signed-in customer reads the authentication message and no navigation', async () => {
    signIn(['Customer']);
    renderAt('/admin/dashboard');
    expect(await screen.findByText(tm(MESSAGES.needsAuthentication))).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
  });
});

describe('a bare /admin', () => {
  it('goes to the dashboard for a director', async () => {
    signIn(['TournamentDirector']);
    const router = renderAt('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('goes to registrations for a check-in admin, who may not see the dashboard', async () => {
    signIn(['CheckInAdmin']);
    const router = renderAt('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/registrations'));
    expect(screen.queryByText(tm(MESSAGES.noPermission))).toBeNull();
  });

  it('a ring official may open the matchday screen and no other admin page (decision 042)', () => {
    expect(mayOpen('/admin/matchday', ['RingOfficial'])).toBe(true);
    for (const path of [
      '/admin/dashboard',
      '/admin/registrations',
      '/admin/payments',
      '/admin/check-in',
      '/admin/rings',
      '/admin/matchday/leaderboard',
    ])
      expect(mayOpen(path, ['RingOfficial']), path).toBe(false);
  });
});

describe('a page the role may not open (docs/product.md §8)', () => {
  it('following a link to it cancels the navigation: the user stays and reads the message', async () => {
    signIn(['CheckInAdmin']);
    const router = renderAt('/admin/payments');
    await navText();
    await settle();
    await act(() => router.navigate('/admin/dashboard'));
    expect(await screen.findByRole('alert')).toHaveTextContent(tm(MESSAGES.noPermission));
    expect(router.state.location.pathname).toBe('/admin/payments');
    // The navigation links still work afterwards, and the message goes with the page.
    await userEvent.click(screen.getByRole('link', { name: 'Check-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/check-in'));
    await waitFor(() => expect(screen.queryByText(tm(MESSAGES.noPermission))).toBeNull());
  });

  it('a director following a link to a SuperAdmin settings page stays where they were', async () => {
    signIn(['TournamentDirector']);
    const router = renderAt('/admin/registrations');
    await navText();
    await settle();
    await act(() => router.navigate('/admin/tournaments'));
    expect(await screen.findByRole('alert')).toHaveTextContent(tm(MESSAGES.noPermission));
    expect(router.state.location.pathname).toBe('/admin/registrations');
  });

  it('typed in (no page to stay on), it shows the message in place of the page', async () => {
    signIn(['CheckInAdmin']);
    const router = renderAt('/admin/dashboard');
    expect(await screen.findByText(tm(MESSAGES.noPermission))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(await navText()).toBe('RegistrationsPaymentsCheck-in');
  });

  it('knows which roles open which admin page from the routes', () => {
    expect(mayOpen('/admin/dashboard', ['CheckInAdmin'])).toBe(false);
    expect(mayOpen('/admin/dashboard', ['TournamentDirector'])).toBe(true);
    expect(mayOpen('/admin/registration/12', ['CheckInAdmin'])).toBe(true);
    expect(mayOpen('/admin/events', ['TournamentDirector'])).toBe(false);
    expect(mayOpen('/admin/events', ['SuperAdmin'])).toBe(true);
    // The dev outbox (decision 024) is SuperAdmin only, as its /api routes are.
    expect(mayOpen('/admin/dev-outbox', ['TournamentDirector'])).toBe(false);
    expect(mayOpen('/admin/dev-outbox', ['SuperAdmin'])).toBe(true);
    // The admin competitor edit route has no roles of its own (docs/product.md §6).
    expect(mayOpen('/admin/registration/12/competitor/3', ['CheckInAdmin'])).toBe(true);
  });
});

describe('the sync status', () => {
  it('shows on the screens that work from the device store, not on the desk, the dashboard or matchmaking', async () => {
    signIn(['TournamentDirector']);
    renderAt('/admin/registrations');
    await screen.findByRole('navigation', { name: 'Admin' });
    await settle();
    expect(screen.queryByTestId('sync-indicator')).not.toBeInTheDocument();
    expect(
      [
        '/admin/check-in',
        '/admin/payments',
        '/admin/walk-in',
        '/admin/control-room',
        '/admin/matchday',
        '/admin/rings',
      ].map(isSyncingPage),
    ).toEqual([true, true, true, true, true, true]);
    expect(
      ['/admin/dashboard', '/admin/matchmaking', '/admin/matchmaking/3', '/admin/registrations'].map(
        isSyncingPage,
      ),
    ).toEqual([false, false, false, false]);
  });
});
