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
/**
 * A server in trouble: the database away, the SMTP server refusing and mail failing, SMS failing,
 * the queue stopped, the disk full, no backup for two days.
 */
const troubled: SystemReport = {
  version: '1.4.0',
  uptimeSeconds: 90061,
  database: { kind: 'postgres', answers: false, sizeBytes: null },
  mail: {
    transport: 'smtp',
    host: 'mail.example.net:587',
    works: false,
    problem: 'EAUTH',
    counts: { sent: 12, failed: 3 },
    failing: { failedInARow: 4, since: '2099-06-13T14:05:00Z' },
  },
  sms: {
    transport: 'twilio',
    from: '+16135550100',
    counts: { sent: 2, failed: 3 },
    failing: { failedInARow: 3, since: '2099-06-13T15:00:00Z' },
  },
  jobs: { running: false, queues: [] },
  backup: { newest: { createdAt: '2099-06-11T07:30:00Z', bytes: 3 * 1024 ** 2 }, stale: true },
  disk: { path: '/srv/nomac/data', freeBytes: 0.5 * GB, totalBytes: 20 * GB, low: true },
  errors: [
    {
      level: 'error',
      time: '2099-06-13T14:05:00Z',
      message: 'receipt mail failed',
      code: 'EAUTH',
      requestId: 'req-42',
    },
  ],
};

/** A server in good health, but for one queue stuck for 25 minutes. */
const stuck: SystemReport = {
  ...troubled,
  database: { kind: 'pglite', answers: true, sizeBytes: 40 * 1024 ** 2 },
  mail: { ...troubled.mail, works: true, problem: null, failing: null },
  sms: { ...troubled.sms, failing: null },
  jobs: {
    running: true,
    queues: [
      {
        queue: 'send-message',
        queued: 40,
        active: 0,
        failed: 0,
        oldestWaitingSeconds: 1500,
        stuckSince: '2099-06-13T14:35:00Z',
      },
      { queue: 'nightly-backup', queued: 0, active: 0, failed: 0, oldestWaitingSeconds: 0, stuckSince: null },
    ],
  },
  backup: { newest: { createdAt: '2099-06-13T07:30:00Z', bytes: 40 * 1024 }, stale: false },
  disk: { ...troubled.disk, freeBytes: 15 * GB, low: false },
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
const serve = (report: SystemReport) => {
  fetch = stubApi({ '/api/settings': makeSettings(), '/api/admin/system': report });
};
beforeEach(() => {
  invalidateQueries('');
  serve(troubled);
});
afterEach(() => vi.unstubAllGlobals());

describe('the System page', () => {
  it('says what is wrong in words: database, mail, SMS, queue, disk, version and the last errors', async () => {
    renderAt('/admin/system', ['SuperAdmin']);
    expect(await screen.findByText('PostgreSQL (DATABASE_URL).')).toBeInTheDocument();
    expect(screen.getByText(/^It does not answer/)).toBeInTheDocument();
    expect(
      screen.getByText('Mail leaves through the SMTP server at mail.example.net:587.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^The SMTP server does not answer \(EAUTH\)/)).toBeInTheDocument();
    expect(screen.getByText('Since the server started: 12 sent, 3 failed.')).toBeInTheDocument();
    expect(screen.getByText('SMS leave through Twilio, from +16135550100.')).toBeInTheDocument();
    expect(screen.getByText(/^The job queue does not run in this process/)).toBeInTheDocument();
    expect(screen.getByText('512 MB free of 20 GB under /srv/nomac/data.')).toBeInTheDocument();
    expect(screen.getByText(/^Space is running low/)).toBeInTheDocument();
    expect(screen.getByText('Version 1.4.0, running for 1 day, 1 hour and 1 minute.')).toBeInTheDocument();
    const row = screen.getByText('receipt mail failed').closest('tr')!;
    expect(within(row).getByText('Error')).toBeInTheDocument();
    expect(within(row).getByText('req-42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test e-mail' })).toBeEnabled();
  });

  it('warns, with since when and what to check, that mail and SMS are failing and the last backup is too old', async () => {
    renderAt('/admin/system', ['SuperAdmin']);
    await screen.findByText('PostgreSQL (DATABASE_URL).');
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      expect.stringMatching(
        /^Mail is failing: the last 4 messages were refused, since .*2099.* Check SMTP_URL/,
      ),
      expect.stringMatching(
        /^SMS is failing: the last 3 SMS were refused, since .*2099.* Check the TWILIO_\* settings/,
      ),
      expect.stringMatching(/^The last backup is more than 26 hours old: .*npm run admin -- backup\.$/),
    ]);
    expect(screen.getByText(/^Taken .*2099.*, 3 MB\.$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All backups' })).toHaveAttribute('href', '/admin/backups');
  });

  it('names the stuck queue and since when, and raises nothing about what is well', async () => {
    serve(stuck);
    renderAt('/admin/system', ['SuperAdmin']);
    const [alert, ...others] = await screen.findAllByRole('alert');
    expect(others).toEqual([]);
    expect(alert!.textContent).toMatch(
      /^The send-message queue is stuck: its oldest job, due since .*2099.*, has waited 0 hours and 25 minutes without starting\./,
    );
    expect(screen.getByText(/^Taken .*2099.*, 40 KB\.$/)).toBeInTheDocument();
  });

  it('says when there is no backup at all', async () => {
    serve({ ...stuck, jobs: { running: true, queues: [] }, backup: { newest: null, stale: true } });
    renderAt('/admin/system', ['SuperAdmin']);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No backup yet\./);
  });

  it('speaks French', async () => {
    setCatalog('fr', fr);
    try {
      renderAt('/admin/system', ['SuperAdmin']);
      expect(await screen.findByText(/^Elle ne répond pas/)).toBeInTheDocument();
      expect(screen.getByText('512 Mo libres sur 20 Go sous /srv/nomac/data.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Envoyer un courriel d’essai' })).toBeInTheDocument();
      expect(
        screen.getByText(/^Les courriels échouent : les 4 derniers messages ont été refusés/),
      ).toBeInTheDocument();
      expect(screen.getByText(/^La dernière sauvegarde date de plus de 26 heures/)).toBeInTheDocument();
      expect(screen.getByText(/^Faite le .*, 3 Mo\.$/)).toBeInTheDocument();
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
