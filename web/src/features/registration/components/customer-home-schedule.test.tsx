import { cleanup, render, screen } from '@testing-library/react';
import type { CompetitorScheduleEntry } from '@shared/contract/matchday.ts';
import type { Registration } from '@shared/contract/registration.ts';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { formatAbout } from '@web/lib/format.ts';
import { makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import { CustomerHomePage } from './customer-home-page.tsx';

// The customer's home says where and when each competitor's divisions run (decision 022).
vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const registration: Registration = {
  registrationId: 7,
  tournamentId: 1,
  isCompleted: true,
  completedAt: '2099-05-01T12:00:00Z',
  competitors: [],
  spectators: 0,
  lunch: 0,
  contacts: [],
  tournament: { id: 1, competitorOnlineCost: 45, spectatorCost: 10, lunchCost: 12 },
  cost: 45,
  amountPaid: 45,
  balanceOwing: 0,
  owner: { personId: 3, name: 'Pat Lee', email: 'pat@example.com' },
};

const entry = (over: Partial<CompetitorScheduleEntry>): CompetitorScheduleEntry => ({
  competitorId: 1,
  firstName: 'Ava',
  divisionId: 1,
  title: 'Girls 10-11',
  eventTypes: ['Forms'],
  ringName: 'Ring 3',
  status: 'upcoming',
  estimatedStart: '2099-06-13T14:45:00Z',
  placings: [],
  publicName: 'Ava L.',
  ...over,
});

let schedule: CompetitorScheduleEntry[] = [];
let today = false;
beforeEach(() => {
  invalidateQueries('');
  today = false;
  vi.stubGlobal('fetch', async (url: string) => {
    const body =
      url === '/api/tournaments'
        ? [makeTournament({ id: 1, isRegistrationOpen: false, isTournamentToday: today })]
        : url.startsWith('/api/registration/getAll/')
          ? [registration]
          : url.startsWith('/api/registration/schedule/')
            ? schedule
            : undefined;
    return new Response(JSON.stringify(body ?? { message: 'Not found' }), { status: body ? 200 : 404 });
  });
});

const renderHome = () =>
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <MemoryRouter>
        <CustomerHomePage />
      </MemoryRouter>
    </StaticSettingsProvider>,
  );

describe("the customer's home schedule", () => {
  it("shows each competitor's division, ring and estimated time; nothing for a division not on a ring", async () => {
    schedule = [
      entry({}),
      entry({
        divisionId: 2,
        title: 'Girls 10-12',
        eventTypes: ['Weapons'],
        ringName: null,
        estimatedStart: null,
      }),
      entry({
        competitorId: 2,
        firstName: 'Ben',
        divisionId: 3,
        title: 'Boys 8-9',
        ringName: 'Ring 1',
        status: 'current',
        estimatedStart: null,
      }),
    ];
    renderHome();
    expect(
      await screen.findByText(`Forms, Girls 10-11: Ring 3, ${formatAbout('2099-06-13T14:45:00Z')}`),
    ).toBeInTheDocument();
    expect(screen.getByText('Forms, Boys 8-9: Ring 1, happening now')).toBeInTheDocument();
    expect(screen.queryByText(/Girls 10-12/)).not.toBeInTheDocument();
  });

  it('shows no schedule when no division is on a ring yet', async () => {
    schedule = [entry({ ringName: null, estimatedStart: null })];
    renderHome();
    await screen.findByTestId('registration-card');
    expect(screen.queryByTestId('schedule')).not.toBeInTheDocument();
  });

  it("links to the family's day page on tournament day, and not before", async () => {
    schedule = [entry({})];
    renderHome();
    await screen.findByTestId('registration-card');
    expect(screen.queryByRole('link', { name: 'Your day' })).not.toBeInTheDocument();
    cleanup();
    invalidateQueries('');
    today = true;
    renderHome();
    expect(await screen.findByRole('link', { name: 'Your day' })).toHaveAttribute('href', '/customer/day');
  });
});
