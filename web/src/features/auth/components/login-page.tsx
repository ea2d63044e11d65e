import { AuthenticateRequestSchema } from '@shared/contract/users.ts';
import { Link, useLocation, useNavigate } from 'react-router';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useAction } from '@web/lib/action.ts';
import { useForm } from '@web/lib/form.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useSiteSettings } from '@web/lib/site-settings.tsx';
import { setSession, setSessionForNextPage } from '@web/lib/session.ts';
import { invalidateQueriesExcept } from '@web/lib/use-query.ts';
import { signIn, signInWithGoogle, toSession, useTournaments } from '../api/accounts.ts';
import { timeZoneOr } from '@shared/domain/time.ts';
import { isTournamentDay, loginDestination, takeReturnUrl } from '../login-destination.ts';
import { GoogleButton } from './google-button.tsx';
import { TournamentStatusPanel } from './tournament-status-panel.tsx';
import { href, PAGES } from '@web/app/pages.ts';
import { t } from '@web/lib/i18n.tsx';

/** What a page leading here may hand the form: the address just verified. */
export interface LoginState {
  email: string;
}

/** /user/login: the tournament status panel and the sign-in form (docs/product.md §2). */
export function LoginPage() {
  usePageMeta(PAGES.login.title, t('auth.login.description'));
  const settings = useSiteSettings();
  const tournaments = useTournaments();

  const navigate = useNavigate();
  const handed = (useLocation().state as Partial<LoginState> | null)?.email;
  async function finish(answer: Parameters<typeof toSession>[0]) {
    const session = toSession(answer);
    const target = loginDestination(
      session.user.roles,
      takeReturnUrl(),
      isTournamentDay(tournaments.data, new Date(), timeZoneOr(settings?.timeZone)),
    );
    // In-page navigation (decision 027: a fresh page load showed a blank white screen for about
    // 300 ms). The session is stored first without telling this page; the shell's guard
    // leaves a signed-in user on this /user page alone while the navigation runs (the login
    // button keeps its spinner), and the new identity starts with empty caches.
    setSessionForNextPage(session);
    // Not the site settings: the shell renders nothing without them.
    invalidateQueriesExcept((key) => key === 'settings');
    // flushSync: the navigation's first state is on screen before the session is announced.
    // Router updates otherwise render as a transition, and on a busy phone the session's
    // announcement (an urgent render) could still meet the /user page with no navigation
    // running: the guard then swapped the whole page for a redirect, a blank page for a moment.
    await navigate(target, { replace: true, flushSync: true });
    setSession(session);
  }

  // The e-mail is the account's username (docs/product.md §7, POST /api/users/authenticate).
  const form = useForm({
    schema: AuthenticateRequestSchema,
    initial: { username: typeof handed === 'string' ? handed : '', password: '' },
    onSubmit: async (values) => finish(await signIn(values)),
  });
  const google = useAction(async (credential: string, clientId: string) =>
    finish(await signInWithGoogle(credential, clientId)),
  );
  const busy = form.busy || google.busy;
  const googleClientId = settings?.googleClientId;

  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <h1 className="sr-only md:col-span-2">{t('auth.login.heading')}</h1>
      <TournamentStatusPanel
        tournaments={tournaments.data}
        isLoading={tournaments.isLoading}
        now={new Date()}
      />
      <Card>
        <CardHeader>
          <CardTitle>{t('auth.login.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={(e) => void form.submit(e)}>
            <TextField
              label={t('auth.field.email')}
              type="email"
              autoComplete="email"
              required
              {...form.field('username')}
              name="email"
            />
            <TextField
              label={t('auth.field.password')}
              type="password"
              autoComplete="current-password"
              required
              {...form.field('password')}
            />
            <div className="flex flex-wrap items-center gap-4">
              <Button type="submit" disabled={busy}>
                {busy && <Spinner className="size-4" />}
                {t('auth.login.button')}
              </Button>
              <Link to={href('forgot')}>{t('auth.login.forgot')}</Link>
            </div>
          </form>
          {googleClientId ? (
            <GoogleButton
              clientId={googleClientId}
              onCredential={(c) => void google.run(c, googleClientId)}
            />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
