import { render, screen, within } from '@testing-library/react';
import type { EventType, SiteSettings, Tournament } from '@shared/contract/public.ts';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAlert } from '@web/components/page-alert.tsx';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { makeEventType, makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import { HomePage } from './home-page.tsx';

const data = vi.hoisted(() => ({
  tournaments: [] as Tournament[],
  eventTypes: [] as EventType[],
  error: undefined as Error | undefined,
}));
vi.mock('../api/home.ts', () => ({
  useTournaments: () => ({
    data: data.error ? undefined : data.tournaments,
    error: data.error,
    isLoading: false,
    refetch: () => undefined,
  }),
  useEventTypes: () => ({
    data: data.eventTypes,
    error: undefined,
    isLoading: false,
    refetch: () => undefined,
  }),
}));

function renderHome(settings: SiteSettings = makeSettings()) {
  render(
    <StaticSettingsProvider settings={settings}>
      <PageAlertProvider>
        <MemoryRouter>
          <PageAlert />
          <HomePage />
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
}

const status = () => screen.getByRole('region', { name: /registration|tournament today|thank you/i });

beforeEach(() => {
  data.tournaments = [makeTournament()];
  data.eventTypes = [makeEventType()];
  data.error = undefined;
});

describe('the home page in every state (docs/product.md §1 and §2)', () => {
  it('registration open: says so and offers the registration button', () => {
    renderHome();
    expect(
      within(status()).getByRole('heading', { name: 'Online registration is now open!' }),
    ).toBeInTheDocument();
    expect(within(status()).getByRole('link', { name: 'Register online' })).toHaveAttribute(
      'href',
      '/customer/registration',
    );
  });

  it('tournament today: invites people to the venue with the in-person registration times, and to the results', () => {
    data.tournaments = [
      makeTournament({ isTournamentToday: true, isRegistrationOpen: false, venue: 'Collège Boréal' }),
    ];
    renderHome();
    expect(within(status()).getByRole('heading', { name: 'Tournament Today!' })).toBeInTheDocument();
    expect(screen.getByText('Come see us at Collège Boréal')).toBeInTheDocument();
    expect(within(status()).getByText(/in person only today, from 8:30AM to 10AM/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register online' })).toBeNull();
    expect(within(status()).getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/results');
  });

  it('opening soon: gives the opening date in long form', () => {
    data.tournaments = [
      makeTournament({
        isRegistrationOpen: false,
        isRegistrationOpenSoon: true,
        registrationOpensOn: '2099-03-02',
      }),
    ];
    renderHome();
    expect(within(status()).getByRole('heading', { name: 'Registration opens soon!' })).toBeInTheDocument();
    expect(within(status()).getByText(/Monday, March 2, 2099/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register online' })).toBeNull();
  });

  it('closed: says online registration is closed', () => {
    data.tournaments = [makeTournament({ isRegistrationOpen: false, isRegistrationOpenSoon: false })];
    renderHome();
    expect(
      within(status()).getByRole('heading', { name: 'Online registration is currently closed' }),
    ).toBeInTheDocument();
  });

  it('no next tournament: thanks the visitor and shows no pricing or schedule', () => {
    data.tournaments = [makeTournament({ tournamentDate: '2001-06-09' })];
    renderHome();
    expect(
      within(status()).getByRole('heading', { name: 'Thank you for your interest!' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pricing' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Venue' })).toBeInTheDocument();
  });

  it('shows the tournament date in en-CA long form with weekday, in UTC', () => {
    renderHome();
    expect(
      screen.getByText(/Saturday, June 13, 2099 at Elliot Lake Secondary School, Elliot Lake/),
    ).toBeInTheDocument();
  });
});

describe('the rest of the home page', () => {
  it('prices: online or door price, spectators, children 5 and under free; lunch only with its flag', () => {
    renderHome();
    expect(
      screen.getByText(/Competing costs \$45 when you register online, or \$60 at the door/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Spectator passes are \$10\. Children 5 and under accompanied by an adult are free\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Lunch tickets/)).toBeNull();
  });

  it('shows lunch tickets when SellLunchTickets is on', () => {
    renderHome(
      makeSettings({ flags: { SellLunchTickets: true, MailingListTab: true, AllowSmsNotifications: true } }),
    );
    expect(screen.getByText('Lunch tickets are $12.')).toBeInTheDocument();
  });

  it('lists the schedule lines in order', () => {
    renderHome();
    const items = within(screen.getByRole('list', { name: 'Schedule' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'In-person registration8:30AM to 10AM',
      'Black belt meeting10:15AM',
    ]);
  });

  it('explains the Grand Championship points', () => {
    renderHome();
    expect(
      screen.getByText(/most points across forms, sparring, weapons and self-defense/),
    ).toBeInTheDocument();
    for (const text of ['100 points', '75 points', '50 points', '25 points'])
      expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('lists only the event types flagged for the home page', () => {
    data.eventTypes = [
      makeEventType({ id: 1, title: 'Forms' }),
      makeEventType({ id: 2, title: 'Breaking', showOnHomepage: false }),
    ];
    renderHome();
    expect(screen.getByRole('heading', { name: 'Forms' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Breaking' })).toBeNull();
  });

  it('gives the venue address as text with a map link, and a lazy map', () => {
    renderHome();
    expect(screen.getByText('295 Mississauga Ave, Elliot Lake, ON P5A 1E7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the map and directions/ })).toHaveAttribute(
      'href',
      expect.stringContaining('295%20Mississauga%20Ave'),
    );
    expect(screen.getByTitle(/Map of Elliot Lake Secondary School/)).toHaveAttribute('loading', 'lazy');
  });

  it('shows a failed load in the page alert', async () => {
    data.error = new Error('(500) Something went wrong, please try again later or contact us for help.');
    renderHome();
    expect(await screen.findByRole('alert')).toHaveTextContent('(500) Something went wrong');
    expect(screen.getByText('The tournament details could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank you for your interest!' })).toBeNull();
  });

  it('speaks French: the status, prices in Canadian French, places and the venue', () => {
    setCatalog('fr', fr);
    try {
      renderHome();
      expect(
        screen.getByRole('heading', { name: 'L’inscription en ligne est ouverte\u00a0!' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'S’inscrire en ligne' })).toBeInTheDocument();
      expect(screen.getByText(/samedi 13 juin 2099, à Elliot Lake Secondary School/)).toBeInTheDocument();
      expect(
        screen.getByText(/La participation coûte 45,00\s\$ si vous vous inscrivez en ligne/),
      ).toBeInTheDocument();
      expect(screen.getByText('1re place')).toBeInTheDocument();
      expect(screen.getByText('2e place')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Lieu' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });
});
