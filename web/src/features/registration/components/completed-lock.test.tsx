import { render, screen } from '@testing-library/react';
import type { Registration } from '@shared/contract/registration.ts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { clearSession, setSession } from '@web/lib/session.ts';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import { AdminRegistrationPage } from './area-pages.tsx';

// Decision 018: a completed registration is changed only by a director or super
// admin; a CheckInAdmin sees it locked, as the server refuses their changes.

const completed: Registration = {
  registrationId: 7,
  tournamentId: 1,
  isCompleted: true,
  completedAt: '2026-11-01T12:00:00Z',
  competitors: [],
  spectators: 1,
  lunch: 0,
  contacts: [],
  tournament: { id: 1, competitorOnlineCost: 45, spectatorCost: 10, lunchCost: 12 },
  cost: 10,
  amountPaid: 10,
  balanceOwing: 0,
  owner: { personId: 3, name: 'Pat Lee', email: 'pat@example.com' },
};

beforeEach(() => {
  invalidateQueries('');
  vi.stubGlobal('fetch', async (url: string) => {
    const body =
      url === '/api/registration/7'
        ? completed
        : url === '/api/tournaments'
          ? [makeTournament({ id: 1, tournamentDate: '2027-06-12' })]
          : url.startsWith('/api/registration/options/')
            ? { events: [], competitorLevels: [] }
            : undefined;
    return new Response(JSON.stringify(body ?? { message: 'The requested resource was not found' }), {
      status: body ? 200 : 404,
    });
  });
});
afterEach(() => clearSession());

function renderAs(roles: string[]) {
  setSession({ user: { personId: 1, roles, userDisplayName: 'Sam Staff' }, token: 'tok' });
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <PageAlertProvider>
        <MemoryRouter initialEntries={['/admin/registration/7']}>
          <Routes>
            <Route path="/admin/registration/:registrationId" element={<AdminRegistrationPage />} />
          </Routes>
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
}

describe('a completed registration on the staff registration page', () => {
  it('is locked for a CheckInAdmin', async () => {
    renderAs(['CheckInAdmin']);
    await screen.findByText(/This registration is complete/);
    expect(screen.queryByRole('link', { name: 'Add competitor' })).toBeNull();
  });

  it('stays changeable for a TournamentDirector', async () => {
    renderAs(['TournamentDirector']);
    await screen.findByText(/This registration is complete/);
    expect(await screen.findByRole('link', { name: 'Add competitor' })).toBeTruthy();
  });
});
