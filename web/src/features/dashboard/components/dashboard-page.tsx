import type { Dashboard } from '@shared/contract/admin-reports.ts';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { PAGES } from '@web/app/pages.ts';
import { useDashboard, useLiveRefresh } from '../api/dashboard.ts';
import { BarChart } from './bar-chart.tsx';

// /admin/dashboard (decision 013; TournamentDirector, SuperAdmin): the next tournament at a glance,
// live as check-in tablets and the payments desk sync (docs/decisions/013).

function Figure({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-4">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>
          {value}
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

function CheckInProgress({ checkIn }: { checkIn: Dashboard['checkIn'] }) {
  const share = checkIn.expected ? Math.round((100 * checkIn.checkedIn) / checkIn.expected) : 0;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={t('dashboard.checkIn.label')}
        aria-valuemin={0}
        aria-valuemax={checkIn.expected}
        aria-valuenow={checkIn.checkedIn}
        className="h-3 rounded-sm bg-muted"
      >
        <span className="block h-3 rounded-sm bg-primary" style={{ width: `${share}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">{t('dashboard.checkIn.share', { share })}</p>
    </div>
  );
}

function DashboardView({ data }: { data: Dashboard }) {
  const { tournament, registrations, competitors, revenue, checkIn } = data;
  const format = useFormat();
  if (!tournament) return <p>{t('dashboard.noTournament')}</p>;
  return (
    <div className="grid gap-6">
      <p className="text-muted-foreground">
        {format.date(tournament.tournamentDate)}, {tournament.venue}, {tournament.city}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label={t('dashboard.checkedIn')}
          value={t('dashboard.checkedIn.value', { checkedIn: checkIn.checkedIn, expected: checkIn.expected })}
          testId="dashboard-checked-in"
        >
          <CheckInProgress checkIn={checkIn} />
        </Figure>
        <Figure
          label={t('dashboard.registrations')}
          value={registrations.completed}
          testId="dashboard-registrations"
        >
          <p className="text-sm text-muted-foreground">
            {t('dashboard.registrations.incomplete', { count: registrations.incomplete })}
          </p>
        </Figure>
        <Figure
          label={t('dashboard.revenue.online')}
          value={format.money(revenue.online)}
          testId="dashboard-revenue-online"
        />
        <Figure
          label={t('dashboard.revenue.door')}
          value={format.money(revenue.door)}
          testId="dashboard-revenue-door"
        >
          <p className="text-sm text-muted-foreground">
            {t('dashboard.revenue.byMethod', {
              cash: format.money(revenue.byMethod.cash),
              card: format.money(revenue.byMethod.card),
              etransfer: format.money(revenue.byMethod.etransfer),
            })}
          </p>
        </Figure>
        <Figure label={t('dashboard.competitors')} value={competitors.total} testId="dashboard-competitors" />
        <Figure label={t('dashboard.spectators')} value={data.spectators} testId="dashboard-spectators" />
        <Figure label={t('dashboard.lunch')} value={data.lunch} testId="dashboard-lunch" />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('dashboard.competitors')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <BarChart title={t('dashboard.chart.eventType')} counts={competitors.byEventType} />
          <BarChart title={t('dashboard.chart.level')} counts={competitors.byLevel} />
          <BarChart title={t('dashboard.chart.age')} counts={competitors.byAgeBand} />
          <BarChart title={t('dashboard.chart.gender')} counts={competitors.byGender} />
        </CardContent>
      </Card>
    </div>
  );
}

export function DashboardPage() {
  usePageMeta(PAGES.dashboard.title, t('dashboard.description'));
  const dashboard = useDashboard();
  useLiveRefresh(dashboard.refetch);
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">{t('dashboard.title')}</h1>
      <QueryView query={dashboard}>{(data) => <DashboardView data={data} />}</QueryView>
    </div>
  );
}
