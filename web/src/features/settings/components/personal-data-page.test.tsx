import { render, screen, within } from '@testing-library/react';
import type { RetentionPreview } from '@shared/contract/privacy.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { PersonalDataPage } from './personal-data-page.tsx';

// The SuperAdmin's preview of the purges (decision 046) against a fake /api: when each is due,
// what it would erase, a finished one, and the idle accounts.
let answer: RetentionPreview;

beforeEach(() => {
  invalidateQueries('');
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 200 }));
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
    };
    render(
      <StaticSettingsProvider settings={makeSettings()}>
        <PageAlertProvider>
          <MemoryRouter>
            <PersonalDataPage />
          </MemoryRouter>
        </PageAlertProvider>
      </StaticSettingsProvider>,
    );
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
  });
});
