import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MUTATION_ERRORS, registerWalkIn } from '@shared/domain/mutators/index.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog, tm } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { DeviceDb, META, setDeviceDbForTests } from '@web/sync/db.ts';
import { committedOutbox } from '@web/testing/outbox.ts';
import type { WalkInOptions } from './walk-in-form.ts';
import { WalkInPage } from './walk-in-page.tsx';

vi.mock('@web/lib/page-meta.ts', () => ({ usePageMeta: () => undefined }));

const cached: WalkInOptions = {
  tournament: {
    id: 3,
    tournamentDate: '2026-11-22',
    competitorOnlineCost: 45,
    competitorDoorCost: 60,
    spectatorCost: 10,
    lunchCost: 12,
  },
  options: {
    events: [{ id: 1, name: 'Forms', eventTypeId: 1, eventTypeTitle: 'Forms', requiresWeight: false }],
    competitorLevels: [{ id: 4, name: 'Beginner' }],
  },
  fetchedAt: '2026-11-22T08:00:00.000Z',
};

let db: DeviceDb;
let n = 0;
beforeEach(async () => {
  db = new DeviceDb(`walk-in-page-${++n}`);
  setDeviceDbForTests(db);
  // No network at all: the page works from what the device cached.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  setSession({ user: { personId: 7, roles: ['CheckInAdmin'], userDisplayName: 'Dana Door' }, token: 't' });
  await db.meta.put({ key: META.cookie('checkin'), value: 'c1' });
});
afterEach(async () => {
  setDeviceDbForTests(null);
  await db.delete();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <WalkInPage />
    </MemoryRouter>,
  );

describe('walk-in page', () => {
  it('says to connect once when the device never loaded the levels, events and prices', async () => {
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Connect to the network once to load them.');
    expect(screen.queryByRole('button', { name: 'Register walk-in' })).not.toBeInTheDocument();
  });

  it('offline from the cache: one form queues ONE walk-in, shown registered, paid and checked in', async () => {
    await db.meta.put({ key: META.walkInOptions, value: cached });
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByRole('button', { name: 'Register walk-in' });
    const field = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`)!;
    await user.type(field('wi-contact-firstName'), 'Sam');
    await user.type(field('wi-contact-lastName'), 'Walker');
    await user.type(field('wi-c0-firstName'), 'Ana');
    await user.type(field('wi-c0-lastName'), 'Walker');
    await user.type(field('wi-c0-dateOfBirth'), '2015-03-02');
    await user.selectOptions(field('wi-c0-gender'), 'Female');
    await user.selectOptions(field('wi-c0-competitorLevelId'), 'Beginner');
    const card = screen.getByTestId('walk-in-competitor');
    await user.click(within(card).getByLabelText('Forms'));
    await user.type(field('wi-c0-emergencyContactName'), 'Sam Walker');
    await user.type(field('wi-c0-emergencyContactPhone'), '7055550123');
    await user.type(field('wi-c0-emergencyContactRelationship'), 'Parent');
    await user.click(within(card).getByLabelText(/A parent or guardian consents/));
    expect(screen.getByTestId('walk-in-total')).toHaveTextContent('Total at the door: $60');
    expect(field('wi-payment-amount')).toHaveValue('60');
    await user.type(field('wi-payment-tendered'), '80');
    expect(screen.getByTestId('change-due')).toHaveTextContent('Change due $20');

    await user.dblClick(screen.getByRole('button', { name: 'Register walk-in' }));
    const done = await screen.findByTestId('walk-in-done');
    expect(within(done).getByRole('heading')).toHaveTextContent('Walk-in registered: Walker, Sam');
    expect(done).toHaveTextContent('Not yet sent');
    expect(within(done).getByTestId('balance')).toHaveTextContent('Paid in full');
    expect(within(done).getByTestId('walk-in-competitor-status')).toHaveTextContent(
      /Ana Walker Checked in at/,
    );
    const queued = await committedOutbox();
    expect(queued.map((m) => m.name)).toEqual(['registerWalkIn@1']);
    expect(queued[0]?.args).toMatchObject({
      contact: { firstName: 'Sam', lastName: 'Walker' },
      spectators: 0,
      checkIn: true,
      quotedTotal: 60,
      payment: { method: 'cash', amount: 60, tendered: 80 },
    });
  });

  it('a walk-in the server refused for its data is shown refused, with the reason, as a danger alert', async () => {
    await db.meta.put({ key: META.walkInOptions, value: cached });
    await db.rejections.put({
      mutationId: 4,
      name: registerWalkIn.name,
      code: 'invalid_args',
      message: MUTATION_ERRORS.refusedByDatabase,
      at: '2026-11-22T09:15:00.000Z',
    });
    renderPage();
    const alert = within(await screen.findByTestId('door-rejections')).getByRole('alert');
    expect(alert).toHaveTextContent(tm(registerWalkIn.refusedTitle));
    expect(alert).toHaveTextContent(tm(MUTATION_ERRORS.refusedByDatabase));
  });

  it('speaks French when the French catalog is loaded', async () => {
    await db.meta.put({ key: META.walkInOptions, value: cached });
    setCatalog('fr', fr);
    try {
      renderPage();
      expect(await screen.findByRole('button', { name: 'Inscrire sur place' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Coordonnées' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });
});
