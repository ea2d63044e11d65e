import {
  GENDER_LABELS,
  type CompetitorReport,
  type CompetitorsQuery,
} from '@shared/contract/admin-reports.ts';
import { nameMatches } from '@shared/domain/names.ts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table.tsx';
import { formatDate, useTimeFormat } from '@web/lib/format.ts';
import { usePageAlert } from '@web/lib/page-alert.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { downloadCompetitorsCsv, useCompetitors } from '../api/competitors.ts';
import { href, PAGES } from '@web/app/pages.ts';

// /admin/competitors (decision 013; TournamentDirector, SuperAdmin): every competitor of the next
// tournament, filtered by event type, level, age, gender and check-in; CSV export; a print view
// (`?print=1`, same filters). The filters live in the address so a print view or a shared link
// shows the same list.

const FILTER_KEYS = ['name', 'eventTypeId', 'levelId', 'minAge', 'maxAge', 'gender', 'checkedIn'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function filterOf(params: URLSearchParams): CompetitorsQuery {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const v = params.get(key);
    if (v) out[key] = v;
  }
  return out as CompetitorsQuery;
}

function Filters({
  report,
  filter,
  onChange,
}: {
  report: CompetitorReport | undefined;
  filter: CompetitorsQuery;
  onChange: (key: FilterKey, value: string) => void;
}) {
  const value = (key: FilterKey) => String(filter[key] ?? '');
  return (
    <form
      role="search"
      aria-label="Filter competitors"
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-7 print:hidden"
      onSubmit={(e) => e.preventDefault()}
    >
      <TextField
        label="Search by name"
        type="search"
        autoComplete="off"
        value={value('name')}
        onChange={(e) => onChange('name', e.target.value)}
      />
      <SelectField
        label="Event type"
        placeholder="All event types"
        value={value('eventTypeId')}
        options={(report?.eventTypes ?? []).map((t) => ({ value: String(t.id), label: t.title }))}
        onChange={(e) => onChange('eventTypeId', e.target.value)}
      />
      <SelectField
        label="Level"
        placeholder="All levels"
        value={value('levelId')}
        options={(report?.levels ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
        onChange={(e) => onChange('levelId', e.target.value)}
      />
      <TextField
        label="Age from"
        type="number"
        inputMode="numeric"
        min={0}
        max={150}
        value={value('minAge')}
        onChange={(e) => onChange('minAge', e.target.value)}
      />
      <TextField
        label="Age to"
        type="number"
        inputMode="numeric"
        min={0}
        max={150}
        value={value('maxAge')}
        onChange={(e) => onChange('maxAge', e.target.value)}
      />
      <SelectField
        label="Gender"
        placeholder="All genders"
        value={value('gender')}
        options={([1, 2] as const).map((g) => ({ value: String(g), label: GENDER_LABELS[g] }))}
        onChange={(e) => onChange('gender', e.target.value)}
      />
      <SelectField
        label="Checked in"
        placeholder="Everyone"
        value={value('checkedIn')}
        options={[
          { value: 'yes', label: 'Checked in' },
          { value: 'no', label: 'Not checked in' },
        ]}
        onChange={(e) => onChange('checkedIn', e.target.value)}
      />
    </form>
  );
}

function CompetitorsTable({
  report,
  name,
  onClear,
}: {
  report: CompetitorReport;
  name: string;
  onClear: (() => void) | undefined;
}) {
  const time = useTimeFormat();
  // The name is matched here as typed, without a round trip; the server applies the
  // same rule (shared/domain/names.ts) to the CSV.
  const competitors = name
    ? report.competitors.filter((c) => nameMatches(c.firstName, c.lastName, name))
    : report.competitors;
  const count = competitors.length;
  if (count === 0) {
    return (
      <div
        role="status"
        className="grid justify-items-start gap-2 rounded-md border p-4"
        data-testid="competitors-empty"
      >
        <p className="font-medium">
          {onClear
            ? 'No competitors match these filters.'
            : 'No competitors are registered for this tournament yet.'}
        </p>
        {onClear && (
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear the filters
          </Button>
        )}
      </div>
    );
  }
  return (
    <Table>
      <TableCaption className="text-left">
        {count === 1 ? '1 competitor' : `${count} competitors`}
        {report.tournament &&
          ` at ${report.tournament.venue}, ${formatDate(report.tournament.tournamentDate)}`}
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Age</TableHead>
          <TableHead>Gender</TableHead>
          <TableHead>Level</TableHead>
          <TableHead>Weight</TableHead>
          <TableHead>Events</TableHead>
          <TableHead>School</TableHead>
          <TableHead>Checked in</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {competitors.map((c) => (
          <TableRow key={c.id}>
            <TableCell>
              <Link
                to={href('adminRegistration', { registrationId: c.registrationId })}
                className="print:no-underline"
              >
                {c.lastName}, {c.firstName}
              </Link>
            </TableCell>
            <TableCell className="tabular-nums">{c.age}</TableCell>
            <TableCell>{GENDER_LABELS[c.gender]}</TableCell>
            <TableCell>{c.level.name}</TableCell>
            <TableCell className="tabular-nums">{c.weightKg === null ? '' : `${c.weightKg} kg`}</TableCell>
            <TableCell>{c.events.map((e) => e.name).join(', ')}</TableCell>
            <TableCell>{c.school}</TableCell>
            <TableCell>{c.checkedInAt ? `Yes, ${time.timeOrDateTime(c.checkedInAt)}` : 'Not yet'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function CompetitorsPage() {
  usePageMeta(
    PAGES.competitors.title,
    'Every competitor of the next tournament, with filters, CSV export and a print view.',
  );
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const { name = '', ...serverFilter } = filter;
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const printView = params.get('print') === '1';
  const competitors = useCompetitors(serverFilter);
  const data = competitors.data;
  const { showError } = usePageAlert();
  const [downloading, setDownloading] = useState(false);

  const change = (key: FilterKey, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const withPrint = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('print', '1');
    else next.delete('print');
    return `?${next.toString()}`;
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Competitors</h1>
        <div className="flex flex-wrap gap-2 print:hidden">
          {printView ? (
            <>
              <Button onClick={() => window.print()}>Print</Button>
              <Button variant="outline" asChild>
                <Link to={withPrint(false)}>Back to the list</Link>
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="outline"
                disabled={downloading}
                onClick={() => {
                  setDownloading(true);
                  downloadCompetitorsCsv(
                    filter,
                    `competitors-${data?.tournament?.tournamentDate ?? 'list'}.csv`,
                  )
                    .catch(showError)
                    .finally(() => setDownloading(false));
                }}
              >
                Download CSV
              </Button>
              <Button variant="outline" asChild>
                <Link to={withPrint(true)}>Print view</Link>
              </Button>
            </>
          )}
        </div>
      </div>
      {!printView && <Filters report={data} filter={filter} onChange={change} />}
      <QueryView query={competitors}>
        {(data) => (
          <CompetitorsTable
            report={data}
            name={name}
            onClear={
              filtered
                ? () => {
                    const next = new URLSearchParams(params);
                    for (const key of FILTER_KEYS) next.delete(key);
                    setParams(next, { replace: true });
                  }
                : undefined
            }
          />
        )}
      </QueryView>
    </div>
  );
}
