import { render, screen, within } from '@testing-library/react';
import type { BackupList } from '@shared/contract/backups.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings } from '@web/testing/fixtures.ts';
import { BackupsPage } from './backups-page.tsx';

// The SuperAdmin's backups page against a fake /api: the list, its age and the stale warning.
const NOW = Date.parse('2026-11-22T12:00:00Z');
let answer: BackupList;

beforeEach(() => {
  invalidateQueries('');
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 200 }));
});
afterEach(() => {
  vi.restoreAllMocks();
  setCatalog('en', en);
});

function renderPage() {
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <PageAlertProvider>
        <MemoryRouter>
          <BackupsPage />
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
}

const backup = (createdAt: string, bytes: number) => ({
  name: `backup-${createdAt.replace(/:/g, '-').replace('.', '-')}-nightly.ndjson.gz`,
  bytes,
  createdAt,
});

describe('the backups page', () => {
  it('lists the backups with their age and size, and offers the newest to download', async () => {
    answer = {
      keep: 7,
      stale: false,
      backups: [
        backup('2026-11-22T08:30:00.000Z', 3 * 1024 * 1024),
        backup('2026-11-19T08:30:00.000Z', 2048),
      ],
    };
    renderPage();
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('3 hours')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('3.0 MB')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('3 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the latest backup' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns, in French too, when the newest backup is over 26 hours old', async () => {
    answer = { keep: 7, stale: true, backups: [backup('2026-11-21T08:00:00.000Z', 2048)] };
    setCatalog('fr', fr);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^La dernière sauvegarde date de plus de 26\s+heures\./,
    );
    expect(screen.getByText('28 heures')).toBeInTheDocument();
  });
});
