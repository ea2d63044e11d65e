import type { SyncRegistration } from '@shared/contract/sync.ts';
import { balanceText } from '@shared/domain/door.ts';
import { mayPushMutator, voidPayment } from '@shared/domain/mutators/index.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useSession } from '@web/lib/session.ts';
import type { CheckInView } from '@web/sync/overlay.ts';
import { PaymentRow } from './payment-row.tsx';
import { RecordPaymentForm } from './record-payment-form.tsx';

// The payments page's registration region: one family's balance, payments and the form to record one.

export function RegistrationPayments({
  registration: r,
  view,
  onBack,
}: {
  registration: SyncRegistration;
  view: CheckInView;
  onBack: () => void;
}) {
  const session = useSession();
  const format = useFormat();
  const mayVoid = mayPushMutator(voidPayment, session?.user.roles ?? []);
  const payments = view.payments
    .filter((p) => p.registrationId === r.id)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const title = `${r.familyName}, ${r.ownerFirstName}`;
  return (
    <div className="grid gap-4">
      <div>
        <Button variant="ghost" onClick={onBack}>
          {t('payments.registration.back')}
        </Button>
      </div>
      <Card aria-label={title} data-testid="payments-registration">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <div>
            <CardTitle as="h2">{title}</CardTitle>
            <p className="text-sm text-muted-foreground">
              {r.confirmationCodes.length > 0
                ? t('payments.registration.receipt', { codes: r.confirmationCodes.join(', ') })
                : t('payments.registration.noReceipt')}
              {r.isWalkIn && ` · ${t('payments.registration.walkIn')}`}
            </p>
          </div>
          {view.pendingRegistrationIds.has(r.id) && <Badge variant="outline">{t('payments.notSent')}</Badge>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {/* The balance is said once, in words, below (decision 028: it used to show twice). */}
          <dl className="grid grid-cols-2 gap-2 text-center">
            <Amount
              label={t('payments.registration.cost')}
              value={format.money(r.cost)}
              testId="registration-cost"
            />
            <Amount
              label={t('payments.registration.paid')}
              value={format.money(r.amountPaid)}
              testId="registration-paid"
            />
          </dl>
          <p className="text-lg font-semibold" data-testid="balance-text">
            {tm(balanceText(r.balanceOwing))}
          </p>
          {r.id < 0 ? (
            // A provisional walk-in: nothing may be queued against its device-made id.
            <Alert role="status">{t('payments.registration.provisional')}</Alert>
          ) : (
            <RecordPaymentForm registration={r} />
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="registration-payments" className="grid gap-2">
        <h2 id="registration-payments" className="text-xl font-semibold">
          {t('payments.registration.payments')}
        </h2>
        {payments.length === 0 ? (
          <p>{t('payments.registration.noPayment')}</p>
        ) : (
          <ul className="grid gap-2">
            {payments.map((p) => (
              <PaymentRow
                key={p.id}
                payment={p}
                pending={view.pendingPaymentIds.has(p.id)}
                canVoid={mayVoid && !p.voided && p.method !== 'online'}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Amount({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-md border p-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
