import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RetentionPreview } from '@shared/contract/privacy.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { PersonalDataPage } from './personal-data-page.tsx';

// The SuperAdmin's preview of the purges (decision 046) against a fake /api: when each is due,
// what it would erase, a finished one, the old payment records and the idle accounts; and the
// two periods, saved from the page (the preview follows them) or refused when out of bounds.
let answer: RetentionPreview;
const saved: unknown[] = [];

beforeEach(() => {
  invalidateQueries('');
  saved.length = 0;
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { retentionMonths: number; deviceKeepDays: number };
      saved.push(body);
      // The server's preview after the change: the purge moves with the months.
      answer = {
        ...answer,
        ...body,
        tournaments: answer.tournaments.map((r) => ({ ...r, dueOn: '2028-05-28' })),
      };
      return new Response(JSON.stringify(body), { status: 200 });
    }
    return new Response(JSON.stringify(answer), { status: 200 });
  });
});
afterEach(() => vi.restoreAllMocks());

const none = {
  birthDates: 0,
  weights: 0,
  emergencyContacts: 0,
  files: 0,
  messageBodies: 0,
  messageTexts: 0,
  contactPhones: 0,
  accountPhones: 0,
};

describe('the personal data page', () => {
  it('shows when each purge is due and what it would erase now, and the idle accounts', async () => {
    answer = {
      retentionMonths: 12,
      deviceKeepDays: 7,
      tournaments: [
        {
          tournamentId: 1,
          tournamentDate: '2025-11-29',
          city: 'Elliot Lake',
          dueOn: '2026-11-29',
          purgedAt: '2026-11-30T08:30:00.000Z',
          counts: none,
        },
        {
          tournamentId: 2,
          tournamentDate: '2026-11-28',
          city: 'Elliot Lake',
          dueOn: '2027-11-28',
          purgedAt: null,
          counts: { ...none, birthDates: 212, files: 3 },
        },
      ],
      inactive: { toNotice: 4, toErase: 1 },
      payments: { keptFrom: '2020-11-22', payments: 5, receipts: 6 },
    };
    renderPage();
    const rows = await screen.findAllByTestId('purge-row');
    expect(within(rows[0]!).getByText(/^Done /)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Nothing')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/November 28, 2027/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Birth dates (year kept): 212')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Uploaded files: 3')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/Weights/)).toBeNull();
    expect(screen.getByTestId('inactive-accounts')).toHaveTextContent(
      'Accounts nobody signed in to for 3 years: 4 to be e-mailed tonight; 1 e-mailed 30 days ago or more, to be deleted tonight.',
    );
    expect(screen.getByTestId('old-payments')).toHaveTextContent(
      'Payment records are kept 6 years: 5 payments dated before Sunday, November 22, 2020, and 6 receipts, to be deleted tonight.',
    );
  });

  it('saves the two periods, and the preview follows them', async () => {
    answer = preview();
    renderPage();
    const months = await screen.findByLabelText(/Months after a tournament before its purge/);
    expect(months).toHaveValue('12');
    await userEvent.clear(months);
    await userEvent.type(months, '18');
    const days = screen.getByLabelText(/Days venue devices keep/);
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save the periods' }));
    await waitFor(() => expect(saved).toEqual([{ retentionMonths: 18, deviceKeepDays: 30 }]));
    expect(
      await screen.findByText(/kept 18 months after a tournament, and venue devices drop it 30 days after/),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('purge-row')).getByText(/May 28, 2028/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Months after a tournament before its purge/)).toHaveValue('18');
  });

  it('refuses a period out of bounds beside its field, and sends nothing', async () => {
    answer = preview();
    renderPage();
    const months = await screen.findByLabelText(/Months after a tournament before its purge/);
    await userEvent.clear(months);
    await userEvent.type(months, '0');
    const days = screen.getByLabelText(/Days venue devices keep/);
    await userEvent.clear(days);
    await userEvent.type(days, '91');
    await userEvent.click(screen.getByRole('button', { name: 'Save the periods' }));
    expect(await screen.findByText('Please enter a whole number from 1 to 120')).toBeInTheDocument();
    expect(screen.getByText('Please enter a whole number from 1 to 90')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

function renderPage() {
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <PageAlertProvider>
        <MemoryRouter>
          <PersonalDataPage />
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
}

function preview(): RetentionPreview {
  return {
    retentionMonths: 12,
    deviceKeepDays: 7,
    tournaments: [
      {
        tournamentId: 2,
        tournamentDate: '2026-11-28',
        city: 'Elliot Lake',
        dueOn: '2027-11-28',
        purgedAt: null,
        counts: none,
      },
    ],
    inactive: { toNotice: 0, toErase: 0 },
    payments: { keptFrom: '2020-11-22', payments: 0, receipts: 0 },
  };
}
