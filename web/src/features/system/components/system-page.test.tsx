import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SystemReport } from '@shared/contract/system.ts';
import { MESSAGES } from '@shared/domain/messages.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { Providers } from '@web/app/providers.tsx';
import { routes } from '@web/app/routes.tsx';
import { setCatalog, tm } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, stubApi } from '@web/testing/fixtures.ts';

// /admin/system (decision 041): a SuperAdmin reads in words what is wrong with the server;
// anyone else reads the permission message and nothing is asked of the server.

const GB = 1024 ** 3;
/** A server in trouble: the database away, the SMTP server refusing, the queue stopped, the disk full. */
const troubled: SystemReport = {
  version: '1.4.0',
  uptimeSeconds: 90061,
  database: { kind: 'postgres', answers: false, sizeBytes: null },
  mail: { transport: 'smtp', host: 'mail.example.net:587', works: false, problem: 'EAUTH', counts: { sent: 12, failed: 3 } },
  sms: { transport: 'dev', from: null, counts: { sent: 0, failed: 0 } },
  jobs: { running: false, queues: [] },
  disk: { path: '/srv/nomac/data', freeBytes: 0.5 * GB, totalBytes: 20 * GB, low: true },
  errors: [
    { level: 'error', time: '2099-06-13T14:05:00Z', message: 'receipt mail failed', code: 'EAUTH', requestId: 'req-42' },
  ],
};

function renderAt(path: string, roles: string[]) {
  setSession({ user: { personId: 1, roles, userDisplayName: 'Sam Staff' }, token: 'tok' });
  render(
    <Providers>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </Providers>,
  );
}

let fetch: ReturnType<typeof stubApi>;
beforeEach(() => {
  invalidateQueries('');
  fetch = stubApi({ '/api/settings': makeSettings(), '/api/admin/system': troubled });
});
afterEach(() => vi.unstubAllGlobals());

describe('the System page', () => {
  it('says what is wrong in words: database, mail, SMS, queue, disk, version and the last errors', async () => {
    renderAt('/admin/system', ['SuperAdmin']);
    expect(await screen.findByText('PostgreSQL (DATABASE_URL).')).toBeInTheDocument();
    expect(screen.getByText(/^It does not answer/)).toBeInTheDocument();
    expect(screen.getByText('Mail leaves through the SMTP server at mail.example.net:587.')).toBeInTheDocument();
    expect(screen.getByText(/^The SMTP server does not answer \(EAUTH\)/)).toBeInTheDocument();
    expect(screen.getByText('Since the server started: 12 sent, 3 failed.')).toBeInTheDocument();
    expect(screen.getByText(/^Twilio is not set/)).toBeInTheDocument();
    expect(screen.getByText(/^The job queue does not run in this process/)).toBeInTheDocument();
    expect(screen.getByText('512 MB free of 20 GB under /srv/nomac/data.')).toBeInTheDocument();
    expect(screen.getByText(/^Space is running low/)).toBeInTheDocument();
    expect(screen.getByText('Version 1.4.0, running for 1 day, 1 hour and 1 minute.')).toBeInTheDocument();
    const row = screen.getByText('receipt mail failed').closest('tr')!;
    expect(within(row).getByText('Error')).toBeInTheDocument();
    expect(within(row).getByText('req-42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test e-mail' })).toBeEnabled();
  });

  it('speaks French', async () => {
    setCatalog('fr', fr);
    try {
      renderAt('/admin/system', ['SuperAdmin']);
      expect(await screen.findByText(/^Elle ne répond pas/)).toBeInTheDocument();
      expect(screen.getByText('512 Mo libres sur 20 Go sous /srv/nomac/data.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Envoyer un courriel d’essai' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('a TournamentDirector typing its address reads the permission message', async () => {
    renderAt('/admin/system', ['TournamentDirector']);
    expect(await screen.findByText(tm(MESSAGES.noPermission))).toBeInTheDocument();
    expect(fetch.mock.calls.some(([input]) => String(input) === '/api/admin/system')).toBe(false);
  });
});
