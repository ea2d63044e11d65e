import type { AdminRegistrationQuery, AdminRegistrationRow } from '@shared/contract/admin-registrations.ts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table.tsx';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { usePageAlert } from '@web/lib/page-alert.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { downloadDeskCsv, useDeskRegistrations, useViewedCustomerRegistrations } from '../api/desk.ts';
import { useViewingAs, type ViewingAs } from '../view-as.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

// `/admin/registrations` (docs/product.md §2 and §6): the staff registrations desk. The search,
// filters and order live in the address, so coming back from a registration keeps them.

const YES_NO = (yes: MessageKey, no: MessageKey) => [
  { value: 'true', label: t(yes) },
  { value: 'false', label: t(no) },
];
// The empty choice (the select's placeholder) is the default order, newest first.
const ORDERS: { value: string; label: MessageKey }[] = [
  { value: 'created:asc', label: 'registrationsDesk.order.oldest' },
  { value: 'family:asc', label: 'registrationsDesk.order.familyAZ' },
  { value: 'family:desc', label: 'registrationsDesk.order.familyZA' },
  { value: 'balance:desc', label: 'registrationsDesk.order.largestBalance' },
  { value: 'balance:asc', label: 'registrationsDesk.order.smallestBalance' },
];
const FILTERS = ['complete', 'balanceOwing', 'checkedIn'] as const;

function queryFrom(params: URLSearchParams): AdminRegistrationQuery {
  const query: AdminRegistrationQuery = {};
  const q = params.get('q');
  if (q) query.q = q;
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value === 'true' || value === 'false') query[name] = value;
  }
  const [sort, dir] = (params.get('order') ?? 'created:desc').split(':');
  if (sort === 'created' || sort === 'family' || sort === 'balance') query.sort = sort;
  if (dir === 'asc' || dir === 'desc') query.dir = dir;
  return query;
}

export function RegistrationsPage() {
  usePageMeta(PAGES.registrations.title, t('registrationsDesk.page.description'));
  const viewing = useViewingAs();
  return viewing ? <CustomerView viewing={viewing} /> : <Desk />;
}

function Desk() {
  const [params, setParams] = useSearchParams();
  const query = queryFrom(params);
  const { data, error, isLoading } = useDeskRegistrations(query);
  const { showError, clearAlert } = usePageAlert();
  const [search, setSearch] = useState(query.q ?? '');
  const [exporting, setExporting] = useState(false);

  function set(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    set('q', search.trim());
  }

  async function exportCsv() {
    setExporting(true);
    clearAlert();
    try {
      await downloadDeskCsv(query);
    } catch (err) {
      showError(err);
    } finally {
      setExporting(false);
    }
  }

  const filtered = Boolean(query.q) || FILTERS.some((f) => query[f] !== undefined);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('registrationsDesk.page.heading')}</h1>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
          {t('registrationsDesk.page.exportCsv')}
        </Button>
      </div>
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <TextField
            label={t('registrationsDesk.search.label')}
            type="search"
            placeholder={t('registrationsDesk.search.placeholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Button type="submit">{t('registrationsDesk.search.submit')}</Button>
      </form>
      <div className="grid gap-2 sm:grid-cols-4">
        <SelectField
          label={t('registrationsDesk.filter.complete')}
          placeholder={t('registrationsDesk.filter.all')}
          value={params.get('complete') ?? ''}
          options={YES_NO('registrationsDesk.filter.complete', 'registrationsDesk.filter.incomplete')}
          onChange={(e) => set('complete', e.target.value)}
        />
        <SelectField
          label={t('registrationsDesk.filter.balanceOwing')}
          placeholder={t('registrationsDesk.filter.all')}
          value={params.get('balanceOwing') ?? ''}
          options={YES_NO('registrationsDesk.filter.balanceOwing', 'registrationsDesk.filter.paidInFull')}
          onChange={(e) => set('balanceOwing', e.target.value)}
        />
        <SelectField
          label={t('registrationsDesk.filter.checkedIn')}
          placeholder={t('registrationsDesk.filter.all')}
          value={params.get('checkedIn') ?? ''}
          options={YES_NO(
            'registrationsDesk.filter.allCheckedIn',
            'registrationsDesk.filter.notAllCheckedIn',
          )}
          onChange={(e) => set('checkedIn', e.target.value)}
        />
        <SelectField
          label={t('registrationsDesk.order.label')}
          placeholder={t('registrationsDesk.order.newest')}
          value={params.get('order') ?? ''}
          options={ORDERS.map((o) => ({ value: o.value, label: t(o.label) }))}
          onChange={(e) => set('order', e.target.value)}
        />
      </div>
      <QueryView query={{ data, error, isLoading }} errors="instead">
        {(data) =>
          data.tournamentId === null ? (
            <p>{t('registrationsDesk.page.noTournament')}</p>
          ) : data.rows.length === 0 ? (
            <p>{filtered ? t('registrationsDesk.page.noMatch') : t('registrationsDesk.page.none')}</p>
          ) : (
            <DeskTable rows={data.rows} />
          )
        }
      </QueryView>
    </div>
  );
}

