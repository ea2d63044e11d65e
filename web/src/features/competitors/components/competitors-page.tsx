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
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
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
      aria-label={t('competitors.filter.label')}
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-7 print:hidden"
      onSubmit={(e) => e.preventDefault()}
    >
      <TextField
        label={t('competitors.filter.name')}
        type="search"
        autoComplete="off"
        value={value('name')}
        onChange={(e) => onChange('name', e.target.value)}
      />
      <SelectField
        label={t('competitors.filter.eventType')}
        placeholder={t('competitors.filter.allEventTypes')}
        value={value('eventTypeId')}
        options={(report?.eventTypes ?? []).map((type) => ({ value: String(type.id), label: type.title }))}
        onChange={(e) => onChange('eventTypeId', e.target.value)}
      />
      <SelectField
        label={t('competitors.level')}
        placeholder={t('competitors.filter.allLevels')}
        value={value('levelId')}
        options={(report?.levels ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
        onChange={(e) => onChange('levelId', e.target.value)}
      />
      <TextField
        label={t('competitors.filter.ageFrom')}
        type="number"
        inputMode="numeric"
        min={0}
        max={150}
        value={value('minAge')}
        onChange={(e) => onChange('minAge', e.target.value)}
      />
      <TextField
        label={t('competitors.filter.ageTo')}
        type="number"
        inputMode="numeric"
        min={0}
        max={150}
        value={value('maxAge')}
        onChange={(e) => onChange('maxAge', e.target.value)}
      />
      <SelectField
        label={t('competitors.gender')}
        placeholder={t('competitors.filter.allGenders')}
        value={value('gender')}
        options={([1, 2] as const).map((g) => ({ value: String(g), label: tm(GENDER_LABELS[g]) }))}
        onChange={(e) => onChange('gender', e.target.value)}
      />
      <SelectField
        label={t('competitors.checkedIn')}
        placeholder={t('competitors.filter.everyone')}
        value={value('checkedIn')}
        options={[
          { value: 'yes', label: t('competitors.checkedIn') },
          { value: 'no', label: t('competitors.filter.notCheckedIn') },
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
  const format = useFormat();
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
          {onClear ? t('competitors.empty.noMatch') : t('competitors.empty.none')}
        </p>
        {onClear && (
          <Button variant="outline" size="sm" onClick={onClear}>
            {t('competitors.empty.clear')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <Table>
      <TableCaption className="text-left">
        {report.tournament
          ? t('competitors.caption.at', {
              count,
              venue: report.tournament.venue,
              date: format.date(report.tournament.tournamentDate),
            })
          : t('competitors.caption', { count })}
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('competitors.column.name')}</TableHead>
          <TableHead>{t('competitors.column.age')}</TableHead>
          <TableHead>{t('competitors.gender')}</TableHead>
          <TableHead>{t('competitors.level')}</TableHead>
          <TableHead>{t('competitors.column.weight')}</TableHead>
          <TableHead>{t('competitors.column.events')}</TableHead>
          <TableHead>{t('competitors.column.school')}</TableHead>
          <TableHead>{t('competitors.checkedIn')}</TableHead>
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
            <TableCell>{tm(GENDER_LABELS[c.gender])}</TableCell>
            <TableCell>{c.level.name}</TableCell>
            <TableCell className="tabular-nums">
              {c.weightKg === null ? '' : t('competitors.weightKg', { weight: format.number(c.weightKg) })}
            </TableCell>
            <TableCell>{c.events.map((e) => e.name).join(', ')}</TableCell>
            <TableCell>{c.school}</TableCell>
            <TableCell>
              {c.checkedInAt
                ? t('competitors.checkedInAt', { time: format.timeOrDateTime(c.checkedInAt) })
                : t('competitors.notYet')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function CompetitorsPage() {
  usePageMeta(PAGES.competitors.title, t('competitors.description'));
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
        <h1 className="text-2xl font-semibold">{t('competitors.title')}</h1>
        <div className="flex flex-wrap gap-2 print:hidden">
          {printView ? (
            <>
              <Button onClick={() => window.print()}>{t('competitors.print')}</Button>
              <Button variant="outline" asChild>
                <Link to={withPrint(false)}>{t('competitors.backToList')}</Link>
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
                {t('competitors.downloadCsv')}
              </Button>
              <Button variant="outline" asChild>
                <Link to={withPrint(true)}>{t('competitors.printView')}</Link>
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
