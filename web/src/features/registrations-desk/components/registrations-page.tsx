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
import { formatDollars, useTimeFormat } from '@web/lib/format.ts';
import { usePageAlert } from '@web/lib/page-alert.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { downloadDeskCsv, useDeskRegistrations, useViewedCustomerRegistrations } from '../api/desk.ts';
import { useViewingAs, type ViewingAs } from '../view-as.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

// `/admin/registrations` (docs/product.md §2 and §6): the staff registrations desk. The search,
// filters and order live in the address, so coming back from a registration keeps them.

const YES_NO = (yes: string, no: string) => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];
// The empty choice (the select's placeholder) is the default order, newest first.
const ORDERS = [
  { value: 'created:asc', label: 'Oldest first' },
  { value: 'family:asc', label: 'Family A to Z' },
  { value: 'family:desc', label: 'Family Z to A' },
  { value: 'balance:desc', label: 'Largest balance owing' },
  { value: 'balance:asc', label: 'Smallest balance owing' },
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
  usePageMeta(PAGES.registrations.title, 'Search, filter and export the registrations for the tournament.');
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
        <h1 className="text-2xl font-bold">Registrations</h1>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
          Export CSV
        </Button>
      </div>
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <TextField
            label="Search"
            type="search"
            placeholder="Family, e-mail, phone, competitor or confirmation code"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <div className="grid gap-2 sm:grid-cols-4">
        <SelectField
          label="Complete"
          placeholder="All"
          value={params.get('complete') ?? ''}
          options={YES_NO('Complete', 'Incomplete')}
          onChange={(e) => set('complete', e.target.value)}
        />
        <SelectField
          label="Balance owing"
          placeholder="All"
          value={params.get('balanceOwing') ?? ''}
          options={YES_NO('Balance owing', 'Paid in full')}
          onChange={(e) => set('balanceOwing', e.target.value)}
        />
        <SelectField
          label="Checked in"
          placeholder="All"
          value={params.get('checkedIn') ?? ''}
          options={YES_NO('All checked in', 'Not all checked in')}
          onChange={(e) => set('checkedIn', e.target.value)}
        />
        <SelectField
          label="Sort"
          placeholder="Newest first"
          value={params.get('order') ?? ''}
          options={ORDERS}
          onChange={(e) => set('order', e.target.value)}
        />
      </div>
      <QueryView query={{ data, error, isLoading }} errors="instead">
        {(data) =>
          data.tournamentId === null ? (
            <p>There is no upcoming tournament, so there are no registrations to show.</p>
          ) : data.rows.length === 0 ? (
            <p>
              {filtered ? 'No registrations match this search and these filters.' : 'No registrations yet.'}
            </p>
          ) : (
            <DeskTable rows={data.rows} />
          )
        }
      </QueryView>
    </div>
  );
}

function DeskTable({ rows }: { rows: AdminRegistrationRow[] }) {
  const time = useTimeFormat();
  return (
    <Table>
      <TableCaption>{rows.length === 1 ? '1 registration' : `${rows.length} registrations`}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Family</TableHead>
          <TableHead>Competitors</TableHead>
          <TableHead>Checked in</TableHead>
          <TableHead>Spectators</TableHead>
          <TableHead>Lunch</TableHead>
          <TableHead>Cost</TableHead>
          <TableHead>Paid</TableHead>
          <TableHead>Balance owing</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created</TableHead>
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
                #{r.registrationId} · {r.walkIn ? 'Walk-in, no account' : r.family.email}
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
              {r.checkedInCount} of {r.competitorCount}
            </TableCell>
            <TableCell>{r.spectators}</TableCell>
            <TableCell>{r.lunch}</TableCell>
            <TableCell>{formatDollars(r.cost)}</TableCell>
            <TableCell>{formatDollars(r.paid)}</TableCell>
            <TableCell>{formatDollars(r.balanceOwing)}</TableCell>
            <TableCell>
              {r.complete ? (
                <Badge variant="success">Complete</Badge>
              ) : (
                <Badge variant="secondary">Incomplete</Badge>
              )}
              {r.confirmationCode && <div className="font-mono text-xs">{r.confirmationCode}</div>}
            </TableCell>
            <TableCell>{time.date(r.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** While viewing as a customer: exactly the customer's own list (their getAll, with UserContext). */
function CustomerView({ viewing }: { viewing: ViewingAs }) {
  const { data, error, isLoading } = useViewedCustomerRegistrations(viewing.userId);
  return (
    <QueryView query={{ data, error, isLoading }} errors="instead">
      {(data) => (
        <div className="grid gap-4">
          <h1 className="text-2xl font-bold">Registrations of {viewing.name}</h1>
          {data.registrations.length === 0 ? (
            <p>{viewing.name} has no registrations for the next tournament.</p>
          ) : (
            <ul className="grid gap-2">
              {data.registrations.map((r) => (
                <li key={r.registrationId} className="rounded-md border p-3">
                  <Link
                    to={href('adminRegistration', { registrationId: r.registrationId })}
                    className="font-medium"
                  >
                    Registration #{r.registrationId}
                  </Link>{' '}
                  {r.isCompleted ? 'complete' : 'incomplete'}: {r.competitors.length} competitor
                  {r.competitors.length === 1 ? '' : 's'}, balance owing {formatDollars(r.balanceOwing)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </QueryView>
  );
}
