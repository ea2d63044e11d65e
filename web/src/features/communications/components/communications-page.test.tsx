import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunicationOptions, MessageDetail, MessageSummary } from '@shared/contract/communications.ts';
import { msg } from '@shared/i18n/message-ref.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { Providers } from '@web/app/providers.tsx';
import { setCatalog } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, makeTournament, stubApi } from '@web/testing/fixtures.ts';
import { CommunicationsPage } from './communications-page.tsx';

// /admin/communications (decision 024): SMS only while the flag is on, the preview, and the progress
// of a send with each recipient's status.

const tournament = makeTournament({ id: 7, tournamentDate: '2099-06-13' });
const options = (smsEnabled: boolean): CommunicationOptions => ({
  smsEnabled,
  divisions: [],
  settings: { smsCostCapCents: null, smsSegmentCostCents: 1, smsSpentCents: 0 },
  templates: [],
});
const detail: MessageDetail = {
  id: 31,
  kind: 'communication',
  channel: 'email',
  subject: 'Finish your registration',
  body: 'Hi',
  audienceLabel: 'Incomplete registrations (reminder)',
  createdAt: '2099-06-01T12:00:00Z',
  createdByName: 'Dee Director',
  capReachedAt: null,
  counts: { total: 2, queued: 0, sending: 0, sent: 1, failed: 0, unsubscribed: 1 },
  recipients: [
    { id: 1, name: 'Ana Lee', address: 'ana@example.com', status: 'sent', failureReason: null },
    { id: 2, name: 'Ben Roy', address: 'ben@example.com', status: 'unsubscribed', failureReason: null },
  ],
};

/** "Up soon" for Ring 2: one row for its run, two families (one by e-mail and text). */
const upSoonRun: MessageSummary = {
  id: 40,
  kind: 'up-soon',
  channel: 'sms',
  subject: '',
  body: 'Your division is up soon in Ring 2',
  audienceLabel: msg('server.communications.run.upSoon', { rings: 'Ring 2', families: 2 }),
  createdAt: '2099-06-13T14:00:00Z',
  createdByName: null,
  capReachedAt: null,
  counts: { total: 3, queued: 0, sending: 0, sent: 2, failed: 1, unsubscribed: 0 },
  run: {
    channels: ['email', 'sms'],
    recipients: [
      {
        messageId: 38,
        channel: 'email',
        name: 'Pat Lee',
        address: 'pat@example.com',
        status: 'sent',
        failureReason: null,
      },
      {
        messageId: 39,
        channel: 'sms',
        name: 'Pat Lee',
        address: '+17055550101',
        status: 'sent',
        failureReason: null,
      },
      {
        messageId: 40,
        channel: 'sms',
        name: 'Jo Roy',
        address: '+17055550102',
        status: 'failed',
        failureReason: 'Refused',
      },
    ],
  },
};

function stub(smsEnabled: boolean, history: MessageSummary[] = [], smsRecipients = 0) {
  return stubApi({
    '/api/settings': makeSettings(),
    '/api/tournaments': [tournament],
    '/api/admin/communications/options/7': {
      ...options(smsEnabled),
      settings: { smsCostCapCents: null, smsSegmentCostCents: 4, smsSpentCents: 0 },
    },
    '/api/admin/communications/history/7': history,
    '/api/admin/communications/preview': {
      emailRecipients: 2,
      smsRecipients,
      sample: {
        name: 'Ana Lee',
        address: 'ana@example.com',
        subject: 'Finish, Ana',
        body: 'Hi Ana',
        smsBody: smsRecipients ? 'Finish, Ana' : '',
      },
    },
    '/api/admin/communications/send': { messageIds: [31] },
    '/api/admin/communications/test': { message: 'A test went to dee@example.com, as Ana Lee would get it.' },
    '/api/admin/communications/messages/31': detail,
  });
}

