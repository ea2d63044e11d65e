import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncDevice } from '@shared/contract/sync.ts';
import { syncDivision, syncRing } from '@shared/testing/matchday-rows.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { ControlRoomPage } from './control-room-page.tsx';

vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

// The control room's rendering of the devices on a ring (decision 048's update): one line per
// device, none hidden by a fresher one, and the warnings for a silent device and a running ring
// no tablet has reported.

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

let db: DeviceDb;
let n = 0;
beforeEach(async () => {
  db = new DeviceDb(`control-room-page-${++n}`);
  setDeviceDbForTests(db);
  // No server: every sync round fails as if offline; the page works from the device store.
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
  await db
    .entity('divisions')
    .bulkPut([
      syncDivision({ id: 10, title: 'Girls 10-11 Forms', ringId: 1, status: 'current', startedAt: ago(1) }),
      syncDivision({ id: 20, title: 'Boys 12-13 Forms', ringId: 2, status: 'current', startedAt: ago(1) }),
    ]);
  const devices: SyncDevice[] = [
    // The director's tablet opened on Ring 1, heard just now, and the official's, silent.
    { id: 1, ringId: 1, personName: 'Terry Director', lastHeardAt: ago(0), outboxDepth: 0 },
    { id: 2, ringId: 1, personName: 'Olga Official', lastHeardAt: ago(5), outboxDepth: 3 },
    // The control room itself runs no ring.
    { id: 3, ringId: null, personName: 'Terry Director', lastHeardAt: ago(0), outboxDepth: 0 },
  ];
  await db.meta.bulkPut([
    { key: META.cookie('matchday'), value: 'c1' },
    { key: META.devices, value: devices },
    { key: META.lastSynced, value: new Date().toISOString() },
  ]);
});
afterEach(async () => {
  setDeviceDbForTests(null);
  await db.delete();
});

describe('control room page', () => {
  it('shows every device on a ring, and warns of the silent one and of a running ring with none', async () => {
    render(<ControlRoomPage />, { wrapper: MemoryRouter });
    const ring1 = await screen.findByTestId('control-ring-1');
    const lines = await within(ring1).findAllByTestId('control-tablet');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Tablet \(Terry Director\) heard from at /),
      expect.stringMatching(/^Tablet \(Olga Official\) heard from at .* · 3 changes unsent$/),
    ]);
    expect(within(screen.getByTestId('control-ring-2')).getByTestId('control-tablet')).toHaveTextContent(
      'No tablet heard from',
    );
    const warnings = screen.getByTestId('control-warnings');
    expect(warnings).toHaveTextContent(
      /The tablet of Ring 1 \(Olga Official\) has not been heard from since /,
    );
    expect(warnings).toHaveTextContent('No tablet has reported for Ring 2, though it runs a division.');
    expect(warnings).not.toHaveTextContent('Terry Director');
  });

  it('raises no "no tablet" warning before the device has ever synced', async () => {
    await db.meta.bulkDelete([META.devices, META.lastSynced]);
    render(<ControlRoomPage />, { wrapper: MemoryRouter });
    await screen.findByTestId('control-ring-2');
    expect(screen.queryByText(/No tablet has reported/)).toBeNull();
  });

  it('speaks French', async () => {
    setCatalog('fr', fr);
    try {
      render(<ControlRoomPage />, { wrapper: MemoryRouter });
      const warnings = await screen.findByTestId('control-warnings');
      expect(warnings).toHaveTextContent(
        'Aucune tablette ne s’est signalée pour Ring 2, qui a pourtant une division en cours.',
      );
      expect(warnings).toHaveTextContent(
        /La tablette de Ring 1 \(Olga Official\) n’a pas donné signe de vie/,
      );
    } finally {
      setCatalog('en', en);
    }
  });
});
