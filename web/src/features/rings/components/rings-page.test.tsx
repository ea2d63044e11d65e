import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncDivision, syncEntry, syncResult, syncRing } from '@shared/testing/matchday-rows.ts';
import { LEVELS, makeRule } from '@shared/testing/matchmaking.ts';
import { divisionTitle } from '@shared/domain/matchmaking/titles.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { committedOutbox } from '@web/testing/outbox.ts';
import { RingsPage } from './rings-page.tsx';

vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

let db: DeviceDb;
let n = 0;
beforeEach(async () => {
  db = new DeviceDb(`rings-page-${++n}`);
  setDeviceDbForTests(db);
  // No server: every sync round fails as if offline; the board works from the device store.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  setSession({
    user: { personId: 7, roles: ['TournamentDirector'], userDisplayName: 'Terry Director' },
    token: 't',
  });
  await db
    .entity('rings')
    .bulkPut([syncRing({ id: 1, name: 'Ring 1' }), syncRing({ id: 2, name: 'Ring 2', sortOrder: 2 })]);
  await db.entity('divisions').bulkPut([
    syncDivision({ id: 10, title: 'Girls 10-11 Forms', ringId: null }),
    syncDivision({ id: 20, title: 'Boys 8-9 Forms', ringId: 1, queueOrder: 1 }),
    syncDivision({ id: 21, title: 'Boys 12-13 Forms', ringId: 1, queueOrder: 2 }),
    syncDivision({
      id: 22,
      title: 'Adults Forms',
      ringId: 2,
      status: 'current',
      startedAt: '2026-11-21T14:00:00Z',
    }),
  ]);
  await db.meta.put({ key: META.cookie('matchday'), value: 'c1' });
});
afterEach(async () => {
  setDeviceDbForTests(null);
  await db.delete();
});

const column = (name: string) => screen.getByRole('region', { name });

