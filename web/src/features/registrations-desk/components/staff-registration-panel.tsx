import type { AdminRegistrationDetail } from '@shared/contract/admin-registrations.ts';
import { DIRECTOR_ROLES, hasAnyRole, SUPER_ADMIN_ROLES } from '@shared/domain/roles.ts';
import { StaffEraseAccount } from './staff-erase-account.tsx';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { t, tm, tx, useFormat } from '@web/lib/i18n.tsx';
import { usePageAlert } from '@web/lib/page-alert.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { PAGES } from '@web/app/pages.ts';
import { useSession } from '@web/lib/session.ts';
import { invalidateDesk, resendReceipt, startImpersonation, useDeskDetail } from '../api/desk.ts';
import { startViewingAs, useViewingAs } from '../view-as.ts';

// Around the registration page on `/admin/registration/{id}` (decision 014): what staff need and a
// customer never sees. Hidden while viewing as the customer, who would not see it either
// (and whose UserContext the staff-only call would refuse).
// Decision 029: a title with the family's name, the registration's money
// state once (an earlier receipt's "paid $0 of $110" only under "Earlier receipts", marked
// superseded), one "View the receipt" link (the registration page's), and two columns of equal
// width: the staff details beside the registration.

const METHODS: Record<string, MessageKey> = {
  online: 'registrationsDesk.method.online',
  cash: 'registrationsDesk.method.cash',
  card: 'registrationsDesk.method.card',
  etransfer: 'registrationsDesk.method.etransfer',
};

/** The staff detail page: title and actions, then the staff details beside `children` (the registration). */
export function StaffRegistrationDetail({ children }: { children: ReactNode }) {
  const viewing = useViewingAs();
  if (viewing) return <>{children}</>;
  return <Detail>{children}</Detail>;
}

function Detail({ children }: { children: ReactNode }) {
  const id = Number(useParams().registrationId);
  const { data, isLoading } = useDeskDetail(id);
  const family = data
    ? data.owner.name || data.owner.email || t('registrationsDesk.detail.aWalkIn')
    : undefined;
  usePageMeta(
    family ? t('registrationsDesk.detail.title', { family }) : PAGES.adminRegistration.title,
    t('registrationsDesk.detail.description'),
  );
  return (
    <div className="grid gap-6">
      {/* The registration page beside reports a missing registration; nothing to add here. */}
      <QueryView query={{ data, isLoading }} errors="none">
        {(data) => family && <DetailHeader detail={data} family={family} />}
      </QueryView>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {data && <PanelBody detail={data} />}
        {/* The registration page centres itself at a reading width: here it fills its column. */}
        <div className="min-w-0 [&>*]:w-full [&>*]:max-w-none" data-testid="registration-column">
          {children}
        </div>
      </div>
    </div>
  );
}

function DetailHeader({ detail, family }: { detail: AdminRegistrationDetail; family: string }) {
  const { registration, receipts } = detail;
  const format = useFormat();
  const current = receipts[0];
  return (
    <div>
      <h1 className="text-2xl font-bold">{t('registrationsDesk.detail.title', { family })}</h1>
      <p className="text-muted-foreground">
        {registration.isCompleted
          ? t('registrationsDesk.detail.complete')
          : t('registrationsDesk.detail.notComplete')}
        {current
          ? t('registrationsDesk.detail.confirmation', {
              code: current.confirmationCode,
              date: format.date(current.createdAt),
            })
          : ''}
      </p>
    </div>
  );
}