function DeskTable({ rows }: { rows: AdminRegistrationRow[] }) {
  const format = useFormat();
  return (
    <Table>
      <TableCaption>{t('registrationsDesk.table.caption', { count: rows.length })}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('registrationsDesk.table.family')}</TableHead>
          <TableHead>{t('registrationsDesk.table.competitors')}</TableHead>
          <TableHead>{t('registrationsDesk.filter.checkedIn')}</TableHead>
          <TableHead>{t('registrationsDesk.table.spectators')}</TableHead>
          <TableHead>{t('registrationsDesk.table.lunch')}</TableHead>
          <TableHead>{t('registrationsDesk.table.cost')}</TableHead>
          <TableHead>{t('registrationsDesk.table.paid')}</TableHead>
          <TableHead>{t('registrationsDesk.filter.balanceOwing')}</TableHead>
          <TableHead>{t('registrationsDesk.table.status')}</TableHead>
          <TableHead>{t('registrationsDesk.table.created')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.registrationId}>
            <TableCell>
              <Link
                to={href('adminRegistration', { registrationId: r.registrationId })}
                className="font-medium"
              >
                {r.family.name || r.family.email}
              </Link>
              <div className="text-xs text-muted-foreground">
                #{r.registrationId} ·{' '}
                {r.walkIn ? t('registrationsDesk.table.walkInNoAccount') : r.family.email}
                {r.family.phone ? ` · ${r.family.phone}` : ''}
              </div>
            </TableCell>
            <TableCell>
              {r.competitorCount}
              {r.competitorNames.length > 0 && (
                <div className="text-xs text-muted-foreground">{r.competitorNames.join(', ')}</div>
              )}
            </TableCell>
            <TableCell>
              {t('registrationsDesk.table.checkedInCount', {
                checkedIn: r.checkedInCount,
                count: r.competitorCount,
              })}
            </TableCell>
            <TableCell>{r.spectators}</TableCell>
            <TableCell>{r.lunch}</TableCell>
            <TableCell>{format.money(r.cost)}</TableCell>
            <TableCell>{format.money(r.paid)}</TableCell>
            <TableCell>{format.money(r.balanceOwing)}</TableCell>
            <TableCell>
              {r.complete ? (
                <Badge variant="success">{t('registrationsDesk.filter.complete')}</Badge>
              ) : (
                <Badge variant="secondary">{t('registrationsDesk.filter.incomplete')}</Badge>
              )}
              {r.confirmationCode && <div className="font-mono text-xs">{r.confirmationCode}</div>}
            </TableCell>
            <TableCell>{format.date(r.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** While viewing as a customer: exactly the customer's own list (their getAll, with UserContext). */
function CustomerView({ viewing }: { viewing: ViewingAs }) {
  const { data, error, isLoading } = useViewedCustomerRegistrations(viewing.userId);
  const format = useFormat();
  return (
    <QueryView query={{ data, error, isLoading }} errors="instead">
      {(data) => (
        <div className="grid gap-4">
          <h1 className="text-2xl font-bold">
            {t('registrationsDesk.customer.heading', { name: viewing.name })}
          </h1>
          {data.registrations.length === 0 ? (
            <p>{t('registrationsDesk.customer.none', { name: viewing.name })}</p>
          ) : (
            <ul className="grid gap-2">
              {data.registrations.map((r) => (
                <li key={r.registrationId} className="rounded-md border p-3">
                  <Link
                    to={href('adminRegistration', { registrationId: r.registrationId })}
                    className="font-medium"
                  >
                    {t('registrationsDesk.customer.registration', { id: r.registrationId })}
                  </Link>{' '}
                  {t('registrationsDesk.customer.summary', {
                    status: r.isCompleted ? 'complete' : 'incomplete',
                    count: r.competitors.length,
                    amount: format.money(r.balanceOwing),
                  })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </QueryView>
  );
}
