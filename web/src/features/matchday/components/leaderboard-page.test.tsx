import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPARRING, syncDivision, syncEntry, syncResult } from '@shared/testing/matchday-rows.ts';
import { setSession } from '@web/lib/session.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { committedOutbox } from '@web/testing/outbox.ts';
import { groupsFromDraft, LeaderboardPage } from './leaderboard-page.tsx';

vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

let db: DeviceDb;
let n = 0;
beforeEach(async () => {
  db = new DeviceDb(`leaderboard-page-${++n}`);
  setDeviceDbForTests(db);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  setSession({
    user: { personId: 7, roles: ['TournamentDirector'], userDisplayName: 'Terry Director' },
    token: 't',
  });
  // Forms (100) and Sparring (200) completed; 300 is still running and counts for nothing yet.
  await db.entity('divisions').bulkPut([
    syncDivision({ id: 100, status: 'completed' }),
    syncDivision({
      id: 200,
      status: 'completed',
      eventTypeIds: [2],
      eventTypes: ['Sparring'],
      rules: [SPARRING],
    }),
    syncDivision({ id: 300, status: 'current' }),
  ]);
  await db
    .entity('divisionEntries')
    .bulkPut([
      ...[1, 2, 3].map((c) => syncEntry(100, c)),
      ...[1, 2, 3].map((c) => syncEntry(200, c)),
      syncEntry(300, 4),
    ]);
  await db.entity('divisionResults').bulkPut([
    syncResult(100, 1, {
      placings: [
        { competitorId: 1, place: 1 },
        { competitorId: 2, place: 2 },
        { competitorId: 3, place: 3 },
      ],
    }),
    syncResult(200, 2, {
      placings: [
        { competitorId: 1, place: 1 },
        { competitorId: 3, place: 2 },
        { competitorId: 2, place: 3 },
      ],
    }),
    syncResult(300, 1, { placings: [{ competitorId: 4, place: 1 }] }),
  ]);
  await db.meta.put({ key: META.cookie('matchday'), value: 'c1' });
});
afterEach(async () => {
  setDeviceDbForTests(null);
  await db.delete();
});

describe('leaderboard', () => {
  it('sums points per event type over completed divisions, in the default groups, ties shown as ties', async () => {
    render(<LeaderboardPage />, { wrapper: MemoryRouter });
    const girls = (await screen.findAllByTestId('leaderboard-group')).find((g) =>
      within(g).queryByRole('heading', { name: 'Girls 12 and under' }),
    )!;
    const rows = within(girls).getAllByTestId('leaderboard-row');
    // Kid1: 100 + 100; Kid2: 75 + 50 and Kid3: 50 + 75 share second place.
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'Kid1 Lee', 'School 1', '100', '100', '200'],
      ['=2', 'Kid2 Lee', 'School 2', '75', '50', '125'],
      ['=2', 'Kid3 Lee', 'School 0', '50', '75', '125'],
    ]);
    expect(screen.queryByText('Kid4 Lee')).toBeNull();
  });

  it('a director edits the groups; they are saved as a matchday mutation', async () => {
    const user = userEvent.setup();
    await db.entity('matchdaySettings').put({
      id: 1,
      leaderboardGroups: [{ id: 'all', label: 'Everyone', minAge: 0, maxAge: 120, gender: null }],
      version: 1,
    });
    render(<LeaderboardPage />, { wrapper: MemoryRouter });
    await user.click(await screen.findByRole('button', { name: 'Edit groups' }));
    await user.clear(screen.getByLabelText('To age'));
    await user.type(screen.getByLabelText('To age'), '11');
    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    expect((await committedOutbox()).map((m) => [m.name, m.args])).toEqual([
      [
        'setLeaderboardGroups@1',
        {
          tournamentId: 1,
          groups: [{ id: 'all', label: 'Everyone', minAge: 0, maxAge: 11, gender: null }],
        },
      ],
    ]);
  });

  it('refuses a group whose ages are upside down', () => {
    expect(groupsFromDraft([{ id: 'a', label: 'Teens', minAge: '17', maxAge: '13', gender: '' }])).toEqual({
      ok: false,
      message: 'Teens: the lowest age is above the highest.',
    });
  });
});
