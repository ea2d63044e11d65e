import type { Dashboard } from '@shared/contract/admin-reports.ts';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { formatDate, formatDollars } from '@web/lib/format.ts';
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
        aria-label="Competitors checked in"
        aria-valuemin={0}
        aria-valuemax={checkIn.expected}
        aria-valuenow={checkIn.checkedIn}
        className="h-3 rounded-sm bg-muted"
      >
        <span className="block h-3 rounded-sm bg-primary" style={{ width: `${share}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">{share}% of expected competitors</p>
    </div>
  );
}

function DashboardView({ data }: { data: Dashboard }) {
  const { tournament: t, registrations, competitors, revenue, checkIn } = data;
  if (!t) return <p>There is no upcoming tournament scheduled.</p>;
  return (
    <div className="grid gap-6">
      <p className="text-muted-foreground">
        {formatDate(t.tournamentDate)}, {t.venue}, {t.city}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Checked in"
          value={`${checkIn.checkedIn} of ${checkIn.expected} checked in`}
          testId="dashboard-checked-in"
        >
          <CheckInProgress checkIn={checkIn} />
        </Figure>
        <Figure label="Registrations" value={registrations.completed} testId="dashboard-registrations">
          <p className="text-sm text-muted-foreground">{registrations.incomplete} not completed yet</p>
        </Figure>
        <Figure
          label="Revenue online"
          value={formatDollars(revenue.online)}
          testId="dashboard-revenue-online"
        />
        <Figure
          label="Revenue at the door"
          value={formatDollars(revenue.door)}
          testId="dashboard-revenue-door"
        >
          <p className="text-sm text-muted-foreground">
            Cash {formatDollars(revenue.byMethod.cash)}, card terminal {formatDollars(revenue.byMethod.card)},
            e-transfer {formatDollars(revenue.byMethod.etransfer)}
          </p>
        </Figure>
        <Figure label="Competitors" value={competitors.total} testId="dashboard-competitors" />
        <Figure label="Spectator passes" value={data.spectators} testId="dashboard-spectators" />
        <Figure label="Lunch tickets" value={data.lunch} testId="dashboard-lunch" />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Competitors</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <BarChart title="By event type" counts={competitors.byEventType} />
          <BarChart title="By level" counts={competitors.byLevel} />
          <BarChart title="By age on tournament day" counts={competitors.byAgeBand} />
          <BarChart title="By gender" counts={competitors.byGender} />
        </CardContent>
      </Card>
    </div>
  );
}

export function DashboardPage() {
  usePageMeta(
    PAGES.dashboard.title,
    'Registrations, competitors, revenue and check-in of the next tournament.',
  );
  const dashboard = useDashboard();
  useLiveRefresh(dashboard.refetch);
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <QueryView query={dashboard}>{(data) => <DashboardView data={data} />}</QueryView>
    </div>
  );
}
