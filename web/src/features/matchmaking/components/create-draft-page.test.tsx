import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { Providers } from '@web/app/providers.tsx';
import { setSession } from '@web/lib/session.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { CreateDraftPage } from './create-draft-page.tsx';

afterEach(() => vi.unstubAllGlobals());

// The create-draft form (decision 017; on useForm with the shared CreateDraftSchema).
it('posts the chosen source and event types and opens the new draft', async () => {
  setSession({ user: { personId: 1, roles: ['TournamentDirector'], userDisplayName: 'D' }, token: 't' });
  const answers: Record<string, unknown> = {
    '/api/settings': makeSettings(),
    '/api/admin/matchmaking/options/7': {
      tournament: { id: 7, tournamentDate: '2099-06-13', city: 'Sudbury', isTournamentToday: false },
      eventTypes: [
        { id: 1, title: 'Kata', sortOrder: 1, decidedBy: 'judged', competitors: 3 },
        { id: 2, title: 'Sparring', sortOrder: 2, decidedBy: 'bracket', competitors: 4 },
      ],
      competitors: { completed: 5, checkedIn: 0 },
      rules: 2,
    },
    '/api/admin/matchmaking/drafts': { draftId: 42 },
  };
  const fetch = vi.fn(
    async (input: any) =>
      new Response(JSON.stringify(answers[String(input)] ?? []), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      { path: '/admin/matchmaking/create-draft/tournament/:tournamentId', element: <CreateDraftPage /> },
      { path: '/admin/matchmaking/:draftId/all', element: <p>draft page</p> },
    ],
    { initialEntries: ['/admin/matchmaking/create-draft/tournament/7'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('checkbox', { name: /Kata/ }));
  await user.click(screen.getByRole('button', { name: 'Create draft' }));
  await screen.findByText('draft page');
  const post = fetch.mock.calls.find((c: any) => String(c[0]) === '/api/admin/matchmaking/drafts') as any;
  expect(JSON.parse(String(post[1].body))).toEqual({
    tournamentId: 7,
    source: 'completed',
    eventTypeIds: [2],
  });
  expect(router.state.location.pathname).toBe('/admin/matchmaking/42/all');
});
