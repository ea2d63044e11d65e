import { fireEvent, render, screen, within } from '@testing-library/react';
import type { PublicResults } from '@shared/contract/matchday.ts';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { clearSession, setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeTournament } from '@web/testing/fixtures.ts';
import { ResultsPage } from './results-page.tsx';

// The public results page (decision 022).
vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const results: PublicResults = {
  tournamentId: 4,
  divisions: [
    {
      divisionId: 1,
      title: 'Girls 10-11 Beginner',
      eventTypes: ['Forms'],
      completedAt: '2099-06-13T15:00:00Z',
      results: [
        {
          eventTypeId: 1,
          eventType: 'Forms',
          placings: [
            { place: 2, name: 'Mia T.', school: 'North Dojo' },
            { place: 1, name: 'Sam K.', school: 'Elliot Lake Karate' },
          ],
        },
      ],
    },
  ],
  leaderboard: [
    {
      groupId: 'youth',
      label: 'Youth 10-12',
      rows: [
        { rank: 1, tied: false, name: 'Sam K.', school: 'Elliot Lake Karate', points: 175 },
        { rank: 2, tied: true, name: 'Mia T.', school: 'North Dojo', points: 75 },
      ],
    },
  ],
};

const asked: string[] = [];
beforeEach(() => {
  invalidateQueries('');
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body =
      url === '/api/tournaments'
        ? [
            makeTournament({ id: 4, tournamentDate: '2099-06-13' }),
            makeTournament({ id: 5, tournamentDate: '2100-06-12' }),
          ]
        : url === '/api/results/4'
          ? results
          : url === '/api/registration/schedule/4'
            ? [
                {
                  competitorId: 9,
                  firstName: 'Mia',
                  divisionId: 1,
                  title: 'Girls 10-11 Beginner',
                  eventTypes: ['Forms'],
                  ringName: 'Ring 1',
                  status: 'completed',
                  estimatedStart: null,
                  placings: [{ eventTypeId: 1, eventType: 'Forms', place: 2 }],
                  publicName: 'Mia T.',
                },
              ]
            : undefined;
    return new Response(JSON.stringify(body ?? { message: 'Not found' }), { status: body ? 200 : 404 });
  });
});

describe('the results page', () => {
  it("shows the next tournament's division placings in order and the Grand Championship leaderboard", async () => {
    render(
      <MemoryRouter>
        <ResultsPage />
      </MemoryRouter>,
    );
    const division = await screen.findByRole('region', { name: 'Girls 10-11 Beginner' });
    expect(
      within(division)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1stSam K., Elliot Lake Karate', '2ndMia T., North Dojo']);
    const group = screen.getByRole('region', { name: 'Youth 10-12' });
    expect(
      within(group)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RankNamePoints', '1Sam K.Elliot Lake Karate175', '=2tied 2Mia T.North Dojo75']);
    expect(asked).toContain('/api/results/4');
  });

  it('a page left open reads the results again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <MemoryRouter>
          <ResultsPage />
        </MemoryRouter>,
      );
      await screen.findByRole('region', { name: 'Girls 10-11 Beginner' });
      const reads = () => asked.filter((u) => u === '/api/results/4').length;
      expect(reads()).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(reads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('speaks French: headings, places and the table', async () => {
    setCatalog('fr', fr);
    try {
      render(
        <MemoryRouter>
          <ResultsPage />
        </MemoryRouter>,
      );
      const division = await screen.findByRole('region', { name: 'Girls 10-11 Beginner' });
      expect(screen.getByRole('heading', { level: 1, name: 'Résultats' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Résultats des divisions' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Grand championnat' })).toBeInTheDocument();
      expect(
        within(division)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['1reSam K., Elliot Lake Karate', '2eMia T., North Dojo']);
      expect(screen.getByText(/samedi 13 juin 2099, à Elliot Lake/)).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'Rang' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('finds a name, a school or a division as typed, and says when nothing matches', async () => {
    render(
      <MemoryRouter>
        <ResultsPage />
      </MemoryRouter>,
    );
    const division = await screen.findByRole('region', { name: 'Girls 10-11 Beginner' });
    const search = screen.getByRole('searchbox', { name: 'Search results' });
    fireEvent.change(search, { target: { value: 'north' } });
    expect(
      within(division)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2ndMia T., North Dojo']);
    expect(within(screen.getByRole('region', { name: 'Youth 10-12' })).getAllByRole('row')).toHaveLength(2);
    fireEvent.change(search, { target: { value: 'girls 10' } });
    expect(within(division).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('Nothing matches your search.')).toBeInTheDocument();
  });

  it("highlights a signed-in family's own placings and leaderboard rows, and nothing for a visitor", async () => {
    const { unmount } = render(
      <MemoryRouter>
        <ResultsPage />
      </MemoryRouter>,
    );
    await screen.findByRole('region', { name: 'Girls 10-11 Beginner' });
    expect(document.querySelectorAll('[data-own]')).toHaveLength(0);
    expect(asked.some((u) => u.startsWith('/api/registration/schedule/'))).toBe(false);
    unmount();

    setSession({ user: { personId: 7, roles: ['Customer'], userDisplayName: 'Pat Parent' }, token: 't' });
    try {
      render(
        <MemoryRouter>
          <ResultsPage />
        </MemoryRouter>,
      );
      expect(await screen.findByText("Your family's competitors are highlighted.")).toBeInTheDocument();
      const own = [...document.querySelectorAll('[data-own]')].map((e) => e.textContent);
      expect(own).toEqual(['2ndMia T., North Dojo', '=2tied 2Mia T.North Dojo75']);
    } finally {
      clearSession();
    }
  });
});
