import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRegistrationDetail, AdminRegistrationRow } from '@shared/contract/admin-registrations.ts';
import type { Registration } from '@shared/contract/registration.ts';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { PageAlert } from '@web/components/page-alert.tsx';
import { setCatalog } from '@web/lib/i18n.tsx';
import { getImpersonatedUserId } from '@web/lib/impersonation.ts';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { setSession } from '@web/lib/session.ts';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { RegistrationsPage } from './registrations-page.tsx';
import { StaffRegistrationDetail } from './staff-registration-panel.tsx';

// The registrations desk, the staff panel and the view-as banner against a fake /api.
type Answer = { status: number; body: unknown } | undefined;
let handler: (method: string, url: string) => Answer;
const sent: { method: string; url: string; headers: Record<string, string> }[] = [];

function makeRow(over: Partial<AdminRegistrationRow> = {}): AdminRegistrationRow {
  return {
    registrationId: 7,
    tournamentId: 1,
    family: { ownerId: 3, name: 'Sam Lee', email: 'sam@example.com', phone: '7055550100' },
    walkIn: false,
    competitorCount: 2,
    checkedInCount: 1,
    competitorNames: ['Maya Lee', 'Noah Lee'],
    spectators: 1,
    lunch: 0,
    cost: 100,
    paid: 40,
    balanceOwing: 60,
    complete: true,
    confirmationCode: 'ABCD2345',
    createdAt: '2026-11-01T12:00:00Z',
    ...over,
  };
}

function makeRegistration(over: Partial<Registration> = {}): Registration {
  return {
    registrationId: 7,
    tournamentId: 1,
    isCompleted: true,
    completedAt: '2026-11-01T12:00:00Z',
    competitors: [],
    spectators: 1,
    lunch: 0,
    contacts: [],
    tournament: { id: 1, competitorOnlineCost: 45, spectatorCost: 10, lunchCost: 12 },
    cost: 10,
    amountPaid: 0,
    balanceOwing: 10,
    owner: { personId: 3, name: 'Sam Lee', email: 'sam@example.com' },
    ...over,
  };
}

function makeDetail(over: Partial<AdminRegistrationDetail['owner']> = {}): AdminRegistrationDetail {
  return {
    registration: makeRegistration(),
    owner: {
      id: 3,
      name: 'Sam Lee',
      email: 'sam@example.com',
      phone: '7055550100',
      isStaff: false,
      isGuest: false,
      ...over,
    },
    payments: [
      {
        id: 'p1',
        method: 'cash',
        amount: 40,
        voided: false,
        recordedBy: 'Desk Person',
        createdAt: '2026-11-02T15:00:00Z',
      },
    ],
    receipts: [
      {
        receiptId: 1,
        registrationId: 7,
        confirmationCode: 'ABCD2345',
        title: 'Registration receipt',
        description: '',
        paymentAmount: 40,
        total: 100,
        balanceOwing: 60,
        receiptItems: [],
        receiptUrl: 'http://localhost/customer/registration/7/receipt',
        createdAt: '2026-11-02T15:00:00Z',
      },
    ],
    competitors: [
      { id: 1, name: 'Maya Lee', checkedInAt: '2026-11-03T13:00:00Z' },
      { id: 2, name: 'Noah Lee', checkedInAt: null },
    ],
  };
}

function signIn(role: string) {
  setSession({ token: 'tok', user: { personId: 99, roles: [role], userDisplayName: 'Desk Person' } });
}

beforeEach(() => {
  invalidateQueries('');
  sent.length = 0;
  handler = () => undefined;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url, headers: { ...(init.headers as Record<string, string>) } });
    const answer = handler(method, url) ?? {
      status: 404,
      body: { message: 'The requested resource was not found' },
    };
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
}
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(to)}>Go to {to}</button>;
}

function renderAt(path: string, element: ReactNode, routePath: string) {
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <PageAlertProvider>
        <MemoryRouter initialEntries={[path]}>
          <PageAlert />
          <ImpersonationBanner />
          <Routes>
            <Route path={routePath} element={element} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <Where />
          <GoTo to="/admin/dashboard" />
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
}
const renderDesk = (path = '/admin/registrations') =>
  renderAt(path, <RegistrationsPage />, '/admin/registrations');
const renderPanel = () =>
  renderAt(
    '/admin/registration/7',
    <StaffRegistrationDetail>
      <p>The registration page</p>
    </StaffRegistrationDetail>,
    '/admin/registration/:registrationId',
  );

const deskCalls = () =>
  sent.filter((s) => s.url.startsWith('/api/admin/registrations?') || s.url === '/api/admin/registrations');

