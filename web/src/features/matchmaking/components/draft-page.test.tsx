import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DraftView } from '@shared/contract/matchmaking.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@web/app/providers.tsx';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { divisionTitle } from '@shared/domain/matchmaking/titles.ts';
import { DraftPage } from './draft-page.tsx';
import { SplitPage } from './split-page.tsx';

// The draft page (decision 017): tabs, filters and counts; the split page's preview runs the shared
// rule and applying sends the chosen split.

const criteria = (minAge: number, maxAge: number, gender: 1 | 2 | null, minSize = 2, maxSize = 3) => ({
  minAge,
  maxAge,
  gender,
  competitorLevelIds: [1],
  minWeight: null,
  maxWeight: null,
  minSize,
  maxSize,
});
const kid = (id: number, age: number, gender: 1 | 2) => ({
  id,
  registrationId: 100 + id,
  firstName: `Kid${id}`,
  lastName: 'Lee',
  age,
  gender,
  competitorLevelId: 1,
  weight: null,
  school: 'North Dojo',
  checkedIn: false,
  eventTypeIds: [1],
});

const VIEW: DraftView = {
  draft: {
    id: 7,
    name: 'Draft 1',
    status: 'draft',
    source: 'completed',
    eventTypeIds: [1],
    tournament: { id: 1, tournamentDate: '2099-06-13', city: 'Elliot Lake' },
    publishedAt: null,
  },
  eventTypes: [{ id: 1, title: 'Forms', sortOrder: 1, decidedBy: 'judged' }],
  levels: [{ id: 1, name: 'Beginner', sortOrder: 1 }],
  divisions: [
    {
      id: 11,
      ruleId: 1,
      title: 'Girls 10-11 Beginner',
      criteria: criteria(10, 11, 2),
      eventTypeIds: [1],
      competitorIds: [1, 2, 3, 4],
      locked: false,
      note: '',
      overrides: [],
      warnings: [{ kind: 'tooLarge', message: 'Too large: 4, at most 3' }],
    },
    {
      id: 12,
      ruleId: 2,
      title: 'Boys 12-13 Beginner',
      criteria: criteria(12, 13, 1),
      eventTypeIds: [1],
      competitorIds: [5, 6],
      locked: false,
      note: '',
      overrides: [],
      warnings: [],
    },
  ],
  competitors: [kid(1, 10, 2), kid(2, 10, 2), kid(3, 11, 2), kid(4, 11, 2), kid(5, 12, 1), kid(6, 13, 1)],
  unplaced: [],
};

