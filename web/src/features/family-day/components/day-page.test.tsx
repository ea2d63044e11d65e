import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompetitorScheduleEntry } from '@shared/contract/matchday.ts';
import type { SyncDivision, SyncRing } from '@shared/contract/sync-entities.ts';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { syncDivision, syncRing } from '@shared/testing/matchday-rows.ts';
import { makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { stopSyncEngine, syncEngine } from '@web/sync/engine.ts';
import { DayPage } from './day-page.tsx';

// The family's day page (decision 051) as a parent reads it: each child's division with its ring
// and live status, from the family's schedule and the rings the device holds.
vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const makeRing = (id: number, over: Partial<SyncRing> = {}) =>
  syncRing({ id, name: `Ring ${id}`, sortOrder: id, ...over });

const makeDivision = (id: number, over: Partial<SyncDivision> = {}) =>
  syncDivision({ id, title: `Division ${id}`, rules: [], ringId: 1, queueOrder: id, ...over });

const entry = (divisionId: number, title: string): CompetitorScheduleEntry => ({
  competitorId: 1,
  firstName: 'Ava',
  divisionId,
  title,
  eventTypes: ['Forms'],
  ringName: 'Ring 1',
  status: 'upcoming',
  estimatedStart: null,
  placings: [],
  publicName: 'Ava L.',
});

let db: DeviceDb;
let n = 0;
let schedule: CompetitorScheduleEntry[] = [];
beforeEach(async () => {
  invalidateQueries('');
  db = new DeviceDb(`day-page-${++n}`);
  setDeviceDbForTests(db);
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/tournaments') return Response.json([makeTournament({ id: 1 })]);
    if (url.startsWith('/api/registration/schedule/')) return Response.json(schedule);
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  // The device has pulled the rings the TVs show.
  await db.meta.bulkPut([
    { key: META.cookie('signage'), value: 'c1' },
    { key: META.lastSynced, value: new Date().toISOString() },
  ]);
});
afterEach(async () => {
  stopSyncEngine();
  setDeviceDbForTests(null);
  await db.delete();
  vi.unstubAllGlobals();
});

const renderDay = () =>
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <MemoryRouter>
        <DayPage />
      </MemoryRouter>
    </StaticSettingsProvider>,
  );

/** The line of a division on the page, once it shows. */
const lineOf = async (title: string) =>
  (await screen.findByText(`Forms, ${title}`)).closest('li') as HTMLElement;

describe("the family's day page", () => {
  it('says where a division went when it moves to another ring while the page is open', async () => {
    schedule = [entry(10, 'Girls 10-11')];
    await db.entity('rings').bulkPut([makeRing(1), makeRing(2)]);
    await db.entity('divisions').put(makeDivision(10, { title: 'Girls 10-11' }));
    renderDay();
    const line = await lineOf('Girls 10-11');
    expect(line).toHaveTextContent('Ring 1');
    expect(within(line).queryByRole('status')).not.toBeInTheDocument();

    // The director moves it to Ring 2: the device's next pull stores it, and the page follows
    // without a reload.
    await db.entity('divisions').put(makeDivision(10, { title: 'Girls 10-11', ringId: 2 }));
    await act(() => syncEngine().replica.reload());
    expect(await within(line).findByRole('status')).toHaveTextContent('Moved from Ring 1 to Ring 2');
  });

  it('says the new ring is to be announced when its ring closes before it runs', async () => {
    schedule = [entry(10, 'Girls 10-11')];
    await db.entity('rings').put(makeRing(1, { isOpen: false }));
    await db.entity('divisions').put(makeDivision(10, { title: 'Girls 10-11' }));
    renderDay();
    const line = await lineOf('Girls 10-11');
    await within(line).findByText('Ring 1 has closed: the new ring is to be announced');
    expect(within(line).getByTestId('day-status')).toHaveTextContent('To be announced');
  });

  it('says "Paused", as the TV does, while its ring is closed in the middle of it', async () => {
    schedule = [entry(10, 'Girls 10-11'), entry(11, 'Girls 12-13')];
    await db.entity('rings').bulkPut([makeRing(1, { isOpen: false }), makeRing(2)]);
    await db.entity('divisions').bulkPut([
      makeDivision(10, { title: 'Girls 10-11', status: 'current', startedAt: new Date().toISOString() }),
      makeDivision(11, {
        title: 'Girls 12-13',
        ringId: 2,
        status: 'current',
        startedAt: new Date().toISOString(),
      }),
    ]);
    renderDay();
    const paused = await lineOf('Girls 10-11');
    await within(paused).findByText('Ring 1 has paused: the division carries on when it reopens');
    expect(within(paused).getByTestId('day-status')).toHaveTextContent('Paused');
    // Its neighbour on an open ring is running as usual.
    const running = await lineOf('Girls 12-13');
    expect(within(running).getByTestId('day-status')).toHaveTextContent('Happening now');
    expect(running).toHaveTextContent('On Ring 2 now');
  });
});
