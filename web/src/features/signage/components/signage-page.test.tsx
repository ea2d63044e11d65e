import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tournament } from '@shared/contract/public.ts';
import type { SyncDivision, SyncRing } from '@shared/contract/sync-entities.ts';
import { SIGNAGE_TEXTS } from '@shared/domain/signage.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { currentLocale, loadCatalog, setCatalog, tm } from '@web/lib/i18n.tsx';
import { SettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { stopSyncEngine } from '@web/sync/engine.ts';
import { SignagePage } from './signage-page.tsx';

vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const makeRing = (id: number, over: Partial<SyncRing> = {}): SyncRing => ({
  id,
  tournamentId: 1,
  name: `Ring ${id}`,
  isOpen: true,
  sortOrder: id,
  version: 1,
  ...over,
});

const makeDivision = (id: number, over: Partial<SyncDivision> = {}): SyncDivision => ({
  id,
  tournamentId: 1,
  title: `Division ${id}`,
  eventTypeIds: [1],
  eventTypes: ['Forms'],
  rules: [],
  competitorCount: 4,
  ringId: 1,
  queueOrder: id,
  status: 'upcoming',
  startedAt: null,
  completedAt: null,
  version: 1,
  ...over,
});

let db: DeviceDb;
let n = 0;
beforeEach(() => {
  invalidateQueries('');
  localStorage.clear();
  db = new DeviceDb(`signage-page-${++n}`);
  setDeviceDbForTests(db);
  // No server: every read fails as if the network were down; the TV works from its store.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
});
afterEach(async () => {
  vi.useRealTimers();
  setCatalog('en', en);
  stopSyncEngine();
  setDeviceDbForTests(null);
  await db.delete();
  vi.unstubAllGlobals();
});

async function synced(at: Date = new Date()) {
  await db.meta.bulkPut([
    { key: META.cookie('signage'), value: 'c1' },
    { key: META.lastSynced, value: at.toISOString() },
  ]);
}

const renderAt = (path = '/signage/ring-assignments') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SettingsProvider>
        <SignagePage />
      </SettingsProvider>
    </MemoryRouter>,
  );