function PanelBody({ detail }: { detail: AdminRegistrationDetail }) {
  const { owner, payments, receipts, competitors, registration } = detail;
  const session = useSession();
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [busy, setBusy] = useState(false);
  const director = hasAnyRole(session?.user.roles ?? [], DIRECTOR_ROLES);
  const superAdmin = hasAnyRole(session?.user.roles ?? [], SUPER_ADMIN_ROLES);
  // The same rule as check-in and payments (the tournament's zone, labelled; decision 029).
  const format = useFormat();
  const when = format.timeOrDateTime;
  const [current, ...earlier] = receipts;

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
      showAlert('success', tm(result.message));
    });
  // The start call checks the customer and records it before the header is set, so a refusal
  // shows here instead of arriving as a 403 on the next request.
  const viewAs = () =>
    run(async () => {
      startViewingAs(await startImpersonation(owner.id));
      invalidateDesk();
    });

  return (
    <section aria-label={t('registrationsDesk.detail.staffDetails')} className="grid min-w-0 gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('registrationsDesk.table.family')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p>
            <strong>{owner.name || owner.email}</strong>
            {owner.isStaff && (
              <Badge variant="secondary" className="ml-2">
                {t('registrationsDesk.detail.staffAccount')}
              </Badge>
            )}
          </p>
          <p>
            {owner.isGuest ? (
              t('registrationsDesk.detail.guest')
            ) : (
              <a href={`mailto:${owner.email}`}>{owner.email}</a>
            )}
            {owner.phone ? ` · ${owner.phone}` : ''}
          </p>
          <p data-testid="staff-money">
            {t('registrationsDesk.detail.money', {
              cost: format.money(registration.cost),
              paid: format.money(registration.amountPaid),
              owing: format.money(registration.balanceOwing),
            })}
          </p>
          <div className="flex flex-wrap gap-2">
            {!owner.isGuest && (
              <Button
                variant="outline"
                disabled={busy || receipts.length === 0}
                onClick={() => void resend()}
              >
                {t('registrationsDesk.detail.resendReceipt')}
              </Button>
            )}
            {director && !owner.isStaff && !owner.isGuest && (
              <Button variant="secondary" disabled={busy} onClick={() => void viewAs()}>
                {t('registrationsDesk.detail.viewAs')}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('registrationsDesk.detail.checkIn')}</CardTitle>
        </CardHeader>
        <CardContent>
          {competitors.length === 0 ? (
            <p>{t('registrationsDesk.detail.noCompetitors')}</p>
          ) : (
            <ul className="grid gap-1">
              {competitors.map((c) => (
                <li key={c.id}>
                  {c.name}:{' '}
                  {c.checkedInAt ? (
                    <Badge variant="success">
                      {t('registrationsDesk.detail.checkedIn', { time: when(c.checkedInAt) })}
                    </Badge>
                  ) : (
                    <Badge variant="secondary">{t('registrationsDesk.detail.notCheckedIn')}</Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('registrationsDesk.detail.payments')}</CardTitle>
        </CardHeader>
        <CardContent>
          {payments.length === 0 ? (
            <p>{t('registrationsDesk.detail.noPayments')}</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('registrationsDesk.detail.when')}</TableHead>
                  <TableHead>{t('registrationsDesk.detail.method')}</TableHead>
                  <TableHead>{t('registrationsDesk.detail.amount')}</TableHead>
                  <TableHead>{t('registrationsDesk.detail.takenBy')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {payments.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{when(p.createdAt)}</TableCell>
                    <TableCell>{METHODS[p.method] ? t(METHODS[p.method]!) : p.method}</TableCell>
                    <TableCell>
                      {p.voided ? <s>{format.money(p.amount)}</s> : format.money(p.amount)}
                      {p.voided && (
                        <Badge variant="danger" className="ml-2">
                          {t('registrationsDesk.detail.voided')}
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell>{p.recordedBy ?? t('registrationsDesk.method.online')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('registrationsDesk.detail.receipts')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          {!current ? (
            <p>{t('registrationsDesk.detail.noReceipt')}</p>
          ) : (
            <p data-testid="current-receipt">
              {tx('registrationsDesk.detail.currentReceipt', {
                code: <span className="font-mono">{current.confirmationCode}</span>,
                time: when(current.createdAt),
              })}
            </p>
          )}
          {earlier.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer">
                {t('registrationsDesk.detail.earlierReceipts', { count: earlier.length })}
              </summary>
              <ul className="mt-2 grid gap-1">
                {earlier.map((r) => (
                  <li key={r.receiptId} className="text-muted-foreground">
                    <Badge variant="secondary" className="mr-2">
                      {t('registrationsDesk.detail.superseded')}
                    </Badge>
                    {tx('registrationsDesk.detail.earlierReceipt', {
                      code: <span className="font-mono">{r.confirmationCode}</span>,
                      paid: format.money(r.paymentAmount),
                      total: format.money(r.total),
                      time: when(r.createdAt),
                    })}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </CardContent>
      </Card>
      {superAdmin && !owner.isStaff && (
        <StaffEraseAccount
          userId={owner.id}
          onErased={(message) => {
            showAlert('success', tm(message));
            invalidateDesk();
          }}
        />
      )}
    </section>
  );
}
