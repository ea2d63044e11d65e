import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Registration, RegistrationOptions } from '@shared/contract/registration.ts';
import { COMPETITOR_MESSAGES } from '@shared/domain/competitor.ts';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAlert } from '@web/components/page-alert.tsx';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog, tm } from '@web/lib/i18n.tsx';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import { AdminRegistrationPage, CustomerCompetitorPage, CustomerRegistrationPage } from './area-pages.tsx';
import { ReceiptPage } from './receipt-page.tsx';

// The customer registration pages against a fake /api (docs/product.md §2 and §8).
type Handler = (method: string, url: string, body: unknown) => { status: number; body: unknown } | undefined;
let handler: Handler;
const sent: { method: string; url: string; body: unknown }[] = [];

function makeRegistration(over: Partial<Registration> = {}): Registration {
  return {
    registrationId: 7,
    tournamentId: 1,
    isCompleted: false,
    completedAt: null,
    competitors: [],
    spectators: 1,
    lunch: 0,
    contacts: [],
    tournament: { id: 1, competitorOnlineCost: 45, spectatorCost: 10, lunchCost: 12 },
    cost: 10,
    amountPaid: 0,
    balanceOwing: 10,
    owner: { personId: 3, name: 'Pat Lee', email: 'pat@example.com' },
    ...over,
  };
}
const options: RegistrationOptions = {
  events: [
    { id: 11, name: 'Forms', eventTypeId: 1, eventTypeTitle: 'Forms', requiresWeight: false },
    { id: 12, name: 'Sparring', eventTypeId: 2, eventTypeTitle: 'Sparring', requiresWeight: true },
  ],
  competitorLevels: [{ id: 5, name: 'Beginner' }],
};

