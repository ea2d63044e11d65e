import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncCompetitor } from '@shared/contract/sync.ts';
import { syncCompetitor, syncRegistration } from '@shared/testing/sync-rows.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { committedOutbox } from '@web/testing/outbox.ts';
import { CheckInPage } from './check-in-page.tsx';

vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const registration = syncRegistration({ competitorCount: 2, cost: 0 });
const comp = (id: number, firstName: string, over: Partial<SyncCompetitor> = {}) =>
  syncCompetitor({ id, firstName, ...over });

let db: DeviceDb;
let n = 0;
beforeEach(async () => {
  db = new DeviceDb(`check-in-page-${++n}`);
  setDeviceDbForTests(db);
  // No server here: every sync round fails as if offline, and the screen works from the store.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  setSession({ user: { personId: 7, roles: ['CheckInAdmin'], userDisplayName: 'Dana Door' }, token: 't' });
  await db.entity('registrations').put(registration);
  await db.entity('competitors').bulkPut([
    comp(10, 'Maya', { photosAllowed: false }),
    comp(11, 'Ben', {
      photosAllowed: true,
      checkedInAt: '2026-11-21T13:00:00.000Z',
      checkedInBy: 8,
      checkedInByName: 'Eli Entry',
    }),
  ]);
  await db.meta.put({ key: META.cookie('checkin'), value: 'c1' });
});
afterEach(async () => {
  setDeviceDbForTests(null);
  await db.delete();
});

