import { tm } from '@web/lib/i18n.tsx';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/domain/messages.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@web/app/providers.tsx';
import { routes } from '@web/app/routes.tsx';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, makeTournament, stubApi } from '@web/testing/fixtures.ts';

// /admin/dev-outbox (decision 024): a SuperAdmin reads the SMS kept without Twilio and the mails
// kept without SMTP_URL; anyone else reads the permission message and nothing is asked of the
// server.

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

let fetch: ReturnType<typeof stubApi>;
beforeEach(() => {
  invalidateQueries('');
  fetch = stubApi({
    '/api/settings': makeSettings(),
    '/api/tournaments': [makeTournament()],
    '/api/admin/registrations?sort=created&dir=desc': { tournamentId: null, rows: [] },
    '/api/dev/sms-outbox': [
      {
        id: 2,
        to: '+17055550102',
        body: 'Division change: Cleo Lee moved from Girls 10-11 to Girls 8-9.',
        createdAt: '2099-06-13T14:05:00Z',
      },
      {
        id: 1,
        to: '+17055550101',
        body: 'Your division is up soon in Ring 1.',
        createdAt: '2099-06-13T14:00:00Z',
      },
    ],
    '/api/dev/mailbox': [
      {
        id: 9,
        to: 'kim@example.com',
        subject: 'Verify your account',
        text: 'Open http://localhost:3000/user/verification/abc to verify.',
        createdAt: '2099-06-12T10:00:00Z',
      },
    ],
  });
});
afterEach(() => vi.unstubAllGlobals());

const asked = (path: string) => fetch.mock.calls.some(([input]) => String(input) === path);

describe('the dev outbox', () => {
  it('a SuperAdmin reaches it from the More menu and reads the SMS, newest first, and the mails', async () => {
    signIn(['SuperAdmin']);
    const router = renderAt('/admin/registrations');
    await userEvent.click(await screen.findByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Dev Outbox' }));
    const sms = await screen.findByRole('table', { name: 'SMS outbox' });
    expect(router.state.location.pathname).toBe('/admin/dev-outbox');
    const rows = await within(sms).findAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      '+17055550102',
      '+17055550101',
    ]);
    expect(
      within(sms).getByText('Division change: Cleo Lee moved from Girls 10-11 to Girls 8-9.'),
    ).toBeInTheDocument();

    const mail = screen.getByRole('table', { name: 'Mailbox' });
    expect(within(mail).getByText('kim@example.com')).toBeInTheDocument();
    await userEvent.click(within(mail).getByText('Verify your account'));
    expect(within(mail).getByText(/user\/verification\/abc/)).toBeVisible();
  });

  it('says so when nothing was kept', async () => {
    signIn(['SuperAdmin']);
    stubApi({ '/api/settings': makeSettings(), '/api/dev/sms-outbox': [], '/api/dev/mailbox': [] });
    renderAt('/admin/dev-outbox');
    expect(await screen.findByText('No SMS kept.')).toBeInTheDocument();
    expect(await screen.findByText('No mail kept.')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    signIn(['SuperAdmin']);
    stubApi({ '/api/settings': makeSettings(), '/api/dev/sms-outbox': [], '/api/dev/mailbox': [] });
    setCatalog('fr', fr);
    try {
      renderAt('/admin/dev-outbox');
      expect(await screen.findByText('Aucun texto gardé.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Actualiser' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it.each([['TournamentDirector'], ['CheckInAdmin']])(
    'a %s typing its address reads the permission message',
    async (role) => {
      signIn([role]);
      renderAt('/admin/dev-outbox');
      expect(await screen.findByText(tm(MESSAGES.noPermission))).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Dev outbox' })).toBeNull();
      expect(asked('/api/dev/sms-outbox')).toBe(false);
      expect(asked('/api/dev/mailbox')).toBe(false);
    },
  );
});
