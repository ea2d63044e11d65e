import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompetitorReport, CompetitorReportRow } from '@shared/contract/admin-reports.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@web/app/providers.tsx';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { CompetitorsPage } from './competitors-page.tsx';

// /admin/competitors (decision 013): filters, CSV export and the print view.

function makeRow(over: Partial<CompetitorReportRow>): CompetitorReportRow {
  return {
    id: 1,
    registrationId: 10,
    firstName: 'Ava',
    lastName: 'Smith',
    dateOfBirth: '2091-01-01',
    age: 8,
    gender: 2,
    level: { id: 1, name: 'Beginner' },
    weightKg: null,
    school: 'Elliot Lake Karate',
    events: [{ id: 5, name: 'Forms', eventTypeId: 1 }],
    checkedInAt: null,
    ...over,
  };
}

const AVA = makeRow({});
const BEN = makeRow({
  id: 2,
  firstName: 'Ben',
  lastName: 'Jones',
  gender: 1,
  age: 15,
  checkedInAt: '2099-06-13T13:05:00Z',
});
const report = (competitors: CompetitorReportRow[]): CompetitorReport => ({
  tournament: {
    id: 1,
    tournamentDate: '2099-06-13',
    venue: 'Elliot Lake Secondary School',
    city: 'Elliot Lake',
  },
  eventTypes: [
    { id: 1, title: 'Forms' },
    { id: 2, title: 'Sparring' },
  ],
  levels: [
    { id: 1, name: 'Beginner' },
    { id: 2, name: 'Advanced' },
  ],
  competitors,
});

let requests: { url: string; auth: string | null }[];

beforeEach(() => {
  invalidateQueries('');
  requests = [];
  setSession({
    user: { personId: 1, roles: ['TournamentDirector'], userDisplayName: 'Dee Director' },
    token: 'tok',
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, auth: new Headers(init?.headers).get('Authorization') });
      if (url.startsWith('/api/admin/competitors.csv')) {
        return new Response('"Last name"\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="competitors-2099-06-13.csv"',
          },
        });
      }
      const body =
        url === '/api/settings'
          ? makeSettings()
          : url.startsWith('/api/admin/competitors')
            ? report(url.includes('gender=1') ? [BEN] : [AVA, BEN])
            : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/admin/competitors', element: <CompetitorsPage /> }], {
    initialEntries: [path],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('the competitors list', () => {
  it('lists every competitor with age, level, events and check-in', async () => {
    renderAt('/admin/competitors');
    expect(await screen.findByText('2 competitors', { exact: false })).toBeInTheDocument();
    expect(rows()).toEqual(['Smith, Ava', 'Jones, Ben']);
    expect(screen.getByRole('link', { name: 'Smith, Ava' })).toHaveAttribute(
      'href',
      '/admin/registration/10',
    );
    const ben = screen.getAllByRole('row')[2]!;
    expect(ben).toHaveTextContent('15');
    expect(ben).toHaveTextContent('Male');
    expect(ben).toHaveTextContent(/Yes, /);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Not yet');
  });

  it('speaks French', async () => {
    setCatalog('fr', fr);
    try {
      renderAt('/admin/competitors');
      expect(await screen.findByText('2 compétiteurs', { exact: false })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Compétiteurs' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Télécharger le CSV' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('filters through the address, so the same list can be printed or shared', async () => {
    const router = renderAt('/admin/competitors');
    await screen.findByText('2 competitors', { exact: false });
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'Male');
    await waitFor(() => expect(rows()).toEqual(['Jones, Ben']));
    expect(router.state.location.search).toBe('?gender=1');
    expect(requests.map((r) => r.url)).toContain('/api/admin/competitors?gender=1');
    expect(screen.getByRole('option', { name: 'Sparring' })).toBeInTheDocument();
  });

  it('downloads the filtered CSV with the token', async () => {
    const createObjectURL = vi.fn(() => 'blob:competitors');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt('/admin/competitors?checkedIn=no');
    await screen.findByText('2 competitors', { exact: false });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requests.find((r) => r.url.includes('.csv'))).toEqual({
      url: '/api/admin/competitors.csv?checkedIn=no',
      auth: 'Bearer tok',
    });
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('competitors-2099-06-13.csv');
    click.mockRestore();
  });

  it('the print view keeps the filters, drops the filter form and offers Print', async () => {
    renderAt('/admin/competitors?gender=1&print=1');
    await waitFor(() => expect(rows()).toEqual(['Jones, Ben']));
    expect(screen.queryByRole('search', { name: 'Filter competitors' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute(
      'href',
      '/admin/competitors?gender=1',
    );
  });
});