beforeEach(() => {
  invalidateQueries('');
  sessionStorage.clear();
  setSession({
    user: { personId: 1, roles: ['TournamentDirector'], userDisplayName: 'Dee Director' },
    token: 'tok',
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <Providers>
      <MemoryRouter>
        <CommunicationsPage />
      </MemoryRouter>
    </Providers>,
  );

describe('communications', () => {
  it('offers SMS only while AllowSmsNotifications is on', async () => {
    stub(false);
    const { unmount } = renderPage();
    await screen.findByLabelText('Subject');
    expect(screen.queryByRole('checkbox', { name: /SMS/ })).toBeNull();
    unmount();
    invalidateQueries('');
    stub(true);
    renderPage();
    expect(await screen.findByRole('checkbox', { name: /SMS/ })).not.toBeChecked();
  });

  it('previews one recipient, sends, and shows each recipient’s status at 100%', async () => {
    const fetch = stub(false);
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Subject'), 'Finish, {{{{firstName}}');
    await user.type(screen.getByLabelText('E-mail message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('E-mail to 2 recipients, SMS to 0.');
    expect(preview).toHaveTextContent('Hi Ana');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const ask = await screen.findByRole('dialog', { name: 'Send this message?' });
    expect(ask).toHaveTextContent('It goes out as 2 e-mails and no text.');
    await user.click(within(ask).getByRole('button', { name: 'Send now' }));
    const bar = await screen.findByRole('progressbar', { name: 'Sending progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    const calls = fetch.mock.calls as unknown as [string, RequestInit | undefined][];
    const sent = calls.find(([path]) => path === '/api/admin/communications/send')!;
    expect(JSON.parse(String(sent[1]?.body))).toMatchObject({
      tournamentId: 7,
      audience: { kind: 'incomplete' },
      email: true,
      sms: false,
      subject: 'Finish, {{firstName}}',
    });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RecipientAddressStatus',
      'Ana Leeana@example.comSent',
      'Ben Royben@example.comUnsubscribed',
    ]);
  });

  it('asks before sending, with the texts and their cost; Cancel sends nothing; a send clears the texts', async () => {
    const fetch = stub(true, [], 3);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: /SMS/ }));
    await user.type(screen.getByLabelText('Subject'), 'Finish');
    await user.type(screen.getByLabelText('E-mail message'), 'Hi');
    await user.type(screen.getByLabelText('SMS text'), 'Finish, {{{{firstName}}');
    const sends = () =>
      (fetch.mock.calls as unknown as [string][]).filter(
        ([path]) => path === '/api/admin/communications/send',
      );

    await user.click(screen.getByRole('button', { name: 'Send' }));
    let ask = await screen.findByRole('dialog', { name: 'Send this message?' });
    expect(ask).toHaveTextContent('It goes out as 2 e-mails and 3 texts.');
    // 3 texts of one 4-cent segment each.
    expect(within(ask).getByTestId('send-cost')).toHaveTextContent('The texts cost about $0.12.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sends()).toHaveLength(0);
    expect(screen.getByLabelText('Subject')).toHaveValue('Finish');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    ask = await screen.findByRole('dialog', { name: 'Send this message?' });
    await user.click(within(ask).getByRole('button', { name: 'Send now' }));
    await screen.findByRole('progressbar', { name: 'Sending progress' });
    expect(sends()).toHaveLength(1);
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('E-mail message')).toHaveValue('');
    expect(screen.getByLabelText('SMS text')).toHaveValue('');

    // The same message again within ten minutes: the question says so.
    await user.type(screen.getByLabelText('Subject'), 'Finish');
    await user.type(screen.getByLabelText('E-mail message'), 'Hi');
    await user.type(screen.getByLabelText('SMS text'), 'Finish, {{{{firstName}}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    ask = await screen.findByRole('dialog', { name: 'Send this message again?' });
    expect(within(ask).getByRole('alert')).toHaveTextContent(
      'You sent this same message less than a minute ago.',
    );
  });

  it('"Send a test to me" sends the composed message to the test route, never to the families', async () => {
    const fetch = stub(false);
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Subject'), 'Doors');
    await user.type(screen.getByLabelText('E-mail message'), 'Hi {{{{firstName}}');
    await user.click(screen.getByRole('button', { name: 'Send a test to me' }));
    const calls = () => fetch.mock.calls as unknown as [string, RequestInit | undefined][];
    await vi.waitFor(() =>
      expect(calls().some(([path]) => path === '/api/admin/communications/test')).toBe(true),
    );
    const [, init] = calls().find(([path]) => path === '/api/admin/communications/test')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ subject: 'Doors', body: 'Hi {{firstName}}' });
    expect(calls().some(([path]) => path === '/api/admin/communications/send')).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('inserts a merge field where the cursor is, with a click', async () => {
    stub(false);
    const user = userEvent.setup();
    renderPage();
    const body = await screen.findByLabelText('E-mail message');
    await user.type(body, 'Hello , see you');
    await user.click(screen.getByLabelText('Subject'));
    // Back in the message, the cursor after "Hello ".
    await user.click(body);
    (body as HTMLTextAreaElement).setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: '{{firstName}}' }));
    expect(body).toHaveValue('Hello {{firstName}}, see you');
  });

  it('shows a run of automatic notices as one row, opened to its recipients', async () => {
    stub(false, [upSoonRun]);
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByText('Up soon, Ring 2, 2 families')).closest('tr')!;
    expect(row).toHaveTextContent('E-mail, SMS');
    expect(row).toHaveTextContent('2 sent of 3, 1 failed');
    const toggle = within(row).getByRole('button', { name: 'Show 3 recipients' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const list = screen.getByRole('list', { name: 'Up soon, Ring 2, 2 families' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Pat Lee, pat@example.com (E-mail): Sent',
      'Pat Lee, +17055550101 (SMS): Sent',
      'Jo Roy, +17055550102 (SMS): Failed (Refused)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Hide recipients' }));
    expect(screen.queryByRole('list', { name: 'Up soon, Ring 2, 2 families' })).toBeNull();
  });

  it('speaks French when the French catalog is loaded', async () => {
    stub(false);
    setCatalog('fr', fr);
    try {
      renderPage();
      expect(await screen.findByRole('button', { name: 'Aperçu' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Communications', level: 1 })).toBeInTheDocument();
      expect(screen.getByText('Historique des envois')).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });
});
