import type { AdminRegistrationDetail } from '@shared/contract/admin-registrations.ts';
import { DIRECTOR_ROLES, hasAnyRole } from '@shared/domain/roles.ts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatDollars, useTimeFormat } from '../../../lib/format.ts';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import { useSession } from '../../../lib/session.ts';
import { invalidateDesk, resendReceipt, startImpersonation, useDeskDetail } from '../api/desk.ts';
import { startViewingAs, useViewingAs } from '../view-as.ts';

// Above the registration page on `/admin/registration/{id}` (issue 7): what staff need and a
// customer never sees. Hidden while viewing as the customer, who would not see it either
// (and whose UserContext the staff-only call would refuse).

const METHODS: Record<string, string> = {
  online: 'Online',
  cash: 'Cash',
  card: 'Card',
  etransfer: 'E-transfer',
};

export function StaffRegistrationPanel() {
  const viewing = useViewingAs();
  if (viewing) return null;
  return <Panel />;
}

function Panel() {
  const id = Number(useParams().registrationId);
  const { data, isLoading } = useDeskDetail(id);
  // The registration page below reports a missing registration; nothing to add here.
  if (isLoading && !data) return <Spinner />;
  if (!data) return null;
  return <PanelBody detail={data} />;
}

function PanelBody({ detail }: { detail: AdminRegistrationDetail }) {
  const { owner, payments, receipts, competitors, registration } = detail;
  const session = useSession();
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [busy, setBusy] = useState(false);
  const director = hasAnyRole(session?.user.roles ?? [], DIRECTOR_ROLES);
  // Issue 19: the same rule as check-in and payments (the tournament's zone, labelled).
  const when = useTimeFormat().timeOrDateTime;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    clearAlert();
    try {
      await action();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  }

  const resend = () =>
    run(async () => {
      const result = await resendReceipt(registration.registrationId);
      showAlert('success', result.message);
    });
  // The start call checks the customer and records it before the header is set, so a refusal
  // shows here instead of arriving as a 403 on the next request.
  const viewAs = () =>
    run(async () => {
      startViewingAs(await startImpersonation(owner.id));
      invalidateDesk();
    });

  return (
    <section aria-label="Staff details" className="mx-auto grid w-full max-w-3xl gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Family</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p>
            <strong>{owner.name || owner.email}</strong>
            {owner.isStaff && (
              <Badge variant="secondary" className="ml-2">
                Staff account
              </Badge>
            )}
          </p>
          <p>
            {owner.isGuest ? (
              'Walk-in registered at the door: no account, so no e-mail (print the receipt instead)'
            ) : (
              <a href={`mailto:${owner.email}`}>{owner.email}</a>
            )}
            {owner.phone ? ` · ${owner.phone}` : ''}
          </p>
          <p>
            Cost {formatDollars(registration.cost)}, paid {formatDollars(registration.amountPaid)}, balance
            owing {formatDollars(registration.balanceOwing)}
          </p>
          <div className="flex flex-wrap gap-2">
            {!owner.isGuest && (
              <Button
                variant="outline"
                disabled={busy || receipts.length === 0}
                onClick={() => void resend()}
              >
                Resend receipt
              </Button>
            )}
            {director && !owner.isStaff && !owner.isGuest && (
              <Button variant="secondary" disabled={busy} onClick={() => void viewAs()}>
                View as this customer
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Check-in</CardTitle>
        </CardHeader>
        <CardContent>
          {competitors.length === 0 ? (
            <p>No competitors.</p>
          ) : (
            <ul className="grid gap-1">
              {competitors.map((c) => (
                <li key={c.id}>
                  {c.name}:{' '}
                  {c.checkedInAt ? (
                    <Badge variant="success">Checked in {when(c.checkedInAt)}</Badge>
                  ) : (
                    <Badge variant="secondary">Not checked in</Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Payments</CardTitle>
        </CardHeader>
        <CardContent>
          {payments.length === 0 ? (
            <p>No payments recorded.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Method</TableHead>
                  <TableHead>Amount</TableHead>
                  <TableHead>Taken by</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {payments.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{when(p.createdAt)}</TableCell>
                    <TableCell>{METHODS[p.method] ?? p.method}</TableCell>
                    <TableCell>
                      {p.voided ? <s>{formatDollars(p.amount)}</s> : formatDollars(p.amount)}
                      {p.voided && (
                        <Badge variant="danger" className="ml-2">
                          Voided
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell>{p.recordedBy ?? 'Online'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Receipts</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          {receipts.length === 0 ? (
            <p>No receipt yet: the registration is not complete.</p>
          ) : (
            <ul className="grid gap-1">
              {receipts.map((r) => (
                <li key={r.receiptId}>
                  <span className="font-mono">{r.confirmationCode}</span>: paid{' '}
                  {formatDollars(r.paymentAmount)} of {formatDollars(r.total)}, {when(r.createdAt)}
                </li>
              ))}
            </ul>
          )}
          {receipts.length > 0 && (
            <Link to={`/customer/registration/${registration.registrationId}/receipt`}>View the receipt</Link>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