let posts: { url: string; body: unknown }[];
let view: DraftView;
beforeEach(() => {
  invalidateQueries('');
  posts = [];
  view = VIEW;
  setSession({
    user: { personId: 1, roles: ['TournamentDirector'], userDisplayName: 'Dee Director' },
    token: 'tok',
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST' || init?.method === 'PUT')
        posts.push({ url, body: JSON.parse(String(init.body)) });
      const body =
        url === '/api/settings'
          ? makeSettings()
          : url.startsWith('/api/admin/matchmaking/drafts/7')
            ? view
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
  const router = createMemoryRouter(
    [
      {
        path: '/admin/matchmaking/:draftId',
        element: <DraftPage />,
        children: ['all', 'split', 'combine'].map((p) => ({ path: p, element: null })),
      },
      { path: '/admin/matchmaking/:draftId/split/division/:draftDivisionId', element: <SplitPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const titles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('a matchmaking draft', () => {
  it('speaks French', async () => {
    setCatalog('fr', fr);
    try {
      renderAt('/admin/matchmaking/7/all');
      await waitFor(() => expect(titles()).toEqual(['Girls 10-11 Beginner', 'Boys 12-13 Beginner']));
      expect(screen.getByTestId('division-count')).toHaveTextContent('2 divisions, 6 compétiteurs');
      expect(screen.getByRole('button', { name: 'Publier…' })).toBeInTheDocument();
      expect(screen.getByLabelText('Avertissements seulement')).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('lists every division with counts, filters by gender and warnings, and the split tab shows the oversized', async () => {
    renderAt('/admin/matchmaking/7/all');
    await waitFor(() => expect(titles()).toEqual(['Girls 10-11 Beginner', 'Boys 12-13 Beginner']));
    expect(screen.getByTestId('division-count')).toHaveTextContent('2 divisions, 6 competitors');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'Male');
    await waitFor(() => expect(titles()).toEqual(['Boys 12-13 Beginner']));
    await userEvent.selectOptions(screen.getByLabelText('Gender'), '');
    await userEvent.click(screen.getByLabelText('Warnings only'));
    await waitFor(() => expect(titles()).toEqual(['Girls 10-11 Beginner']));
    await userEvent.click(screen.getByRole('link', { name: 'Split (1)' }));
    await waitFor(() =>
      expect(screen.getByTestId('division-count')).toHaveTextContent('1 division, 4 competitors'),
    );
    expect(within(screen.getByTestId('division')).getByRole('link', { name: 'Split' })).toHaveAttribute(
      'href',
      '/admin/matchmaking/7/split/division/11',
    );
  });

  it('shows a generated title (a message reference) translated, in the rename field too, and sends it only when changed', async () => {
    const generated = divisionTitle(criteria(12, 13, 1), VIEW.levels);
    view = { ...VIEW, divisions: VIEW.divisions.map((d) => (d.id === 12 ? { ...d, title: generated } : d)) };
    renderAt('/admin/matchmaking/7/all');
    await waitFor(() => expect(titles()).toEqual(['Girls 10-11 Beginner', 'Boys 12-13 Beginner']));
    const card = screen.getAllByTestId('division')[1]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Rename or note' }));
    expect(within(card).getByLabelText('Title')).toHaveValue('Boys 12-13 Beginner');
    // A note alone leaves the title generated (it stays readable in French).
    await userEvent.type(within(card).getByLabelText('Note'), 'Mat 2');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/admin/matchmaking/drafts/7/divisions/12',
      body: { note: 'Mat 2' },
    });
    // A rename is data, sent as typed (the card is drawn again from the draft read after the save;
    // this stand-in server keeps no note).
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Rename or note' })).toHaveLength(2));
    const again = screen.getAllByTestId('division')[1]!;
    await userEvent.click(within(again).getByRole('button', { name: 'Rename or note' }));
    await userEvent.clear(within(again).getByLabelText('Title'));
    await userEvent.type(within(again).getByLabelText('Title'), 'Junior boys');
    await userEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.body).toEqual({ title: 'Junior boys', note: '' });
  });

  it('says what a lock and a rename changed, and Undo sends the opposite edit to the server', async () => {
    const generated = divisionTitle(criteria(12, 13, 1), VIEW.levels);
    view = { ...VIEW, divisions: VIEW.divisions.map((d) => (d.id === 12 ? { ...d, title: generated } : d)) };
    renderAt('/admin/matchmaking/7/all');
    await waitFor(() => expect(titles()).toEqual(['Girls 10-11 Beginner', 'Boys 12-13 Beginner']));
    const card = () => screen.getAllByTestId('division')[1]!;
    const lock = within(card()).getByRole('button', { name: 'Lock' });
    await userEvent.click(lock);
    const toast = await screen.findByText('Locked Boys 12-13 Beginner.');
    // Focus stays on the button pressed; the card was not drawn again from scratch.
    expect(lock).toHaveFocus();
    await userEvent.click(
      within(toast.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Undo' }),
    );
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts.map((p) => p.body)).toEqual([{ locked: true }, { locked: false }]);
    expect(await screen.findByText('Undone.')).toBeInTheDocument();

    await userEvent.click(within(card()).getByRole('button', { name: 'Rename or note' }));
    await userEvent.clear(within(card()).getByLabelText('Title'));
    await userEvent.type(within(card()).getByLabelText('Title'), 'Junior boys');
    await userEvent.click(within(card()).getByRole('button', { name: 'Save' }));
    const renamed = await screen.findByText('Renamed Boys 12-13 Beginner to Junior boys.');
    await waitFor(() => expect(within(card()).getByRole('button', { name: 'Rename or note' })).toHaveFocus());
    await userEvent.click(
      within(renamed.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Undo' }),
    );
    // A generated title goes back as "the title of its criteria", never as typed text.
    await waitFor(() => expect(posts).toHaveLength(4));
    expect(posts[3]).toEqual({
      url: '/api/admin/matchmaking/drafts/7/divisions/12',
      body: { title: null, note: '' },
    });
  });

  it('previews a split by age with the shared rule and applies the chosen split', async () => {
    const router = renderAt('/admin/matchmaking/7/split/division/11');
    const previews = await screen.findAllByTestId('preview-division');
    expect(previews.map((p) => within(p).getByRole('heading').textContent)).toEqual([
      'Girls 10 Beginner',
      'Girls 11 Beginner',
    ]);
    await userEvent.click(screen.getByLabelText('Pick competitors'));
    expect(screen.queryAllByTestId('preview-division')).toEqual([]);
    await userEvent.click(screen.getByLabelText('Kid4 Lee (11)'));
    await waitFor(() => expect(screen.getAllByTestId('preview-division')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Apply split' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/matchmaking/7/all'));
    expect(posts).toEqual([
      { url: '/api/admin/matchmaking/drafts/7/divisions/11/split', body: { by: 'pick', competitorIds: [4] } },
    ]);
  });
});
