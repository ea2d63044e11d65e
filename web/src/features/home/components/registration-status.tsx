import type { Tournament } from '@shared/contract/public.ts';
import type { HomeState } from '@shared/domain/tournament-status.ts';
import { CalendarCheck, CalendarClock, CalendarX, PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { href, PAGES } from '@web/app/pages.ts';

/** The registration-status banner of the home page (docs/product.md §1 and §2). */
export function RegistrationStatus({
  state,
  tournament,
}: {
  state: HomeState;
  tournament: Tournament | undefined;
}) {
  const format = useFormat();
  if (state === 'none' || !tournament) {
    return (
      <Banner icon={<CalendarX aria-hidden="true" />} title={t('public.home.none.title')}>
        <p>{t('public.home.none.text')}</p>
      </Banner>
    );
  }
  switch (state) {
    case 'today':
      return (
        <Banner
          icon={<PartyPopper aria-hidden="true" />}
          title={t('public.home.today.title')}
          tone="highlight"
        >
          <p className="text-lg">{t('public.home.today.comeSee', { venue: tournament.venue })}</p>
          <p>{t('public.home.today.text', { times: tournament.inPersonRegistrationTimes })}</p>
          <Button asChild size="lg" className="mt-2 w-fit">
            <Link to={href('results')}>{tm(PAGES.results.title)}</Link>
          </Button>
        </Banner>
      );
    case 'open':
      return (
        <Banner
          icon={<CalendarCheck aria-hidden="true" />}
          title={t('public.home.open.title')}
          tone="highlight"
        >
          <p>{t('public.home.open.closes', { date: format.date(tournament.registrationClosesAfter) })}</p>
          <Button asChild size="lg" className="mt-2 w-fit">
            <Link to={href('registrationStart')}>{t('public.home.open.register')}</Link>
          </Button>
        </Banner>
      );
    case 'soon':
      return (
        <Banner icon={<CalendarClock aria-hidden="true" />} title={t('public.home.soon.title')}>
          <p>{t('public.home.soon.text', { date: format.date(tournament.registrationOpensOn) })}</p>
        </Banner>
      );
    case 'closed':
      return (
        <Banner icon={<CalendarX aria-hidden="true" />} title={t('public.home.closed.title')}>
          <p>{t('public.home.closed.text', { times: tournament.inPersonRegistrationTimes })}</p>
        </Banner>
      );
  }
}

function Banner({
  icon,
  title,
  tone = 'plain',
  children,
}: {
  icon: ReactNode;
  title: string;
  tone?: 'plain' | 'highlight';
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="registration-status"
      className={
        tone === 'highlight'
          ? 'rounded-lg border-2 border-primary bg-card p-6'
          : 'rounded-lg border bg-card p-6'
      }
    >
      <div className="flex items-start gap-4">
        <span className="mt-1 text-primary [&_svg]:size-8">{icon}</span>
        <div className="grid gap-2">
          <h2 id="registration-status" className="text-2xl font-bold">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}
