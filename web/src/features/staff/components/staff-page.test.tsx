import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/domain/messages.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { Providers } from '@web/app/providers.tsx';
import { routes } from '@web/app/routes.tsx';
import { setCatalog, tm } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, makeTournament, stubApi } from '@web/testing/fixtures.ts';

// /admin/staff (decision 049): a SuperAdmin reaches it from the More menu, reads each staff
// account's role and last sign-in ("Never" if none) and the pending invitations, and invites by
// e-mail with a role; anyone else reads the permission message and nothing is asked of the server.

function signIn(roles: string[]) {
  setSession({ user: { personId: 1, roles, userDisplayName: 'Sam Super' }, token: 'tok' });
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

const LIST = {
  accounts: [
    {
      id: 1,
      email: 'sam@example.com',
      name: 'Sam Super',
      role: 'SuperAdmin',
      lastSignInAt: '2099-06-12T10:00:00Z',
    },
    { id: 7, email: 'robin@example.com', name: 'Robin Vale', role: 'RingOfficial', lastSignInAt: null },
  ],
  invites: [
    {
      id: 3,
      email: 'kim@example.com',
      name: 'Kim Lee',
      role: 'CheckInAdmin',
      invitedBy: 'Sam Super',
      expiresAt: '2099-06-15T10:00:00Z',
    },
  ],
};

let fetch: ReturnType<typeof stubApi>;
beforeEach(() => {
  invalidateQueries('');
  fetch = stubApi({
    '/api/settings': makeSettings(),
    '/api/tournaments': [makeTournament()],
    '/api/admin/registrations?sort=created&dir=desc': { tournamentId: null, rows: [] },
    '/api/admin/staff': LIST,
    '/api/admin/staff/invites': { message: 'The invitation has been sent.' },
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The calls to `path` with `method`, and their JSON bodies. */
const callsTo = (path: string, method = 'GET') =>
  fetch.mock.calls.flatMap((args) => {
    const [input, init] = args as unknown as [RequestInfo | URL, RequestInit | undefined];
    if (String(input) !== path || (init?.method ?? 'GET') !== method) return [];
    return [init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined];
  });
const asked = (path: string, method = 'GET') => callsTo(path, method).length > 0;

describe('the Staff page', () => {
  it('a SuperAdmin reaches it from the More menu and reads roles, last sign-ins and invitations', async () => {
    signIn(['SuperAdmin']);
    const router = renderAt('/admin/registrations');
    await userEvent.click(await screen.findByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Staff' }));
    const accounts = await screen.findByTestId('staff-accounts');
    expect(router.state.location.pathname).toBe('/admin/staff');
    const robin = within(accounts).getByText('robin@example.com').closest('tr')!;
    expect(within(robin).getByRole('cell', { name: 'Ring official' })).toBeInTheDocument();
    expect(within(robin).getByText('Never')).toBeInTheDocument();
    expect(within(robin).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    // No actions on one's own row.
    const me = within(accounts).getByText('sam@example.com').closest('tr')!;
    expect(within(me).queryByRole('button', { name: 'Revoke' })).toBeNull();
    const invites = screen.getByTestId('staff-invites');
    expect(within(invites).getByText('kim@example.com')).toBeInTheDocument();
    expect(within(invites).getByRole('cell', { name: 'Check-in admin' })).toBeInTheDocument();
  });

  it('invites by e-mail with a role', async () => {
    signIn(['SuperAdmin']);
    renderAt('/admin/staff');
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await userEvent.type(within(form).getByLabelText(/E-mail/), 'new@example.com');
    await userEvent.type(within(form).getByLabelText(/First name/), 'New');
    await userEvent.type(within(form).getByLabelText(/Last name/), 'Person');
    await userEvent.selectOptions(within(form).getByLabelText(/Role/), 'CheckInAdmin');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() => expect(asked('/api/admin/staff/invites', 'POST')).toBe(true));
    expect(callsTo('/api/admin/staff/invites', 'POST')).toEqual([
      {
        email: 'new@example.com',
        firstName: 'New',
        lastName: 'Person',
        role: 'CheckInAdmin',
      },
    ]);
    expect(await screen.findByText('The invitation has been sent.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/E-mail/)).toHaveValue('');
  });

  it('speaks French', async () => {
    signIn(['SuperAdmin']);
    setCatalog('fr', fr);
    try {
      renderAt('/admin/staff');
      expect(await screen.findByRole('heading', { name: 'Personnel' })).toBeInTheDocument();
      expect(await screen.findByText('Jamais')).toBeInTheDocument();
      expect(screen.getByRole('cell', { name: 'Officiel de ring' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it.each([['TournamentDirector'], ['CheckInAdmin']])('a %s reads the permission message', async (role) => {
    signIn([role]);
    renderAt('/admin/staff');
    expect(await screen.findByText(tm(MESSAGES.noPermission))).toBeInTheDocument();
    expect(asked('/api/admin/staff')).toBe(false);
  });
});
