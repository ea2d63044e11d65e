import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSiteSettings } from '../../../lib/site-settings.tsx';
import { setSessionForNextPage } from '../../../lib/session.ts';
import { signIn, signInWithGoogle, toSession, useTournaments } from '../api/accounts.ts';
import { loginDestination, takeReturnUrl } from '../login-destination.ts';
import { GoogleButton } from './google-button.tsx';
import { TournamentStatusPanel } from './tournament-status-panel.tsx';

/** /user/login: the tournament status panel and the sign-in form (SPEC.md section 2). */
export function LoginPage() {
  usePageMeta('Login', 'Sign in to register competitors, spectators and lunch for the tournament.');
  const settings = useSiteSettings();
  const { showError, clearAlert } = usePageAlert();
  const tournaments = useTournaments();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  function finish(answer: Parameters<typeof toSession>[0]) {
    const session = toSession(answer);
    const target = loginDestination(session.user.roles, takeReturnUrl());
    // A fresh page load at `target`: in-page navigation would re-render this /user page
    // signed in first, and the shell's guard sends signed-in users on /user pages to
    // /customer/registration. A new identity also starts with empty caches this way.
    setSessionForNextPage(session);
    window.location.replace(target);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clearAlert();
    setBusy(true);
    try {
      finish(await signIn({ username: email, password }));
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  }

  async function onGoogle(credential: string) {
    if (!settings?.googleClientId) return;
    clearAlert();
    setBusy(true);
    try {
      finish(await signInWithGoogle(credential, settings.googleClientId));
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  }

  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <h1 className="sr-only md:col-span-2">Login</h1>
      <TournamentStatusPanel tournaments={tournaments.data} isLoading={tournaments.isLoading} now={new Date()} />
      <Card>
        <CardHeader>
          <CardTitle>Sign In</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <div className="flex flex-wrap items-center gap-4">
              <Button type="submit" disabled={busy}>
                {busy && <Spinner className="size-4" />}
                Login
              </Button>
              <Link to="/user/forgot">Forgot your password?</Link>
            </div>
          </form>
          {settings?.googleClientId ? (
            <GoogleButton clientId={settings.googleClientId} onCredential={(c) => void onGoogle(c)} />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
