import type { EventType, SiteSettings, Tournament } from '@shared/contract/public.ts';
import { GRAND_CHAMPION_POINTS } from '@shared/domain/costs.ts';
import { homeState, nextTournament } from '@shared/domain/tournament-status.ts';
import { MapPin, Trophy } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { usePageAlert } from '@web/lib/page-alert.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { PAGES } from '@web/app/pages.ts';
import { Flag, useSiteSettings, useSiteSettingsSettled } from '@web/lib/site-settings.tsx';
import { useEventTypes, useTournaments } from '../api/home.ts';
import { RegistrationStatus } from './registration-status.tsx';
import { VenueBlock } from './venue-block.tsx';

const homeDescription = (settings: SiteSettings | undefined) =>
  t('public.home.description', { site: settings?.siteName ?? t('public.home.theTournament') });

/** `/`: the public home page for the next tournament (docs/product.md §1 and §2). */
export function HomePage() {
  const settings = useSiteSettings();
  const settingsSettled = useSiteSettingsSettled();
  usePageMeta(PAGES.home.title, homeDescription(settings));
  const tournaments = useTournaments();
  const eventTypes = useEventTypes();
  const { showError } = usePageAlert();
  const error = tournaments.error ?? eventTypes.error;
  useEffect(() => {
    if (error) showError(error);
  }, [error, showError]);

  if (tournaments.isLoading || eventTypes.isLoading || !settingsSettled) {
    return (
      <div className="grid min-h-64 place-items-center">
        <Spinner />
      </div>
    );
  }
  if (!tournaments.data || !settings) {
    // The error itself is in the page alert; the tournament's state is unknown, so say nothing about it.
    return (
      <div className="grid justify-items-start gap-4">
        <h1 className="text-3xl font-bold">{settings?.siteName ?? t('public.home.detailsTitle')}</h1>
        <p>{t('public.home.notLoaded')}</p>
        <Button variant="outline" onClick={tournaments.refetch}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  const tournament = nextTournament(tournaments.data, new Date());
  return (
    <HomeContent
      settings={settings}
      tournament={tournament}
      eventTypes={(eventTypes.data ?? []).filter((e) => e.showOnHomepage)}
    />
  );
}

function HomeContent({
  settings,
  tournament,
  eventTypes,
}: {
  settings: SiteSettings;
  tournament: Tournament | undefined;
  eventTypes: EventType[];
}) {
  const state = homeState(tournament);
  const format = useFormat();
  return (
    <div className="grid gap-8">
      <section
        aria-labelledby="site-name"
        className="rounded-lg bg-primary px-6 py-10 text-primary-foreground dark:bg-red-900 dark:text-red-50"
      >
        <h1 id="site-name" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {settings.siteName}
        </h1>
        {tournament ? (
          <p className="mt-3 text-lg sm:text-xl">
            {t('public.home.dateAt', {
              date: format.date(tournament.tournamentDate),
              venue: tournament.venue,
              city: tournament.city,
            })}
          </p>
        ) : (
          <p className="mt-3 text-lg">{t('public.home.tagline')}</p>
        )}
      </section>

      <RegistrationStatus state={state} tournament={tournament} />

      {tournament && (
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t('public.home.pricing')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2">
                <li>
                  {t('public.home.competing', {
                    online: format.money(tournament.competitorOnlineCost),
                    door: format.money(tournament.competitorDoorCost),
                  })}
                </li>
                <li>{t('public.home.spectators', { cost: format.money(tournament.spectatorCost) })}</li>
                <Flag name="SellLunchTickets">
                  <li>{t('public.home.lunch', { cost: format.money(tournament.lunchCost) })}</li>
                </Flag>
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('public.home.schedule')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ol aria-label={t('public.home.schedule')} className="grid gap-2">
                {[...tournament.schedule]
                  .sort((a, b) => a.order - b.order)
                  .map((line) => (
                    <li key={line.order} className="flex flex-wrap justify-between gap-x-4">
                      <span>{line.line1}</span>
                      <span className="font-semibold">{line.line2}</span>
                    </li>
                  ))}
              </ol>
            </CardContent>
          </Card>
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Trophy aria-hidden="true" className="size-6 text-primary" />
            {t('public.home.grandChampionship')}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p>{t('public.home.grandIntro')}</p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(Object.entries(GRAND_CHAMPION_POINTS) as [string, number][]).map(([place, points]) => (
              <div key={place} className="rounded-md border p-3 text-center">
                <dt className="text-sm text-muted-foreground">
                  {t('public.home.place', { place: Number(place) })}
                </dt>
                <dd className="text-2xl font-bold">{t('public.home.points', { points })}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      {eventTypes.length > 0 && (
        <section aria-labelledby="events" className="grid gap-4">
          <h2 id="events" className="text-2xl font-bold">
            {t('public.home.events')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {eventTypes.map((e) => (
              <li key={e.id} className="rounded-lg border bg-card p-5">
                <h3 className="text-lg font-semibold">{e.title}</h3>
                <p className="mt-1 text-muted-foreground">{e.description}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <VenueBlock settings={settings} icon={<MapPin aria-hidden="true" className="size-6 text-primary" />} />
    </div>
  );
}