describe('rings page', () => {
  it('speaks French', async () => {
    setCatalog('fr', fr);
    try {
      render(<RingsPage />, { wrapper: MemoryRouter });
      const pool = await screen.findByRole('region', { name: 'Réserve' });
      expect(within(pool).getByText('Girls 10-11 Forms')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Aires');
      expect(screen.getByRole('button', { name: 'Équilibrer les aires' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('shows a generated title (a message reference, as a pull keeps it) in the page’s language', async () => {
    const title = divisionTitle(
      makeRule({ gender: 1, minAge: 8, maxAge: 9, competitorLevelIds: [1], maxWeight: 32.5 }),
      LEVELS,
    );
    await db.entity('divisions').put(syncDivision({ id: 11, title, ringId: null }));
    const { unmount } = render(<RingsPage />, { wrapper: MemoryRouter });
    const pool = await screen.findByRole('region', { name: 'Pool' });
    // Sorted by the text read: "Boys…" before "Girls…".
    expect(
      within(pool)
        .getAllByTestId('division-card')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Boys 8-9 Beginner up to 32.5 kg', 'Girls 10-11 Forms']);
    expect(screen.getByRole('button', { name: 'Drag Boys 8-9 Beginner up to 32.5 kg' })).toBeInTheDocument();
    expect(screen.queryByText(/i18n:/)).toBeNull();
    unmount();
    setCatalog('fr', fr);
    try {
      render(<RingsPage />, { wrapper: MemoryRouter });
      const reserve = await screen.findByRole('region', { name: 'Réserve' });
      expect(
        within(reserve)
          .getAllByTestId('division-card')
          .map((c) => c.getAttribute('aria-label')),
      ).toEqual(['Garçons 8-9 ans Beginner jusqu’à 32,5\u00a0kg', 'Girls 10-11 Forms']);
      // A title typed by a director ("Girls 10-11 Forms") stays as typed.
    } finally {
      setCatalog('en', en);
    }
  });

  it('shows the pool and each ring’s queue; the running division has no move controls', async () => {
    // Adults Forms: 3 competitors present, the first scored by all five judges.
    await db.entity('divisionEntries').bulkPut([1, 2, 3].map((c) => syncEntry(22, c)));
    await db.entity('divisionResults').put(syncResult(22, 1));
    await db.entity('scores').bulkPut(
      [1, 2, 3, 4, 5].map((judge) => ({
        id: `22:1:1:${judge}:0`,
        divisionId: 22,
        eventTypeId: 1,
        competitorId: 1,
        judge,
        round: 0,
        value: 8,
        enteredAt: '2026-11-21T14:05:00Z',
        enteredBy: 7,
        enteredByName: 'Olga Official',
        version: 1,
      })),
    );
    render(<RingsPage />, { wrapper: MemoryRouter });
    const pool = await screen.findByRole('region', { name: 'Pool' });
    expect(within(pool).getByText('Girls 10-11 Forms')).toBeInTheDocument();
    expect(
      within(column('Ring 1'))
        .getAllByTestId('division-card')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Boys 8-9 Forms', 'Boys 12-13 Forms']);
    const running = within(column('Ring 2')).getByTestId('ring-current');
    expect(running).toHaveTextContent('Adults Forms');
    expect(await within(running).findByText('1 of 3 competitors scored')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Drag Adults Forms' })).toBeNull();
    expect(screen.queryByLabelText('Move Adults Forms to')).toBeNull();
  });

  it('links each ring to a TV screen showing that ring alone', async () => {
    render(<RingsPage />, { wrapper: MemoryRouter });
    const link = await screen.findByRole('link', { name: 'TV screen for Ring 2' });
    expect(link).toHaveAttribute('href', '/signage/ring-assignments?rings=2');
  });

  it('"Move to ring…" assigns a division from the pool, offline, as one queued mutation', async () => {
    const user = userEvent.setup();
    render(<RingsPage />, { wrapper: MemoryRouter });
    await user.selectOptions(await screen.findByLabelText('Move Girls 10-11 Forms to'), 'Ring 2');
    await user.click(screen.getByRole('button', { name: 'Move Girls 10-11 Forms' }));
    expect(await within(column('Ring 2')).findByText('Girls 10-11 Forms')).toBeInTheDocument();
    expect(within(column('Pool')).queryByText('Girls 10-11 Forms')).toBeNull();
    expect((await committedOutbox()).map((m) => [m.name, m.args])).toEqual([
      ['assignDivision@1', { divisionId: 10, ringId: 2 }],
    ]);
  });

  it('Up and Down reorder the ring’s queue', async () => {
    const user = userEvent.setup();
    render(<RingsPage />, { wrapper: MemoryRouter });
    expect(await screen.findByRole('button', { name: 'Move Boys 8-9 Forms up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Boys 12-13 Forms up' }));
    await vi.waitFor(() =>
      expect(
        within(column('Ring 1'))
          .getAllByTestId('division-card')
          .map((c) => c.getAttribute('aria-label')),
      ).toEqual(['Boys 12-13 Forms', 'Boys 8-9 Forms']),
    );
    expect((await committedOutbox()).map((m) => [m.name, m.args])).toEqual([
      ['reorderQueue@1', { ringId: 1, divisionIds: [21, 20] }],
    ]);
  });

  it('closing a ring is a matchday mutation (works offline), undone by one tap', async () => {
    const user = userEvent.setup();
    render(<RingsPage />, { wrapper: MemoryRouter });
    await user.click(await screen.findByRole('button', { name: 'Close Ring 1' }));
    expect(await screen.findByRole('button', { name: 'Open Ring 1' })).toBeInTheDocument();
    expect((await committedOutbox()).map((m) => [m.name, m.args])).toEqual([
      ['setRingOpen@1', { ringId: 1, isOpen: false }],
    ]);
    // Undo, offered for a while beside the ring, opens it again.
    expect(screen.getByText('Ring 1 closed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Close Ring 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect((await committedOutbox()).map((m) => [m.name, m.args])).toEqual([
      ['setRingOpen@1', { ringId: 1, isOpen: false }],
      ['setRingOpen@1', { ringId: 1, isOpen: true }],
    ]);
  });
  it('"Balance rings" shows the proposed queues and applies only when asked', async () => {
    const user = userEvent.setup();
    render(<RingsPage />, { wrapper: MemoryRouter });
    const balance = await screen.findByRole('button', { name: 'Balance rings' });
    // Disabled until the device store has answered with an open ring: a click before that does
    // nothing (under load the first render comes well before the store answers).
    await waitFor(() => expect(balance).toBeEnabled());
    await user.click(balance);
    const preview = await screen.findByTestId('rebalance-preview');
    const queue = (ring: string) =>
      within(within(preview).getByRole('region', { name: new RegExp(`^${ring}:`) }))
        .queryAllByRole('listitem')
        .map((li) => li.textContent);
    // Ring 2 is running Adults Forms: the three queued divisions go where they finish soonest.
    expect([...queue('Ring 1'), ...queue('Ring 2')].sort()).toEqual(
      ['Boys 12-13 Forms', 'Boys 8-9 Forms', 'Girls 10-11 Forms'].sort(),
    );
    expect(await committedOutbox()).toEqual([]);
    await user.click(within(preview).getByRole('button', { name: 'Apply rebalance' }));
    expect(screen.queryByTestId('rebalance-preview')).toBeNull();
    expect((await committedOutbox()).map((m) => m.name)).toEqual(['balanceRings@1']);
  });
});
