import { Link } from 'react-router';
import type { Tournament } from '@shared/contract/public.ts';
import { homeState, nextTournament } from '@shared/domain/tournament-status.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useFlag } from '@web/lib/site-settings.tsx';
import { href } from '@web/app/pages.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';

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
  const format = useFormat();
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
            ? t('auth.status.todayTitle')
            : state === 'closed'
              ? t('auth.status.closedTitle')
              : state === 'none'
                ? t('auth.status.noneTitle')
                : t('auth.status.openTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {state === 'today' && next && (
          <p>
            {t('auth.status.todayText', {
              times: next.inPersonRegistrationTimes || t('auth.status.defaultTimes'),
            })}
          </p>
        )}
        {(state === 'open' || state === 'soon') && next && (
          <>
            {state === 'soon' && (
              <Alert>{t('auth.status.opensSoon', { date: format.date(next.registrationOpensOn) })}</Alert>
            )}
            <p>{t('auth.status.signUpText', { lunch: sellLunch ? 'yes' : 'no' })}</p>
            {state === 'soon' ? (
              <Button disabled className="justify-self-start">
                {t('auth.register.button')}
              </Button>
            ) : (
              <Button asChild className="justify-self-start">
                <Link to={href('register')}>{t('auth.register.button')}</Link>
              </Button>
            )}
          </>
        )}
        {state === 'closed' && <p>{t('auth.status.closedText')}</p>}
        {state === 'none' && <p>{t('auth.status.noneText')}</p>}
      </CardContent>
    </Card>
  );
}