describe('check-in screen', () => {
  it('shows the family, its balance owing and who checked a competitor in', async () => {
    render(<CheckInPage />, { wrapper: MemoryRouter });
    const family = await screen.findByRole('heading', { name: 'Lee, Pat' });
    expect(family).toBeInTheDocument();
    expect(screen.getByTestId('balance-owing')).toHaveTextContent('Balance owing');
    expect(screen.getByRole('link', { name: 'Take payment' })).toHaveAttribute(
      'href',
      '/admin/payments?registration=1',
    );
    expect(screen.getByText(/Checked in by Eli Entry/)).toBeInTheDocument();
    expect(screen.getByText(/Confirmation ABCD2345/)).toBeInTheDocument();
  });

  it('counts the competitors the dashboard counts: an unfinished registration is listed, not counted', async () => {
    await db
      .entity('registrations')
      .put(syncRegistration({ id: 2, familyName: 'Park', isCompleted: false, confirmationCodes: [] }));
    await db.entity('competitors').put(comp(20, 'Ari', { registrationId: 2, lastName: 'Park' }));
    render(<CheckInPage />, { wrapper: MemoryRouter });
    await screen.findByRole('heading', { name: 'Park, Pat' });
    expect(screen.getByTestId('check-in-totals')).toHaveTextContent('1 of 2 competitors checked in');
  });

  it('marks "No photos" beside a competitor whose family did not allow photos, for the photographer', async () => {
    render(<CheckInPage />, { wrapper: MemoryRouter });
    await screen.findByRole('heading', { name: 'Lee, Pat' });
    const rows = screen.getAllByTestId('check-in-competitor');
    const maya = rows.find((r) => r.textContent?.includes('Maya'))!;
    const ben = rows.find((r) => r.textContent?.includes('Ben'))!;
    expect(within(maya).getByText('No photos')).toBeInTheDocument();
    expect(within(ben).queryByText('No photos')).not.toBeInTheDocument();
  });

  it('a tap queues one mutation and shows the check-in at once as not yet sent; undo queues another', async () => {
    const user = userEvent.setup();
    await db.entity('registrations').put({ ...registration, balanceOwing: 0, amountPaid: registration.cost });
    render(<CheckInPage />, { wrapper: MemoryRouter });
    await user.click(await screen.findByRole('button', { name: 'Check in Maya Lee' }));
    const row = (await screen.findByText(/Checked in by Dana Door/)).closest('li')!;
    expect(within(row).getByText('Not yet sent')).toBeInTheDocument();
    expect((await committedOutbox()).map((m) => [m.id, m.name])).toEqual([[1, 'checkInCompetitor@1']]);
    expect((await db.entity('competitors').get(10))?.checkedInAt).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Undo check-in of Maya Lee' }));
    await screen.findByRole('button', { name: 'Check in Maya Lee' });
    expect((await committedOutbox()).map((m) => m.name)).toEqual(['checkInCompetitor@1', 'undoCheckIn@1']);
  });

  it('checking in a family that owes money asks first: check in without payment queues the check-in alone', async () => {
    const user = userEvent.setup();
    render(<CheckInPage />, { wrapper: MemoryRouter });
    await user.click(await screen.findByRole('button', { name: 'Check in Maya Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lee, Pat owes $40' });
    expect(await committedOutbox()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Check in without payment' }));
    await screen.findByRole('button', { name: 'Undo check-in of Maya Lee' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await committedOutbox()).map((m) => m.name)).toEqual(['checkInCompetitor@1']);
    // Focus lands on what replaced the button that was tapped.
    expect(screen.getByRole('button', { name: 'Undo check-in of Maya Lee' })).toHaveFocus();
  });

  it('asks once per family: after check in without payment, its other competitors check in with one tap', async () => {
    const user = userEvent.setup();
    await db.entity('competitors').put(comp(12, 'Zoe'));
    render(<CheckInPage />, { wrapper: MemoryRouter });
    await user.click(await screen.findByRole('button', { name: 'Check in Maya Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lee, Pat owes $40' });
    await user.click(within(dialog).getByRole('button', { name: 'Check in without payment' }));
    await screen.findByRole('button', { name: 'Undo check-in of Maya Lee' });
    await user.click(screen.getByRole('button', { name: 'Check in Zoe Lee' }));
    await screen.findByRole('button', { name: 'Undo check-in of Zoe Lee' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await committedOutbox()).map((m) => m.name)).toEqual([
      'checkInCompetitor@1',
      'checkInCompetitor@1',
    ]);
  });

  it('or takes the payment first (the balance prefilled, change due shown) and then checks in', async () => {
    const user = userEvent.setup();
    render(<CheckInPage />, { wrapper: MemoryRouter });
    await user.click(await screen.findByRole('button', { name: 'Check in Maya Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lee, Pat owes $40' });
    expect(within(dialog).getByLabelText(/^Amount \(\$\)/)).toHaveValue('40');
    await user.type(within(dialog).getByLabelText(/^Amount tendered/), '50');
    expect(within(dialog).getByTestId('change-due')).toHaveTextContent('Change due $10');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment and check in' }));
    await screen.findByRole('button', { name: 'Undo check-in of Maya Lee' });
    expect(screen.getByTestId('owing-paid')).toHaveTextContent(
      'Cash payment of $40 recorded. Change due $10.',
    );
    expect((await committedOutbox()).map((m) => [m.name, (m.args as { amount?: number }).amount])).toEqual([
      ['recordDoorPayment@1', 40],
      ['checkInCompetitor@1', undefined],
    ]);
    expect(screen.getByText('Paid')).toBeInTheDocument();
  });

  it('does not take more than the balance owing from the check-in dialog', async () => {
    const user = userEvent.setup();
    render(<CheckInPage />, { wrapper: MemoryRouter });
    await user.click(await screen.findByRole('button', { name: 'Check in Maya Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lee, Pat owes $40' });
    const amount = within(dialog).getByLabelText(/^Amount \(\$\)/);
    await user.click(amount);
    // The prefilled amount is selected: typing replaces it.
    await user.keyboard('400');
    expect(amount).toHaveValue('400');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment and check in' }));
    expect(within(dialog).getByText(/more than the balance owing \(\$40\)/)).toBeInTheDocument();
    expect(await committedOutbox()).toEqual([]);
  });

  it('finds a family by confirmation code and hides the others', async () => {
    const user = userEvent.setup();
    await db.entity('registrations').put({
      ...registration,
      id: 2,
      familyName: 'Nowak',
      confirmationCodes: ['WXYZ7890'],
    });
    render(<CheckInPage />, { wrapper: MemoryRouter });
    await screen.findByRole('heading', { name: 'Nowak, Pat' });
    await user.type(screen.getByLabelText('Search by name or confirmation code'), 'wxyz');
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Lee, Pat' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Nowak, Pat' })).toBeInTheDocument();
  });

  it('a walk-in not yet sent shows without buttons that would act on ids the server does not know', async () => {
    await db.entity('registrations').put({
      ...registration,
      id: -1,
      familyName: 'Door',
      ownerFirstName: 'Walk',
      isWalkIn: true,
      confirmationCodes: [],
    });
    await db
      .entity('competitors')
      .put(
        comp(-2, 'Sam', { registrationId: -1, lastName: 'Door', checkedInAt: '2026-11-21T13:05:00.000Z' }),
      );
    render(<CheckInPage />, { wrapper: MemoryRouter });
    const heading = await screen.findByRole('heading', { name: 'Door, Walk' });
    const card = heading.closest<HTMLElement>('[data-testid="check-in-family"]')!;
    expect(within(card).getByText('Walk-in not yet sent')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Take payment' })).not.toBeInTheDocument();
    // The family next to it still has its buttons.
    expect(screen.getByRole('button', { name: 'Check in Maya Lee' })).toBeInTheDocument();
  });

  it('speaks French when the French catalog is loaded', async () => {
    setCatalog('fr', fr);
    try {
      render(<CheckInPage />, { wrapper: MemoryRouter });
      expect(await screen.findByRole('heading', { name: 'Arrivées', level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirmer l’arrivée de Maya Lee' })).toBeInTheDocument();
      expect(screen.getByText(/Arrivée confirmée par Eli Entry à/)).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });
});