describe('the registrations desk', () => {
  beforeEach(() => signIn('CheckInAdmin'));

  it('lists each family with totals and check-in, linking to the registration', async () => {
    handler = (_m, url) =>
      url.startsWith('/api/admin/registrations')
        ? { status: 200, body: { tournamentId: 1, rows: [makeRow()] } }
        : undefined;
    renderDesk();
    const link = await screen.findByRole('link', { name: 'Sam Lee' });
    expect(link).toHaveAttribute('href', '/admin/registration/7');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('1 of 2')).toBeInTheDocument();
    expect(within(row).getByText('$60')).toBeInTheDocument();
    expect(within(row).getByText('Complete')).toBeInTheDocument();
    expect(within(row).getByText('ABCD2345')).toBeInTheDocument();
    expect(within(row).getByText('Maya Lee, Noah Lee')).toBeInTheDocument();
    expect(sent[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('speaks French when the French catalog is loaded', async () => {
    handler = (_m, url) =>
      url.startsWith('/api/admin/registrations')
        ? { status: 200, body: { tournamentId: 1, rows: [makeRow()] } }
        : undefined;
    setCatalog('fr', fr);
    try {
      renderDesk();
      const link = await screen.findByRole('link', { name: 'Sam Lee' });
      expect(screen.getByRole('heading', { name: 'Inscriptions', level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Exporter en CSV' })).toBeInTheDocument();
      expect(within(link.closest('tr') as HTMLElement).getByText('1 sur 2')).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('searches, filters and sorts through the address, and says when nothing matches', async () => {
    handler = (_m, url) =>
      url.startsWith('/api/admin/registrations')
        ? { status: 200, body: { tournamentId: 1, rows: url.includes('q=') ? [] : [makeRow()] } }
        : undefined;
    renderDesk();
    await screen.findByRole('link', { name: 'Sam Lee' });
    await userEvent.selectOptions(screen.getByLabelText('Balance owing'), 'Balance owing');
    await userEvent.selectOptions(screen.getByLabelText('Checked in'), 'Not all checked in');
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'Family A to Z');
    await userEvent.type(screen.getByRole('searchbox', { name: /Search/ }), 'noah');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('No registrations match this search and these filters.'),
    ).toBeInTheDocument();
    const last = new URL(deskCalls().at(-1)?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(last)).toEqual({
      q: 'noah',
      balanceOwing: 'true',
      checkedIn: 'false',
      sort: 'family',
      dir: 'asc',
    });
    expect(screen.getByTestId('where').textContent).toContain('q=noah');
  });

  it('keeps the search when coming back to the page', async () => {
    handler = (_m, url) =>
      url.startsWith('/api/admin/registrations')
        ? { status: 200, body: { tournamentId: 1, rows: [] } }
        : undefined;
    renderDesk('/admin/registrations?q=lee&complete=false');
    expect(
      await screen.findByText('No registrations match this search and these filters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('lee');
    expect(screen.getByLabelText('Complete')).toHaveValue('false');
    expect(deskCalls()[0]?.url).toBe('/api/admin/registrations?q=lee&complete=false&sort=created&dir=desc');
  });

  it('says when there are no registrations yet, or no tournament', async () => {
    handler = (_m, url) =>
      url.startsWith('/api/admin/registrations')
        ? { status: 200, body: { tournamentId: null, rows: [] } }
        : undefined;
    renderDesk();
    expect(
      await screen.findByText('There is no upcoming tournament, so there are no registrations to show.'),
    ).toBeInTheDocument();
  });

  it('exports the filtered rows as CSV with the bearer token', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    handler = (_m, url) =>
      url.startsWith('/api/admin/registrations.csv')
        ? { status: 200, body: 'Registration,Family\r\n7,Sam Lee\r\n' }
        : url.startsWith('/api/admin/registrations')
          ? { status: 200, body: { tournamentId: 1, rows: [makeRow()] } }
          : undefined;
    renderDesk('/admin/registrations?complete=true');
    await screen.findByRole('link', { name: 'Sam Lee' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicks).toHaveBeenCalled());
    const call = sent.find((s) => s.url.startsWith('/api/admin/registrations.csv'));
    expect(call?.url).toBe('/api/admin/registrations.csv?complete=true&sort=created&dir=desc');
    expect(call?.headers.Authorization).toBe('Bearer tok');
    expect(await (created.mock.calls[0]?.[0] as Blob).text()).toContain('7,Sam Lee');
  });

  it('shows the error when the export fails', async () => {
    handler = (_m, url) =>
      url.startsWith('/api/admin/registrations.csv')
        ? { status: 500, body: {} }
        : url.startsWith('/api/admin/registrations')
          ? { status: 200, body: { tournamentId: 1, rows: [makeRow()] } }
          : undefined;
    renderDesk();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('(500) Something went wrong, please try again later or contact us for help.'),
    ).toBeInTheDocument();
  });
});

describe('the staff panel on a registration', () => {
  it('shows owner, payments, receipts and check-in, and resends the receipt', async () => {
    signIn('CheckInAdmin');
    handler = (method, url) => {
      if (url === '/api/admin/registrations/7') return { status: 200, body: makeDetail() };
      if (method === 'POST' && url === '/api/admin/registrations/7/resend-receipt')
        return {
          status: 200,
          body: {
            message: 'The receipt was sent again to sam@example.com.',
            confirmationCode: 'ABCD2345',
            to: 'sam@example.com',
          },
        };
      return undefined;
    };
    renderPanel();
    expect(await screen.findByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByText('Not checked in')).toBeInTheDocument();
    expect(screen.getByText('Desk Person')).toBeInTheDocument();
    // Decision 029: titled with the family's name; the registration page beside it has the one
    // "View the receipt" link.
    expect(screen.getByRole('heading', { level: 1, name: 'Registration of Sam Lee' })).toBeInTheDocument();
    expect(screen.getByText('The registration page')).toBeInTheDocument();
    expect(screen.getByTestId('current-receipt')).toHaveTextContent('Current receipt ABCD2345');
    expect(screen.queryByRole('link', { name: 'View the receipt' })).toBeNull();
    expect(screen.queryByText(/Earlier receipts/)).toBeNull();
    // A check-in admin cannot view as a customer.
    expect(screen.queryByRole('button', { name: 'View as this customer' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Resend receipt' }));
    expect(await screen.findByText('The receipt was sent again to sam@example.com.')).toBeInTheDocument();
  });

  it('a director views as the customer: banner, UserContext on requests, ended by leaving the registration pages', async () => {
    signIn('TournamentDirector');
    handler = (method, url) => {
      if (url === '/api/admin/registrations/7') return { status: 200, body: makeDetail() };
      if (method === 'POST' && url === '/api/admin/impersonation/3')
        return { status: 200, body: { userId: 3, name: 'Sam Lee', email: 'sam@example.com' } };
      return undefined;
    };
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'View as this customer' }));
    expect(await screen.findByText('Viewing as Sam Lee')).toBeInTheDocument();
    expect(getImpersonatedUserId()).toBe(3);
    // The start call itself went without the header; the panel hides while viewing as.
    expect(sent.find((s) => s.url === '/api/admin/impersonation/3')?.headers.UserContext).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Resend receipt' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to /admin/dashboard' }));
    await waitFor(() => expect(screen.queryByText('Viewing as Sam Lee')).toBeNull());
    expect(getImpersonatedUserId()).toBeNull();
  });

  it('hides "View as this customer" for a staff owner', async () => {
    signIn('SuperAdmin');
    handler = (_m, url) =>
      url === '/api/admin/registrations/7' ? { status: 200, body: makeDetail({ isStaff: true }) } : undefined;
    renderPanel();
    expect(await screen.findByText('Staff account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View as this customer' })).toBeNull();
  });

  it('a walk-in registered at the door says so, with no e-mail, no resend and no view as', async () => {
    signIn('SuperAdmin');
    handler = (_m, url) =>
      url === '/api/admin/registrations/7'
        ? { status: 200, body: makeDetail({ isGuest: true, email: '' }) }
        : undefined;
    renderPanel();
    expect(await screen.findByText(/Walk-in registered at the door: no account/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend receipt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'View as this customer' })).toBeNull();
  });
});

describe('the desk while viewing as a customer', () => {
  it("lists the customer's own registrations with UserContext, and Stop viewing returns to the desk", async () => {
    signIn('TournamentDirector');
    sessionStorage.setItem('userContext', '3');
    sessionStorage.setItem('userContextName', JSON.stringify({ userId: 3, name: 'Sam Lee' }));
    handler = (_m, url) => {
      if (url === '/api/tournaments')
        return { status: 200, body: [makeTournament({ id: 1, tournamentDate: '2099-06-12' })] };
      if (url === '/api/registration/getAll/1') return { status: 200, body: [makeRegistration()] };
      if (url.startsWith('/api/admin/registrations'))
        return { status: 200, body: { tournamentId: 1, rows: [makeRow()] } };
      return undefined;
    };
    renderDesk();
    expect(await screen.findByRole('heading', { name: 'Registrations of Sam Lee' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registration #7' })).toHaveAttribute(
      'href',
      '/admin/registration/7',
    );
    const getAll = sent.find((s) => s.url === '/api/registration/getAll/1');
    expect(getAll?.headers.UserContext).toBe('3');
    expect(deskCalls()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Stop viewing as Sam Lee' }));
    expect(await screen.findByRole('link', { name: 'Sam Lee' })).toBeInTheDocument();
    expect(deskCalls().at(-1)?.headers.UserContext).toBeUndefined();
  });
});
