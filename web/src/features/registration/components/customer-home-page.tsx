import { nextTournament } from '@shared/domain/tournament-status.ts';
import { Link, Navigate, Outlet } from 'react-router';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import type { CompetitorScheduleEntry } from '@shared/contract/matchday.ts';
import type { Formatters } from '@shared/i18n/format.ts';
import { t, tm, tx, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useRegistrations, useSchedule, useTournaments } from '../api/registration.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { AccountLanguage } from './account-language.tsx';
import { PublicationChoicesCard } from './consent-cards.tsx';

/** "Forms, Girls 10-11: Ring 3, about 10:45" (decision 022). */
function scheduleText(e: CompetitorScheduleEntry & { ringName: string }, format: Formatters): string {
  const what = [e.eventTypes.join(' & '), tm(e.title)].filter(Boolean).join(', ');
  const when =
    e.status === 'current'
      ? t('registration.schedule.now')
      : e.status === 'completed'
        ? t('registration.schedule.completed')
        : e.estimatedStart
          ? format.about(e.estimatedStart)
          : null;
  return t('registration.schedule.line', { what, ring: e.ringName, when: when ?? 'none' });
}

/** Where and when each competitor's divisions run; nothing for divisions not on a ring yet. */
function Schedule({ entries }: { entries: readonly CompetitorScheduleEntry[] }) {
  const assigned = entries.filter(
    (e): e is CompetitorScheduleEntry & { ringName: string } => e.ringName !== null,
  );
  const format = useFormat();
  if (assigned.length === 0) return null;
  const byCompetitor = new Map<number, { firstName: string; lines: string[] }>();
  for (const e of assigned) {
    const c = byCompetitor.get(e.competitorId) ?? { firstName: e.firstName, lines: [] };
    c.lines.push(scheduleText(e, format));
    byCompetitor.set(e.competitorId, c);
  }
  return (
    <Card data-testid="schedule">
      <CardHeader>
        <CardTitle as="h2">{t('registration.schedule.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {[...byCompetitor].map(([id, c]) => (
          <div key={id}>
            <h3 className="font-semibold">{c.firstName}</h3>
            <ul className="grid gap-1">
              {c.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        ))}
        <p className="text-sm text-muted-foreground">{t('registration.schedule.estimates')}</p>
      </CardContent>
    </Card>
  );
}

/** `/customer/home`: this tournament's registrations with status, balance and receipts (docs/product.md §2). */
export function CustomerHomePage() {
  usePageMeta(PAGES.customerHome.title, t('registration.home.description'));
  const format = useFormat();
  const tournaments = useTournaments();
  const next = tournaments.data ? nextTournament(tournaments.data, new Date()) : undefined;
  const registrations = useRegistrations(next?.id);
  const schedule = useSchedule(next?.id);
  if (tournaments.isLoading || (next && registrations.isLoading)) return <Spinner />;
  const list = registrations.data ?? [];
  const completed = list.filter((r) => r.isCompleted);
  // docs/product.md §2: no completed registration while registration is open goes to registering.
  // The spinner stays while the next page loads: never a blank page after sign-in (decision 027).
  if (next?.isRegistrationOpen && completed.length === 0)
    return (
      <>
        <Spinner />
        <Navigate to={href('registrationStart')} replace />
      </>
    );
  const needsSmsChoice = list.some((r) => r.contacts.some((c) => c.lacksSmsPreference));

  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <h1 className="text-2xl font-bold">{t('registration.home.title')}</h1>
      {next ? (
        <p>
          {t('registration.home.where', {
            date: format.date(next.tournamentDate),
            city: next.city,
            venue: next.venue,
          })}
        </p>
      ) : (
        <p>{t('registration.home.thanks')}</p>
      )}
      {next?.isTournamentToday && list.length > 0 && (
        <p>
          <Button asChild>
            <Link to={href('customerDay')}>{t('registration.home.day')}</Link>
          </Button>{' '}
          <span className="text-sm text-muted-foreground">{t('registration.home.dayHint')}</span>
        </p>
      )}
      {list.length > 0 && (
        <p>
          <Link to={href('notificationPreferences')} className="inline-flex min-h-11 items-center">
            {t('registration.preferences.title')}
          </Link>{' '}
          <span className="text-sm text-muted-foreground">{t('registration.home.preferencesHint')}</span>
        </p>
      )}
      <p>
        <Link to={href('fileSharing')} className="inline-flex min-h-11 items-center">
          {t('registration.home.fileSharing')}
        </Link>{' '}
        <span className="text-sm text-muted-foreground">{t('registration.home.fileSharingHint')}</span>
      </p>
      <AccountLanguage />
      {needsSmsChoice && (
        <p role="status" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-900">
          {tx('registration.home.needsSms', {
            link: (inner) => <Link to={href('notificationPreferences')}>{inner}</Link>,
          })}
        </p>
      )}
      <Schedule entries={schedule.data ?? []} />
      {list.map((r, i) => (
        <Card key={r.registrationId} data-testid="registration-card">
          <CardHeader>
            {/* Numbered for the family, not by the database's id. */}
            <CardTitle as="h2">
              {t('registration.home.cardTitle', {
                numbered: list.length > 1 ? 'yes' : 'no',
                number: i + 1,
                completed: r.isCompleted ? 'yes' : 'no',
              })}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <p>
              {r.competitors.map((c) => `${c.firstName} ${c.lastName}`).join(', ') ||
                t('registration.home.noCompetitors')}
              {r.spectators > 0 ? `; ${t('registration.home.spectators', { count: r.spectators })}` : ''}
            </p>
            <p>
              {t('registration.home.money', {
                total: format.money(r.cost),
                paid: format.money(r.amountPaid),
                owing: format.money(r.balanceOwing),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              {r.receipt && (
                <Button asChild variant="outline">
                  <Link to={href('receipt', { registrationId: r.registrationId })}>
                    {t('registration.home.receipt', { code: r.receipt.confirmationCode })}
                  </Link>
                </Button>
              )}
              {!r.isCompleted && next?.isRegistrationOpen && (
                <Button asChild>
                  <Link to={href('registration', { registrationId: r.registrationId })}>
                    {t('registration.home.continue')}
                  </Link>
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
      ))}
      <PublicationChoicesCard registrations={list} tournamentDate={next?.tournamentDate} />
      {next?.isRegistrationOpen && (
        <div>
          <Button asChild variant="secondary">
            <Link to={href('registrationStart')}>{t('registration.home.startAnother')}</Link>
          </Button>
        </div>
      )}
      <Outlet />
    </div>
  );
}