describe('signage screen', () => {
  it('shows each open ring with its current division and the next three, only the first with its event types', async () => {
    await db.entity('rings').bulkPut([makeRing(1), makeRing(2), makeRing(3, { isOpen: false })]);
    await db.entity('divisions').bulkPut([
      makeDivision(10, { status: 'completed', queueOrder: 1, title: 'Done already' }),
      makeDivision(11, {
        status: 'current',
        queueOrder: 2,
        title: 'Girls 10-11',
        eventTypes: ['Forms', 'Weapons'],
      }),
      makeDivision(12, { queueOrder: 3, title: 'Boys 8-9', eventTypes: ['Sparring', 'Forms'] }),
      makeDivision(13, { queueOrder: 4, title: 'Girls 12-13', eventTypes: ['Weapons'] }),
      makeDivision(14, { queueOrder: 5, title: 'Mixed 14-15' }),
      makeDivision(15, { queueOrder: 6, title: 'Fourth in line' }),
      makeDivision(30, { ringId: 3, title: 'On a closed ring' }),
    ]);
    await synced();
    renderAt();

    const ring1 = await screen.findByRole('region', { name: 'Ring 1' });
    const now = within(ring1).getByTestId('signage-current');
    expect(now).toHaveTextContent('Happening Now');
    expect(now).toHaveTextContent('Girls 10-11');
    expect(
      within(now)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Forms', 'Weapons']);

    const upcoming = within(ring1).getAllByTestId('signage-upcoming');
    expect(upcoming.map((u) => within(u).getAllByRole('paragraph')[0]?.textContent)).toEqual([
      'Boys 8-9',
      'Girls 12-13',
      'Mixed 14-15',
    ]);
    expect(
      within(upcoming[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sparring', 'Forms']);
    expect(within(upcoming[1]!).queryByRole('list')).not.toBeInTheDocument();
    // Each upcoming division's estimated start, from the ring's queue.
    for (const u of upcoming)
      expect(within(u).getByText(/^about \d{1,2}:\d{2} [ap]\.m\.$/)).toBeInTheDocument();
    expect(ring1).not.toHaveTextContent('Done already');

    const ring2 = screen.getByRole('region', { name: 'Ring 2' });
    expect(ring2).toHaveTextContent(tm(SIGNAGE_TEXTS.noUpcoming));
    expect(screen.queryByRole('region', { name: 'Ring 3' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('signage-stale')).not.toBeInTheDocument();
  });

  it('?rings= shows only those rings', async () => {
    await db.entity('rings').bulkPut([makeRing(1), makeRing(2), makeRing(3)]);
    await db.entity('divisions').bulkPut([1, 2, 3].map((ring) => makeDivision(10 + ring, { ringId: ring })));
    await synced();
    renderAt('/signage/ring-assignments?rings=3,1');
    await screen.findByRole('region', { name: 'Ring 1' });
    expect(screen.getAllByTestId('signage-ring').map((r) => r.querySelector('h2')?.textContent)).toEqual([
      'Ring 1',
      'Ring 3',
    ]);
  });

  it('says so when it has loaded and no ring exists at all', async () => {
    await synced();
    renderAt();
    expect(await screen.findByText(tm(SIGNAGE_TEXTS.noRings))).toBeInTheDocument();
  });

  const withTournament = (over: Partial<Tournament> = {}) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/tournaments') return Response.json([makeTournament(over)]);
        if (url === '/api/settings') return Response.json(makeSettings({ siteName: 'Elliot Lake Open' }));
        throw new TypeError('Failed to fetch');
      }),
    );

  it('with every ring closed (before the day, between sessions) shows the tournament, its date and what comes next', async () => {
    withTournament();
    await db.entity('rings').bulkPut([makeRing(1, { isOpen: false }), makeRing(2, { isOpen: false })]);
    await db.entity('divisions').put(makeDivision(10));
    await synced();
    renderAt();
    const between = await screen.findByTestId('signage-between');
    await within(between).findByText('Elliot Lake Open');
    expect(between).toHaveTextContent('Saturday, June 13, 2099');
    expect(between).toHaveTextContent('Next: In-person registration, 8:30AM to 10AM');
    expect(screen.queryByText(tm(SIGNAGE_TEXTS.noRings))).not.toBeInTheDocument();
  });

  it('with open rings but nothing running or queued on them (over lunch) shows the tournament and what comes next, not empty cards', async () => {
    withTournament();
    await db.entity('rings').bulkPut([makeRing(1), makeRing(2)]);
    await db.entity('divisions').put(makeDivision(10, { status: 'completed' }));
    await synced();
    renderAt();
    const between = await screen.findByTestId('signage-between');
    await within(between).findByText('Elliot Lake Open');
    expect(between).toHaveTextContent('Saturday, June 13, 2099');
    expect(between).toHaveTextContent('Next: In-person registration, 8:30AM to 10AM');
    expect(screen.queryByTestId('signage-ring')).not.toBeInTheDocument();
    expect(screen.queryByText(tm(SIGNAGE_TEXTS.noRings))).not.toBeInTheDocument();
  });

  it('a one-ring TV whose ring has nothing left shows the tournament, while the other rings run', async () => {
    withTournament();
    await db.entity('rings').bulkPut([makeRing(1), makeRing(2)]);
    await db
      .entity('divisions')
      .bulkPut([
        makeDivision(10, { status: 'completed' }),
        makeDivision(20, { ringId: 2, status: 'current', title: 'Girls 10-11' }),
      ]);
    await synced();
    renderAt('/signage/ring-assignments?rings=1');
    const between = await screen.findByTestId('signage-between');
    await within(between).findByText('Elliot Lake Open');
    expect(between).not.toHaveTextContent('That’s all for today');
    expect(screen.queryByTestId('signage-ring')).not.toBeInTheDocument();
  });

  it('once every division has completed and nothing is left on the schedule, says the day is over and where the results are', async () => {
    withTournament({ schedule: [] });
    await db.entity('rings').bulkPut([makeRing(1), makeRing(2)]);
    await db
      .entity('divisions')
      .bulkPut([
        makeDivision(10, { status: 'completed' }),
        makeDivision(20, { ringId: 2, status: 'completed' }),
      ]);
    await synced();
    renderAt();
    const between = await screen.findByTestId('signage-between');
    await within(between).findByText('Results: https://nomac.example/results');
    expect(between).toHaveTextContent('That’s all for today. Thank you for coming!');
    expect(between).toHaveTextContent('Saturday, June 13, 2099');
  });

  it('keeps a ring closed in the middle of a division, marked Paused, beside the open ones', async () => {
    await db.entity('rings').bulkPut([makeRing(1, { isOpen: false }), makeRing(2)]);
    await db.entity('divisions').put(makeDivision(10, { status: 'current', title: 'Girls 10-11' }));
    await synced();
    renderAt();
    const ring1 = await screen.findByRole('region', { name: 'Ring 1' });
    expect(within(ring1).getByTestId('signage-paused')).toHaveTextContent('Paused');
    expect(within(ring1).getByTestId('signage-current')).toHaveTextContent('Girls 10-11');
    expect(within(screen.getByRole('region', { name: 'Ring 2' })).queryByTestId('signage-paused')).toBeNull();
    // Two rings, two columns.
    expect(screen.getByTestId('signage-grid').style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
  });

  it('keeps showing the last known state through an outage, marked with when it was last updated', async () => {
    await db.entity('rings').put(makeRing(1));
    await db.entity('divisions').put(makeDivision(10));
    await synced(new Date(Date.now() - 5 * 60_000));
    renderAt();
    await screen.findByRole('region', { name: 'Ring 1' });
    expect(await screen.findByTestId('signage-stale')).toHaveTextContent(/^Last updated /);
    // Offline is not a danger alert.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the venue’s time once over a TV of several rings, and keeps it ticking', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T15:42:00Z') });
    await db.entity('rings').bulkPut([makeRing(1), makeRing(2), makeRing(3)]);
    await db.entity('divisions').bulkPut([1, 2, 3].map((ring) => makeDivision(10 + ring, { ringId: ring })));
    await synced();
    renderAt();
    await screen.findByRole('region', { name: 'Ring 3' });
    expect(screen.getAllByTestId('signage-ring')).toHaveLength(3);
    const clock = screen.getByTestId('signage-clock');
    expect(clock).toHaveTextContent(/^10:42 a\.m\. EST$/);
    // Not part of any ring's card: one clock for the whole board.
    expect(clock.closest('[data-testid="signage-ring"]')).toBeNull();
    vi.setSystemTime(new Date('2026-11-28T15:43:00Z'));
    await vi.waitFor(
      () => expect(screen.getByTestId('signage-clock')).toHaveTextContent(/^10:43 a\.m\. EST$/),
      {
        timeout: 3000,
      },
    );
  });

  it('once cut off past the stale mark, its estimated starts stop moving with the clock', async () => {
    const heard = new Date('2026-11-28T15:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(heard.getTime() + 10_000) });
    // Nothing runs on Ring 1: its next division is estimated to start now.
    await db.entity('rings').put(makeRing(1));
    await db.entity('divisions').put(makeDivision(12, { title: 'Boys 8-9' }));
    await synced(heard);
    renderAt();
    const upcoming = await screen.findByTestId('signage-upcoming');
    expect(upcoming).toHaveTextContent('about 10:00 a.m.');

    // Ten minutes without the server: "Last updated", and the estimate is still the one it had,
    // not "about 10:10" as if the ring were running to plan.
    vi.setSystemTime(new Date(heard.getTime() + 10 * 60_000));
    expect(await screen.findByTestId('signage-stale', {}, { timeout: 3000 })).toHaveTextContent(
      /^Last updated 10:00/,
    );
    expect(screen.getByTestId('signage-upcoming')).toHaveTextContent('about 10:00 a.m.');
    expect(screen.getByTestId('signage-clock')).toHaveTextContent(/^10:10 a\.m\. EST$/);
  });

  it('with nothing kept and no server, shows the error as a notice instead of loading forever', async () => {
    renderAt();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  describe('?tournamentId=', () => {
    const answers = (signage: unknown) =>
      vi.fn(async (url: string) => {
        if (url === '/api/tournaments')
          return Response.json([
            makeTournament({ id: 1, tournamentDate: '2098-06-13' }),
            makeTournament({ id: 2, tournamentDate: '2099-06-13' }),
          ]);
        if (url === '/api/signage/ring-assignments/2') return Response.json(signage);
        return Promise.reject(new TypeError('Failed to fetch'));
      });

    it("another tournament's rings come from the public API", async () => {
      const fetch = answers([
        {
          ringId: 5,
          name: 'Mat A',
          isOpen: true,
          current: {
            ringAssignmentId: 9,
            title: 'Boys 8-9',
            eventTypes: ['Forms'],
            order: 1,
            isCompleted: false,
          },
          upcoming: [
            { ringAssignmentId: 10, title: 'Girls 8-9', eventTypes: ['Forms'], order: 2, isCompleted: false },
          ],
        },
        { ringId: 6, name: 'Mat B', isOpen: false, current: null, upcoming: [] },
      ]);
      vi.stubGlobal('fetch', fetch);
      renderAt('/signage/ring-assignments?tournamentId=2');
      const mat = await screen.findByRole('region', { name: 'Mat A' });
      expect(within(mat).getByTestId('signage-current')).toHaveTextContent('Boys 8-9');
      expect(within(mat).getByTestId('signage-upcoming')).toHaveTextContent('Girls 8-9');
      expect(screen.queryByRole('region', { name: 'Mat B' })).not.toBeInTheDocument();
    });

    it("the next tournament's id reads the device's rings", async () => {
      vi.stubGlobal('fetch', answers([]));
      await db.entity('rings').put(makeRing(1, { name: 'Device ring' }));
      await db.entity('divisions').put(makeDivision(10));
      await synced();
      renderAt('/signage/ring-assignments?tournamentId=1');
      expect(await screen.findByRole('region', { name: 'Device ring' })).toBeInTheDocument();
    });
  });

  describe('languages', () => {
    it('?lang=fr: the screen speaks French (the boot loaded its catalog)', async () => {
      setCatalog('fr', fr);
      await db.entity('rings').put(makeRing(1));
      await db.entity('divisions').put(makeDivision(10));
      await synced();
      renderAt('/signage/ring-assignments?lang=fr');
      const ring = await screen.findByRole('region', { name: 'Ring 1' });
      expect(within(ring).getByTestId('signage-current')).toHaveTextContent('En cours');
      expect(ring).toHaveTextContent('À venir');
    });

    it('?lang=en,fr: a bilingual TV alternates between the two every 11 seconds', async () => {
      // The catalogs' chunks, loaded once here so that the screen's loading of them is quick.
      await Promise.all([loadCatalog('en'), loadCatalog('fr')]);
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      await db.entity('rings').put(makeRing(1));
      await db.entity('divisions').put(makeDivision(11, { status: 'current', title: 'Girls 10-11' }));
      await synced();
      const view = renderAt('/signage/ring-assignments?lang=en,fr');
      const current = () => screen.getByTestId('signage-current');
      await vi.waitFor(() => expect(current()).toHaveTextContent('Happening Now'));
      // The turn starts once both catalogs are there: 11 s later, French.
      await vi.waitFor(() => {
        act(() => vi.advanceTimersByTime(11_000));
        expect(current()).toHaveTextContent('En cours');
      });
      expect(current()).toHaveTextContent('Girls 10-11');
      expect(currentLocale()).toBe('fr');
      expect(document.documentElement.lang).toBe('fr-CA');
      act(() => vi.advanceTimersByTime(10_000));
      expect(current()).toHaveTextContent('En cours');
      act(() => vi.advanceTimersByTime(1_000));
      expect(current()).toHaveTextContent('Happening Now');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ring Assignments');
      act(() => vi.advanceTimersByTime(11_000));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Affectation des aires');
      // Leaving the screen gives the page its own language back.
      view.unmount();
      expect(currentLocale()).toBe('en');
    });

    it('one language asked: no turns', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      await db.entity('rings').put(makeRing(1));
      await db.entity('divisions').put(makeDivision(10));
      await synced();
      renderAt('/signage/ring-assignments?lang=en');
      await vi.waitFor(() =>
        expect(screen.getByTestId('signage-current')).toHaveTextContent('Happening Now'),
      );
      act(() => vi.advanceTimersByTime(33_000));
      expect(screen.getByTestId('signage-current')).toHaveTextContent('Happening Now');
      expect(currentLocale()).toBe('en');
    });
  });
});
