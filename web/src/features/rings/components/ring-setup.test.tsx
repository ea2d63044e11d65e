import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { Providers } from '@web/app/providers.tsx';
import { setSession } from '@web/lib/session.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { RingSetup } from './ring-setup.tsx';

afterEach(() => vi.unstubAllGlobals());

// Decision 023: adding a ring (over /api) on useForm with the shared RingCreateSchema.
it('adds a ring with its trimmed name and empties the field', async () => {
  setSession({ user: { personId: 1, roles: ['TournamentDirector'], userDisplayName: 'D' }, token: 't' });
  const fetch = vi.fn(async (input: any) => {
    const path = String(input);
    const body =
      path === '/api/settings'
        ? makeSettings()
        : path === '/api/admin/rings'
          ? { id: 3, tournamentId: 7, name: 'Ring A', isOpen: true, sortOrder: 1 }
          : [];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <Providers>
      <RingSetup rings={[]} tournamentId={7} />
    </Providers>,
  );
  const user = userEvent.setup();
  const input = screen.getByLabelText('New ring name');
  await user.type(input, '  Ring A ');
  await user.click(screen.getByRole('button', { name: 'Add ring' }));
  await waitFor(() => expect(input).toHaveValue(''));
  const post = fetch.mock.calls.find((c: any) => String(c[0]) === '/api/admin/rings') as any;
  expect(JSON.parse(String(post[1].body))).toEqual({ tournamentId: 7, name: 'Ring A' });
  expect(input).toHaveAttribute('placeholder', 'Ring 1');
});
