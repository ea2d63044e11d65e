import { Link } from 'react-router';
import type { Tournament } from '@shared/contract/public.ts';
import { homeState, nextTournament } from '@shared/domain/tournament-status.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { formatDate } from '@web/lib/format.ts';
import { useFlag } from '@web/lib/site-settings.tsx';
import { href } from '@web/app/pages.ts';

/** docs/product.md §2 "Login panel states": today, open or opening soon, closed, none. */
export function TournamentStatusPanel({
  tournaments,
  isLoading,
  now,
}: {
  tournaments: Tournament[] | undefined;
  isLoading: boolean;
  now: Date;
}) {
  // Lunch is mentioned only while lunch tickets are sold (SellLunchTickets).
  const sellLunch = useFlag('SellLunchTickets');
  if (isLoading && !tournaments) {
    return (
      <Card>
        <CardContent className="py-6">
          <Spinner />
        </CardContent>
      </Card>
    );
  }
  const next = nextTournament(tournaments ?? [], now);
  const state = homeState(next);
  return (
    <Card aria-labelledby="tournament-status-title">
      <CardHeader>
        <CardTitle id="tournament-status-title">
          {state === 'today'
            ? 'Tournament Today!'
            : state === 'closed'
              ? 'Online registration is currently closed'
              : state === 'none'
                ? 'Thank you for your interest!'
                : "Don't have an account?"}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {state === 'today' && next && (
          <p>
            Registration today is in person only, from {next.inPersonRegistrationTimes || '8:30AM to 10AM'}.
          </p>
        )}
        {(state === 'open' || state === 'soon') && next && (
          <>
            {state === 'soon' && (
              <Alert>
                Registration opens soon! Online registration opens on {formatDate(next.registrationOpensOn)}.
              </Alert>
            )}
            <p>
              Sign up for an account to register competitors
              {sellLunch ? ', spectators and lunch' : ' and spectators'} for the tournament.
            </p>
            {state === 'soon' ? (
              <Button disabled className="justify-self-start">
                Sign Up
              </Button>
            ) : (
              <Button asChild className="justify-self-start">
                <Link to={href('register')}>Sign Up</Link>
              </Button>
            )}
          </>
        )}
        {state === 'closed' && <p>Please check back for the next tournament.</p>}
        {state === 'none' && <p>The next tournament has not been announced yet. Please check back soon.</p>}
      </CardContent>
    </Card>
  );
}