beforeEach(() => {
  invalidateQueries('');
  sent.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, url, body });
    const answer =
      handler(method, url, body) ??
      (url === '/api/tournaments'
        ? { status: 200, body: [makeTournament({ id: 1, tournamentDate: '2027-06-12' })] }
        : url.startsWith('/api/registration/options/')
          ? { status: 200, body: options }
          : { status: 404, body: { message: 'The requested resource was not found' } });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, sellLunch = false) {
  const page = (el: ReactNode) => (
    <>
      {el}
      <Where />
    </>
  );
  render(
    <StaticSettingsProvider
      settings={makeSettings({
        flags: { SellLunchTickets: sellLunch, MailingListTab: true, AllowSmsNotifications: true },
      })}
    >
      <PageAlertProvider>
        <MemoryRouter initialEntries={[path]}>
          <PageAlert />
          <Routes>
            <Route
              path="/customer/registration/:registrationId"
              element={page(<CustomerRegistrationPage />)}
            />
            <Route
              path="/customer/registration/:registrationId/competitor/:competitorId?"
              element={page(<CustomerCompetitorPage />)}
            />
            <Route path="/customer/registration/:registrationId/receipt" element={page(<ReceiptPage />)} />
            <Route path="/admin/registration/:registrationId" element={page(<AdminRegistrationPage />)} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
}

describe('the registration page', () => {
  it('shows the prefixed message when a spectator pass cannot be added or removed', async () => {
    handler = (method, url) => {
      if (url === '/api/registration/7' && method === 'GET') return { status: 200, body: makeRegistration() };
      if (url === '/api/registration/spectator/7' && method === 'POST')
        return { status: 409, body: { message: 'Online registration is currently closed' } };
      if (url === '/api/registration/spectator/7' && method === 'DELETE') return { status: 500, body: {} };
      return undefined;
    };
    renderAt('/customer/registration/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add one of Spectator passes' }));
    expect(
      await screen.findByText('Could not add spectator pass. Online registration is currently closed'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove one of Spectator passes' }));
    expect(
      await screen.findByText(
        'Could not remove spectator pass. (500) Something went wrong, please try again later or contact us for help.',
      ),
    ).toBeInTheDocument();
  });

  it('offers lunch tickets only while SellLunchTickets is on, with its own prefixed message', async () => {
    handler = (method, url) => {
      if (url === '/api/registration/7' && method === 'GET') return { status: 200, body: makeRegistration() };
      if (url === '/api/registration/lunch/7')
        return { status: 409, body: { message: 'Lunch tickets are not on sale for this tournament.' } };
      return undefined;
    };
    renderAt('/customer/registration/7', false);
    await screen.findByRole('button', { name: 'Add one of Spectator passes' });
    expect(screen.queryByRole('button', { name: 'Add one of Lunch tickets' })).toBeNull();
  });

  it('the lunch +/- buttons say what failed when the flag is on', async () => {
    handler = (method, url) => {
      if (url === '/api/registration/7' && method === 'GET')
        return { status: 200, body: makeRegistration({ lunch: 1 }) };
      if (url === '/api/registration/lunch/7') return { status: 409, body: { message: 'Nope.' } };
      return undefined;
    };
    renderAt('/customer/registration/7', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add one of Lunch tickets' }));
    expect(await screen.findByText('Could not add lunch ticket. Nope.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove one of Lunch tickets' }));
    expect(await screen.findByText('Could not remove lunch ticket. Nope.')).toBeInTheDocument();
  });

  it('continues to the one confirmation page from the admin area too', async () => {
    handler = (method, url) =>
      method === 'GET' && url === '/api/registration/7'
        ? { status: 200, body: makeRegistration() }
        : undefined;
    renderAt('/admin/registration/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to confirmation' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/customer/registration/7/confirmation'),
    );
  });

  it('shows the server-computed total', async () => {
    handler = (method, url) =>
      url === '/api/registration/7'
        ? { status: 200, body: makeRegistration({ spectators: 2, cost: 110 }) }
        : undefined;
    renderAt('/customer/registration/7');
    expect(await screen.findByTestId('registration-total')).toHaveTextContent('Total: $110');
  });
});

describe('in French', () => {
  it('the registration page speaks French', async () => {
    handler = (method, url) =>
      method === 'GET' && url === '/api/registration/7'
        ? { status: 200, body: makeRegistration() }
        : undefined;
    setCatalog('fr', fr);
    try {
      renderAt('/customer/registration/7');
      expect(await screen.findByRole('heading', { name: 'Inscription en ligne' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Passer à la confirmation' })).toBeInTheDocument();
      expect(screen.getByTestId('registration-total')).toHaveTextContent(/Total\s:\s10,00\s\$/);
    } finally {
      setCatalog('en', en);
    }
  });
});

describe('the competitor page', () => {
  it('validates as you type and, after saving, goes back to the registration', async () => {
    handler = (method, url, body) => {
      if (url === '/api/registration/7') return { status: 200, body: makeRegistration() };
      // The saved competitor, as the contract's schema parses it (decision 019).
      if (url === '/api/registration/competitor' && method === 'POST')
        return {
          status: 200,
          body: { school: '', weightKg: null, ...(body as object), id: 21, age: 12, checkedInAt: null },
        };
      return undefined;
    };
    renderAt('/customer/registration/7/competitor');
    await userEvent.type(await screen.findByLabelText(/First name/), 'Ava');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Lee');
    await userEvent.type(screen.getByLabelText(/Date of birth/), '2015-04-02');
    await userEvent.selectOptions(screen.getByLabelText(/Gender/), '2');
    await userEvent.selectOptions(screen.getByLabelText(/Competitor level/), '5');
    await userEvent.click(screen.getByLabelText(/Sparring/));
    expect(await screen.findByText(tm(COMPETITOR_MESSAGES.weightRequired('Sparring')))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Weight/), '31');
    expect(screen.queryByText(tm(COMPETITOR_MESSAGES.weightRequired('Sparring')))).toBeNull();
    await userEvent.type(screen.getByLabelText(/Emergency contact name/), 'Pat Lee');
    await userEvent.type(screen.getByLabelText(/Emergency contact phone/), '7055550100');
    await userEvent.type(screen.getByLabelText(/Relationship/), 'Parent');
    await userEvent.click(screen.getByRole('button', { name: 'Save competitor' }));
    expect(await screen.findByText(tm(COMPETITOR_MESSAGES.guardianConsent))).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByLabelText(/parent or guardian/));
    // Decision 043: the two choices start unticked; the family allows the name, not photos.
    expect(
      screen.getByRole('checkbox', { name: /Photos and video of my child may be published/ }),
    ).not.toBeChecked();
    await userEvent.click(
      screen.getByRole('checkbox', { name: /Show my child's name on public results and TVs/ }),
    );
    expect(
      screen.getByText(/recorded with your account, today's date and the privacy policy \(Version 2\)/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save competitor' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/customer\/registration\/7$/),
    );
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      registrationId: 7,
      firstName: 'Ava',
      gender: 2,
      competitorLevelId: 5,
      weightKg: 31,
      guardianConsent: true,
      publishName: true,
      photosAllowed: false,
      eventIds: [12],
    });
  });

  it('words the consent as the competitor’s own from 18 on tournament day', async () => {
    handler = (method, url) =>
      url === '/api/registration/7' ? { status: 200, body: makeRegistration() } : undefined;
    renderAt('/customer/registration/7/competitor');
    expect(await screen.findByRole('checkbox', { name: /parent or guardian/ })).toBeInTheDocument();
    // 18 on 2027-06-12, the tournament's day.
    await userEvent.type(screen.getByLabelText(/Date of birth/), '2009-06-12');
    expect(screen.getByRole('checkbox', { name: /I am this competitor, 18 or older/ })).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: /Show my name on public results and TVs/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: /Photos and video of me may be published/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /parent or guardian/ })).toBeNull();
  });
});

describe('the receipt page', () => {
  it('goes to /customer/home when the registration has no receipt', async () => {
    handler = (method, url) =>
      url === '/api/registration/7' ? { status: 200, body: makeRegistration() } : undefined;
    renderAt('/customer/registration/7/receipt');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/customer/home'));
  });
});
