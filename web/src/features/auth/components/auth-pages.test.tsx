import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/domain/messages.ts';
import { tm } from '../../../lib/i18n.tsx';
import type { Tournament } from '@shared/contract/public.ts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAlert } from '@web/components/page-alert.tsx';
import { ApiError } from '@web/lib/api-client.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { clearSession, setSession } from '@web/lib/session.ts';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { makeSettings, makeTournament } from '@web/testing/fixtures.ts';
import {
  acceptInvite,
  checkInvite,
  registerAccount,
  requestPasswordReset,
  resetPassword,
  toSession,
  verifyAccount,
} from '../api/accounts.ts';
import { readPendingUser, rememberPendingUser } from '../pending-user.ts';
import { ForgotPage } from './forgot-page.tsx';
import { InvitePage } from './invite-page.tsx';
import { LoginPage } from './login-page.tsx';
import { PendingPage } from './pending-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { ResetPage } from './reset-page.tsx';
import { TournamentStatusPanel } from './tournament-status-panel.tsx';
import { VerificationPage } from './verification-page.tsx';

const data = vi.hoisted(() => ({ tournaments: [] as Tournament[] }));
vi.mock('../api/accounts.ts', () => ({
  registerAccount: vi.fn(),
  verifyAccount: vi.fn(),
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
  checkInvite: vi.fn(),
  acceptInvite: vi.fn(),
  signIn: vi.fn(),
  signInWithGoogle: vi.fn(),
  toSession: vi.fn(),
  useTournaments: () => ({
    data: data.tournaments,
    error: undefined,
    isLoading: false,
    refetch: () => undefined,
  }),
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(
  path: string,
  routes: { path: string; element: React.ReactNode }[],
  settings = makeSettings(),
) {
  render(
    <StaticSettingsProvider settings={settings}>
      <PageAlertProvider>
        <MemoryRouter initialEntries={[path]}>
          <PageAlert />
          <Where />
          <Routes>
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
  return userEvent.setup();
}
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  data.tournaments = [makeTournament()];
});

describe('the login panel in its four states (docs/product.md §2)', () => {
  const now = new Date();
  const panel = (tournaments: Tournament[]) =>
    render(
      <MemoryRouter>
        <TournamentStatusPanel tournaments={tournaments} isLoading={false} now={now} />
      </MemoryRouter>,
    );

  it('tournament today: in person only, from 8:30AM to 10AM', () => {
    panel([makeTournament({ isTournamentToday: true, isRegistrationOpen: false })]);
    expect(screen.getByRole('heading', { name: 'Tournament Today!' })).toBeInTheDocument();
    expect(screen.getByText(/in person only, from 8:30AM to 10AM/)).toBeInTheDocument();
  });

  it('open: a sign-up prompt with a working button', () => {
    panel([makeTournament()]);
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/user/register');
  });

  it('opening soon: the opening date and a disabled sign-up button', () => {
    panel([
      makeTournament({
        isRegistrationOpen: false,
        isRegistrationOpenSoon: true,
        registrationOpensOn: '2099-03-02',
      }),
    ]);
    expect(screen.getByText(/Monday, March 2, 2099/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });

  it('closed', () => {
    panel([makeTournament({ isRegistrationOpen: false, isRegistrationOpenSoon: false })]);
    expect(
      screen.getByRole('heading', { name: 'Online registration is currently closed' }),
    ).toBeInTheDocument();
  });

  it('no next tournament', () => {
    panel([makeTournament({ tournamentDate: '2001-06-09' })]);
    expect(screen.getByRole('heading', { name: 'Thank you for your interest!' })).toBeInTheDocument();
  });
});

describe('the login page', () => {
  it('marks e-mail and password required, links to forgot, and hides Google without a client id', () => {
    renderAt('/user/login', [{ path: '/user/login', element: <LoginPage /> }]);
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(screen.getByRole('link', { name: /forgot/i })).toHaveAttribute('href', '/user/forgot');
    expect(screen.queryByTestId('google-sign-in')).toBeNull();
  });

  it('shows the Google button when a client id is configured', () => {
    renderAt(
      '/user/login',
      [{ path: '/user/login', element: <LoginPage /> }],
      makeSettings({ googleClientId: 'abc.apps' }),
    );
    expect(screen.getByTestId('google-sign-in')).toBeInTheDocument();
  });
});

describe('in French', () => {
  it('the login page speaks French', () => {
    setCatalog('fr', fr);
    try {
      renderAt('/user/login', [{ path: '/user/login', element: <LoginPage /> }]);
      expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
      expect(screen.getByLabelText(/Courriel/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Mot de passe oublié\u00a0?' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });
});

describe('the sign-up page', () => {
  it('validates as the user types with the spec messages', async () => {
    const user = renderAt('/user/register', [{ path: '/user/register', element: <RegisterPage /> }]);
    await user.type(screen.getByLabelText(/^Postal Code/), 'D1A 1A1');
    expect(screen.getByText(tm(MESSAGES.postalCode))).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'short');
    expect(screen.getByText(tm(MESSAGES.passwordLength))).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Confirm Password/), 'other');
    expect(screen.getByText(tm(MESSAGES.passwordsMatch))).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Phone Number/), '12345');
    expect(screen.getByText(tm(MESSAGES.phone))).toBeInTheDocument();
  });

  it('an empty Sign Up shows every missing field at once and puts the focus on the first', async () => {
    const user = renderAt('/user/register', [{ path: '/user/register', element: <RegisterPage /> }]);
    const button = screen.getByRole('button', { name: 'Sign Up' });
    expect(button).toBeEnabled();
    await user.click(button);
    const required = tm(MESSAGES.required);
    for (const label of [
      /^First Name/,
      /^Last Name/,
      /^Email/,
      /^Phone Number/,
      /^Password/,
      /^Confirm Password/,
      /^Address Line 1/,
      /^City/,
      /^Postal Code/,
    ])
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(required));
    expect(screen.getByLabelText(/^Address Line 2/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^First Name/)).toHaveFocus();
    expect(registerAccount).not.toHaveBeenCalled();
  });

  it('a good sign-up goes to /user/pending with the first name and e-mail kept', async () => {
    vi.mocked(registerAccount).mockResolvedValue({ message: 'ok' });
    const user = renderAt('/user/register', [
      { path: '/user/register', element: <RegisterPage /> },
      { path: '/user/pending', element: <p>pending</p> },
    ]);
    await user.type(screen.getByLabelText(/^First Name/), 'Robin');
    await user.type(screen.getByLabelText(/^Last Name/), 'Karate');
    await user.type(screen.getByLabelText(/^Email/), 'robin@example.com');
    await user.type(screen.getByLabelText(/^Phone Number/), '7055550199');
    await user.type(screen.getByLabelText(/^Password/), 'kata-and-kumite');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'kata-and-kumite');
    await user.type(screen.getByLabelText(/^Address Line 1/), '12 Dojo Road');
    await user.type(screen.getByLabelText(/^City/), 'Elliot Lake');
    await user.type(screen.getByLabelText(/^Postal Code/), 'p5a1a1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(where()).toBe('/user/pending'));
    expect(vi.mocked(registerAccount).mock.calls[0]?.[0]).toMatchObject({
      email: 'robin@example.com',
      province: 'ON',
    });
    expect(readPendingUser()).toEqual({ firstName: 'Robin', email: 'robin@example.com' });
  });
});

describe('the pending page', () => {
  it('redirects to sign-up without a pending user', () => {
    renderAt('/user/pending', [
      { path: '/user/pending', element: <PendingPage /> },
      { path: '/user/register', element: <p>register</p> },
    ]);
    expect(where()).toBe('/user/register');
  });

  it('shows the first name and e-mail', () => {
    rememberPendingUser({ firstName: 'Robin', email: 'robin@example.com' });
    renderAt('/user/pending', [{ path: '/user/pending', element: <PendingPage /> }]);
    expect(screen.getByText(/Robin/)).toBeInTheDocument();
    expect(screen.getByText('robin@example.com')).toBeInTheDocument();
  });
});

describe('the verification page', () => {
  const routes = [{ path: '/user/verification/:hash?', element: <VerificationPage /> }];

  it('success says "Thank you!" with a login link', async () => {
    vi.mocked(verifyAccount).mockResolvedValue({ message: 'ok' });
    renderAt('/user/verification/abc', routes);
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'login' })).toHaveAttribute('href', '/user/login');
    expect(vi.mocked(verifyAccount)).toHaveBeenCalledWith('abc');
  });

  it('failure says "Oops!" and puts the error in the page alert', async () => {
    vi.mocked(verifyAccount).mockRejectedValue(new ApiError(400, { message: 'This link has expired.' }));
    renderAt('/user/verification/abc', routes);
    expect(await screen.findByText('Oops!')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired.');
  });

  it('without a hash goes home', () => {
    renderAt('/user/verification', routes);
    expect(where()).toBe('/');
  });
});

describe('the forgot page', () => {
  it('hides the form and confirms, even when the server failed', async () => {
    vi.mocked(requestPasswordReset).mockRejectedValue(new ApiError(500, undefined));
    const user = renderAt('/user/forgot', [{ path: '/user/forgot', element: <ForgotPage /> }]);
    await user.type(screen.getByLabelText(/^Email/), 'kim@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(/If an account exists for kim@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).toBeNull();
  });
});

describe('the reset page', () => {
  const routes = [{ path: '/user/reset/:userId/:hash', element: <ResetPage /> }];

  it('keeps the button disabled while invalid; success disables the fields and links to login', async () => {
    vi.mocked(resetPassword).mockResolvedValue({ message: 'ok' });
    const user = renderAt('/user/reset/7/xyz', routes);
    const button = screen.getByRole('button', { name: 'Reset Password' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText(/^New Password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'new-password-2');
    expect(screen.getByText(tm(MESSAGES.passwordsMatch))).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Confirm Password/), 'new-password-1');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByRole('link', { name: 'Proceed to login' })).toHaveAttribute(
      'href',
      '/user/login',
    );
    expect(screen.getByLabelText(/^New Password/)).toBeDisabled();
    expect(vi.mocked(resetPassword)).toHaveBeenCalledWith({
      userId: 7,
      hash: 'xyz',
      newPassword: 'new-password-1',
    });
  });

  it('a refused reset stays on the form with the error in the page alert', async () => {
    vi.mocked(resetPassword).mockRejectedValue(new ApiError(400, { message: 'This link has expired.' }));
    const user = renderAt('/user/reset/7/xyz', routes);
    await user.type(screen.getByLabelText(/^New Password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.getByLabelText(/^New Password/)).toBeEnabled();
  });
});

describe('the invitation page (decision 049)', () => {
  const routes = [{ path: '/user/invite/:token', element: <InvitePage /> }];

  it('greets the invitee, sets the password and lands a ring official on matchday', async () => {
    vi.mocked(checkInvite).mockResolvedValue({
      email: 'robin@example.com',
      firstName: 'Robin',
      role: 'RingOfficial',
    });
    const answer = { user: { personId: 9, roles: ['RingOfficial'] } };
    vi.mocked(acceptInvite).mockResolvedValue(answer as never);
    vi.mocked(toSession).mockReturnValue({
      user: { personId: 9, roles: ['RingOfficial'], userDisplayName: 'Robin Vale' },
      token: 'tok',
      refreshToken: 'ref',
    });
    const user = renderAt('/user/invite/good-secret', routes);
    expect(await screen.findByText(/Hello Robin: choose a password for robin@example.com/)).toHaveTextContent(
      'as a ring official',
    );
    await user.type(screen.getByLabelText(/^New Password/), 'robin-rings-2026');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'robin-rings-2026');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(where()).toBe('/admin/matchday'));
    expect(vi.mocked(checkInvite)).toHaveBeenCalledWith('good-secret');
    expect(vi.mocked(acceptInvite)).toHaveBeenCalledWith({
      token: 'good-secret',
      password: 'robin-rings-2026',
    });
  });

  it('opened on a browser signed in as a parent: the form is there, and says whose account it signs in instead', async () => {
    vi.mocked(checkInvite).mockResolvedValue({
      email: 'robin@example.com',
      firstName: 'Robin',
      role: 'CheckInAdmin',
    });
    setSession({
      user: { personId: 4, roles: ['Customer'], userDisplayName: 'Sam Lee' },
      token: 't',
      refreshToken: 'r',
    });
    try {
      renderAt('/user/invite/good-secret', routes);
      expect(await screen.findByRole('note')).toHaveTextContent(
        'This browser is signed in as Sam Lee. Setting this password signs it in as robin@example.com instead.',
      );
      expect(screen.getByLabelText(/^New Password/)).toBeEnabled();
    } finally {
      clearSession();
    }
  });

  it('a used, expired or withdrawn link says so, with no form', async () => {
    vi.mocked(checkInvite).mockRejectedValue(
      new ApiError(400, { message: 'This invitation link is no longer valid.' }),
    );
    renderAt('/user/invite/used-secret', routes);
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText('This invitation link is no longer valid.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
  });
});
