import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminTournament, CompetitorLevel } from '@shared/contract/settings.ts';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { PageAlert } from '@web/components/page-alert.tsx';
import { setCatalog } from '@web/lib/i18n.tsx';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import { CompetitorLevelsPage } from './competitor-levels-page.tsx';
import { TournamentsPage } from './tournaments-page.tsx';

// The settings pages against a fake /api: what a SuperAdmin sees and what gets sent.
type Handler = (method: string, url: string, body: unknown) => { status: number; body: unknown };
let handler: Handler;
const sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  invalidateQueries('');
  sent.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, url, body });
    const answer = handler(method, url, body);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

function renderPage(page: React.ReactNode) {
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <PageAlertProvider>
        <MemoryRouter>
          <PageAlert />
          {page}
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
}

const tournament = (over: Partial<AdminTournament> = {}): AdminTournament => ({
  ...makeTournament(),
  registrationCount: 0,
  eventCount: 0,
  ...over,
});

describe('the tournaments page', () => {
  it('speaks French when the French catalog is loaded', async () => {
    handler = () => ({ status: 200, body: [tournament({ id: 7, tournamentDate: '2027-05-01' })] });
    setCatalog('fr', fr);
    try {
      renderPage(<TournamentsPage />);
      expect(await screen.findByRole('button', { name: 'Nouveau tournoi' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Paramètres' })).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'En ligne / sur place' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('refuses registration that closes after tournament day beside the field, and sends nothing', async () => {
    handler = () => ({ status: 200, body: [tournament({ id: 7, tournamentDate: '2027-05-01' })] });
    renderPage(<TournamentsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New tournament' }));
    await userEvent.type(screen.getByLabelText(/Tournament date/), '2027-11-20');
    await userEvent.type(screen.getByLabelText(/Registration opens on/), '2027-08-01');
    await userEvent.type(screen.getByLabelText(/Registration closes after/), '2027-11-21');
    await userEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    expect(await screen.findByText('Registration must close before the tournament date')).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('the first tournament: a blank form shows the date order beside the other missing fields', async () => {
    handler = () => ({ status: 200, body: [] });
    renderPage(<TournamentsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New tournament' }));
    await userEvent.type(screen.getByLabelText(/Tournament date/), '2027-11-20');
    await userEvent.type(screen.getByLabelText(/Registration opens on/), '2027-08-01');
    await userEvent.type(screen.getByLabelText(/Registration closes after/), '2027-11-21');
    await userEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    expect(await screen.findByText('Registration must close before the tournament date')).toBeInTheDocument();
    expect(screen.getByLabelText(/City/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('New tournament waits for the list, so the prefill from the latest one is there', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const latest = tournament({ id: 7, competitorOnlineCost: 45 });
    vi.stubGlobal('fetch', () =>
      new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve)).then(
        (a) => new Response(JSON.stringify(a.body), { status: a.status }),
      ),
    );
    renderPage(<TournamentsPage />);
    expect(screen.getByRole('button', { name: 'New tournament' })).toBeDisabled();
    answer({ status: 200, body: [latest] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'New tournament' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'New tournament' }));
    expect(screen.getByLabelText(/Competitor, online/)).toHaveValue('45');
  });

  it('a new tournament starts from the latest one’s prices and schedule, and is sent whole', async () => {
    const latest = tournament({ id: 7, competitorOnlineCost: 45, city: 'Elliot Lake' });
    handler = (method) =>
      method === 'POST' ? { status: 201, body: latest } : { status: 200, body: [latest] };
    renderPage(<TournamentsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New tournament' }));
    expect(screen.getByLabelText(/Competitor, online/)).toHaveValue('45');
    await userEvent.type(screen.getByLabelText(/Tournament date/), '2027-11-20');
    await userEvent.type(screen.getByLabelText(/Registration opens on/), '2027-08-01');
    await userEvent.type(screen.getByLabelText(/Registration closes after/), '2027-11-13');
    await userEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    expect(await screen.findByText('The tournament was created.')).toBeInTheDocument();
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/admin/tournaments');
    expect(post?.body).toMatchObject({
      tournamentDate: '2027-11-20',
      competitorOnlineCost: 45,
      city: 'Elliot Lake',
      schedule: latest.schedule.map((l, i) => ({ order: i + 1, line1: l.line1, line2: l.line2 })),
    });
  });

  it('shows why a tournament cannot be deleted', async () => {
    const message = 'This tournament cannot be deleted: it has 3 registrations.';
    handler = (method) =>
      method === 'DELETE'
        ? { status: 409, body: { message } }
        : { status: 200, body: [tournament({ id: 7, tournamentDate: '2027-05-01', registrationCount: 3 })] };
    renderPage(<TournamentsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the tournament of 2027-05-01' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirm removing the tournament of 2027-05-01' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('the competitor levels page', () => {
  const levels: CompetitorLevel[] = [
    { id: 1, name: 'Beginner', description: '', sortOrder: 1 },
    { id: 2, name: 'Intermediate', description: '', sortOrder: 2 },
    { id: 3, name: 'Advanced', description: '', sortOrder: 3 },
  ];

  it('moving a level up sends the whole new order', async () => {
    handler = (method) => ({
      status: 200,
      body: method === 'POST' ? [levels[0], levels[2], levels[1]] : levels,
    });
    renderPage(<CompetitorLevelsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Advanced up' }));
    await waitFor(() => expect(sent.find((r) => r.method === 'POST')).toBeDefined());
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/admin/competitor-levels/reorder',
      body: { ids: [1, 3, 2] },
    });
    expect(screen.getByRole('button', { name: 'Move Beginner up' })).toBeDisabled();
  });

  it('a new level needs a name', async () => {
    handler = () => ({ status: 200, body: levels });
    renderPage(<CompetitorLevelsPage />);
    const form = await screen.findByRole('form', { name: 'New competitor level' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add level' }));
    expect(await within(form).findByText('Value is required')).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
