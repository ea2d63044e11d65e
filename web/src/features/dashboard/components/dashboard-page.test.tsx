import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { Dashboard } from '@shared/contract/admin-reports.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@web/app/providers.tsx';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { FALLBACK_REFRESH_MS, POKE_DEBOUNCE_MS } from '../api/dashboard.ts';
import { DashboardPage } from './dashboard-page.tsx';

// /admin/dashboard (decision 013): the figures a director reads, and that they follow the pokes.

function makeDashboard(over: Partial<Dashboard> = {}): Dashboard {
  return {
    tournament: {
      id: 1,
      tournamentDate: '2099-06-13',
      venue: 'Elliot Lake Secondary School',
      city: 'Elliot Lake',
    },
    registrations: { completed: 5, incomplete: 2 },
    competitors: {
      total: 12,
      byEventType: [
        { id: 1, label: 'Forms', count: 8 },
        { id: 2, label: 'Sparring', count: 4 },
      ],
      byLevel: [{ id: 1, label: 'Beginner', count: 12 }],
      byAgeBand: [{ id: null, label: '8-12', count: 12 }],
      byGender: [
        { id: 1, label: 'Male', count: 7 },
        { id: 2, label: 'Female', count: 5 },
      ],
    },
    spectators: 9,
    lunch: 3,
    revenue: { online: 540, door: 40, byMethod: { online: 540, cash: 20, card: 20, etransfer: 0 } },
    checkIn: { checkedIn: 3, expected: 12 },
    ...over,
  };
}

/** A stand-in EventSource the test can poke. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  readonly url: string;
  closed = false;
  private listeners = new Map<string, (() => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string) {
    for (const fn of this.listeners.get(type) ?? []) fn();
  }
  close() {
    this.closed = true;
  }
}

let answer: Dashboard;
let reads: number;

beforeEach(() => {
  invalidateQueries('');
  reads = 0;
  answer = makeDashboard();
  setSession({
    user: { personId: 1, roles: ['TournamentDirector'], userDisplayName: 'Dee Director' },
    token: 'tok',
  });
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/admin/dashboard') reads += 1;
      // The stream's ticket is traded for the access token (never the token in its address).
      const ticket = () => ({
        ticket: `ticket-for-${new Headers(init?.headers).get('Authorization')?.slice(7)}`,
        expiresIn: 60,
      });
      const body =
        path === '/api/settings'
          ? makeSettings()
          : path === '/api/admin/dashboard'
            ? answer
            : path === '/sync/events/ticket'
              ? ticket()
              : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage() {
  return render(
    <Providers>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </Providers>,
  );
}

describe('the dashboard', () => {
  it('shows check-in, registrations, revenue online and at the door, passes and the breakdowns', async () => {
    renderPage();
    expect(await screen.findByTestId('dashboard-checked-in')).toHaveTextContent('3 of 12 checked in');
    expect(screen.getByRole('progressbar', { name: 'Competitors checked in' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(screen.getByTestId('dashboard-revenue-door')).toHaveTextContent('$40');
    expect(screen.getByTestId('dashboard-revenue-online')).toHaveTextContent('$540');
    expect(screen.getByTestId('dashboard-registrations')).toHaveTextContent('5');
    expect(screen.getByText('2 not completed yet')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-spectators')).toHaveTextContent('9');
    expect(screen.getByTestId('dashboard-lunch')).toHaveTextContent('3');
    const byType = screen.getByRole('region', { name: 'By event type' });
    expect(
      within(byType)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Forms8', 'Sparring4']);
    expect(within(screen.getByRole('region', { name: 'By gender' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    expect(screen.getByText(/Saturday, June 13, 2099, Elliot Lake Secondary School/)).toBeInTheDocument();
  });

  it('speaks French', async () => {
    setCatalog('fr', fr);
    try {
      renderPage();
      expect(await screen.findByTestId('dashboard-checked-in')).toHaveTextContent('3 sur 12 arrivés');
      expect(screen.getByRole('heading', { name: 'Tableau de bord' })).toBeInTheDocument();
      expect(screen.getByText(/samedi 13 juin 2099/)).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('says so when no tournament is scheduled', async () => {
    answer = makeDashboard({ tournament: null });
    renderPage();
    expect(await screen.findByText('There is no upcoming tournament scheduled.')).toBeInTheDocument();
  });

  it('listens to the check-in stream and refreshes once per burst of pokes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    expect(await screen.findByTestId('dashboard-checked-in')).toHaveTextContent('3 of 12 checked in');
    const source = await vi.waitFor(() => FakeEventSource.last!);
    expect(source.url).toBe('/sync/events?scope=checkin&ticket=ticket-for-tok');
    answer = makeDashboard({ checkIn: { checkedIn: 4, expected: 12 } });
    const before = reads;
    act(() => {
      source.emit('poke');
      source.emit('poke');
      source.emit('poke');
    });
    await act(() => vi.advanceTimersByTimeAsync(POKE_DEBOUNCE_MS));
    expect(await screen.findByText('4 of 12 checked in')).toBeInTheDocument();
    expect(reads - before).toBe(1);
  });

  it('refreshes every 30 seconds without pokes, and closes the stream on leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { unmount } = renderPage();
    expect(await screen.findByTestId('dashboard-revenue-door')).toHaveTextContent('$40');
    answer = makeDashboard({
      revenue: { online: 540, door: 100, byMethod: { online: 540, cash: 80, card: 20, etransfer: 0 } },
    });
    await act(() => vi.advanceTimersByTimeAsync(FALLBACK_REFRESH_MS));
    expect(await screen.findByText('$100')).toBeInTheDocument();
    unmount();
    expect(FakeEventSource.last!.closed).toBe(true);
  });

  it('opens the stream again with the new token when the session is renewed', async () => {
    renderPage();
    await screen.findByTestId('dashboard-checked-in');
    const first = await vi.waitFor(() => FakeEventSource.last!);
    act(() =>
      setSession({
        user: { personId: 1, roles: ['TournamentDirector'], userDisplayName: 'Dee Director' },
        token: 'tok2',
      }),
    );
    await waitFor(() => expect(FakeEventSource.last).not.toBe(first));
    expect(first.closed).toBe(true);
    expect(FakeEventSource.last!.url).toBe('/sync/events?scope=checkin&ticket=ticket-for-tok2');
  });
});
