import { render, screen, within } from '@testing-library/react';
import { DOOR_MESSAGES } from '@shared/domain/door.ts';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncCompetitor, syncPayment, syncRegistration } from '@shared/testing/sync-rows.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog, tm } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { committedOutbox } from '@web/testing/outbox.ts';
import { PaymentsPage } from './payments-page.tsx';

vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const registration = syncRegistration();
const today = new Date().toISOString();
const payment = syncPayment({
  method: 'card',
  amount: 15,
  createdAt: today,
  recordedBy: 8,
  recordedByName: 'Eli Entry',
  version: 2,
});

let db: DeviceDb;
let n = 0;
function signIn(role: string) {
  setSession({ user: { personId: 7, roles: [role], userDisplayName: 'Dana Door' }, token: 't' });
}
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <PaymentsPage />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  db = new DeviceDb(`payments-page-${++n}`);
  setDeviceDbForTests(db);
  // No server: every sync round fails as if offline; the page works from the device store.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  signIn('CheckInAdmin');
  await db.entity('registrations').put(registration);
  await db.entity('competitors').put(syncCompetitor());
  await db.meta.put({ key: META.cookie('checkin'), value: 'c1' });
});
afterEach(async () => {
  setDeviceDbForTests(null);
  await db.delete();
});

describe('payments page', () => {
  it('finds the family and opens its balance from the search list', async () => {
    const user = userEvent.setup();
    renderAt('/admin/payments');
    const card = await screen.findByTestId('payments-family');
    expect(within(card).getByTestId('balance')).toHaveTextContent('Balance owing: $40');
    await user.click(within(card).getByRole('button', { name: 'Take payment from Lee, Pat' }));
    expect(await screen.findByTestId('registration-cost')).toHaveTextContent('$40');
    expect(screen.getByTestId('registration-paid')).toHaveTextContent('$0');
    expect(screen.getByTestId('balance-text')).toHaveTextContent('Balance owing: $40');
  });

  it('speaks French', async () => {
    setCatalog('fr', fr);
    try {
      renderAt('/admin/payments');
      expect(await screen.findByRole('heading', { name: 'Paiements' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Imprimer les totaux' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('takes cash with the change due, queues one payment even on a double tap, and counts it in today’s cash', async () => {
    const user = userEvent.setup();
    renderAt('/admin/payments?registration=1');
    expect(await screen.findByLabelText(/^Amount \(\$\)/)).toHaveValue('40');
    await user.type(screen.getByLabelText(/^Amount tendered/), '50');
    expect(screen.getByTestId('change-due')).toHaveTextContent('Change due $10');

    await user.dblClick(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByTestId('payment-recorded')).toHaveTextContent(
      'Cash payment of $40 recorded. Change due $10.',
    );
    const queued = await committedOutbox();
    expect(queued.map((m) => m.name)).toEqual(['recordDoorPayment@1']);
    expect(queued[0]?.args).toMatchObject({ registrationId: 1, method: 'cash', amount: 40, tendered: 50 });
    expect((queued[0]?.args as { paymentId: string }).paymentId).toMatch(/^[0-9a-f-]{36}$/);

    await screen.findByText('Paid in full', { selector: '[data-testid=balance-text]' });
    const row = screen.getByTestId('payment-row');
    expect(row).toHaveTextContent('Cash $40 (tendered $50, change $10)');
    expect(within(row).getByText('Not yet sent')).toBeInTheDocument();
    expect(screen.getByTestId('total-cash')).toHaveTextContent('Cash1$40');
    expect(screen.getByTestId('total-door')).toHaveTextContent('$40');
    // A check-in admin may not void.
    expect(screen.queryByRole('button', { name: /^Void/ })).not.toBeInTheDocument();
  });

  it('refuses a check-in admin more than the balance owing before anything is queued; a director confirms it (decision 018)', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAt('/admin/payments?registration=1');
    const amount = await screen.findByLabelText(/^Amount \(\$\)/);
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(tm(DOOR_MESSAGES.overBalance(40)))).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(await committedOutbox()).toEqual([]);
    unmount();

    signIn('TournamentDirector');
    renderAt('/admin/payments?registration=1');
    const again = await screen.findByLabelText(/^Amount \(\$\)/);
    await user.clear(again);
    await user.type(again, '100');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByTestId('payment-recorded')).toHaveTextContent('payment of $100 recorded');
    const [queued] = await committedOutbox();
    expect(queued?.args).toMatchObject({ amount: 100, overBalanceConfirmed: true });
  });

  it('a SuperAdmin voids a payment with a required reason; the total leaves it out', async () => {
    signIn('SuperAdmin');
    await db.entity('payments').put(payment);
    await db.entity('registrations').put({ ...registration, balanceOwing: 25, amountPaid: 15 });
    const user = userEvent.setup();
    renderAt('/admin/payments?registration=1');
    expect(await screen.findByTestId('total-card')).toHaveTextContent('Card terminal1$15');
    await user.click(screen.getByRole('button', { name: 'Void Card terminal $15' }));
    await user.click(screen.getByRole('button', { name: 'Void payment' }));
    expect(screen.getByText('Please give a reason for voiding this payment.')).toBeInTheDocument();
    expect(await committedOutbox()).toEqual([]);

    await user.type(screen.getByLabelText('Reason'), 'Card declined after all');
    await user.click(screen.getByRole('button', { name: 'Void payment' }));
    expect(await screen.findByTestId('payment-voided')).toHaveTextContent(
      'Voided by Dana Door: Card declined after all',
    );
    expect((await committedOutbox()).map((m) => [m.name, m.args])).toEqual([
      ['voidPayment@1', { paymentId: payment.id, reason: 'Card declined after all' }],
    ]);
    expect(screen.getByTestId('balance-text')).toHaveTextContent('Balance owing: $40');
    expect(screen.getByTestId('total-card')).toHaveTextContent('Card terminal0$0');
    expect(screen.getByTestId('end-of-day')).toHaveTextContent('Voided today, not counted: 1 ($15)');
  });

  it('shows more money taken than due as a refund due, and a payment the server refused', async () => {
    await db.entity('registrations').put({ ...registration, balanceOwing: -10, amountPaid: 50 });
    await db.rejections.put({
      mutationId: 3,
      name: 'recordDoorPayment@1',
      code: 'registration_not_found',
      message: 'This registration is not for the next tournament.',
      at: today,
    });
    renderAt('/admin/payments?registration=1');
    expect(await screen.findByTestId('balance-text')).toHaveTextContent('Refund due $10');
    const alert = await screen.findByTestId('door-rejections');
    expect(alert).toHaveTextContent('Payment not recorded');
    expect(alert).toHaveTextContent('This registration is not for the next tournament.');
  });
});
