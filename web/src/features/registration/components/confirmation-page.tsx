import type { PaymentChoice } from '@shared/contract/registration.ts';
import { receiptItems } from '@shared/domain/receipt.ts';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useAction } from '@web/lib/action.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import {
  checkout,
  invalidateRegistrations,
  useRegistration,
  useRegistrationOptions,
} from '../api/registration.ts';
import { PriceNote } from './price-note.tsx';
import { href, PAGES } from '@web/app/pages.ts';

const PAYMENT_POLL_MS = 2000;

/**
 * `/customer/registration/{id}/confirmation`: the order summary, then the family's choice
 * (decision 027): pay now by card (Stripe Checkout, when the server offers it) or pay at the door,
 * each with the amount it will be. One tap either way, as the single button was. Stripe sends
 * the family back here with `?paid=1` while its webhook completes the registration.
 */
export function ConfirmationPage() {
  usePageMeta(PAGES.confirmation.title, t('registration.confirmation.description'));
  const format = useFormat();
  const id = Number(useParams().registrationId);
  const [search] = useSearchParams();
  const returningFromPayment = search.get('paid') === '1';
  const navigate = useNavigate();
  const { data, error, isLoading, refetch } = useRegistration(id);
  // Stays busy while the browser leaves for Stripe Checkout.
  const [leaving, setLeaving] = useState(false);
  const options = useRegistrationOptions(data?.tournamentId);
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const complete = useAction(async (payment: PaymentChoice) => {
    setChoice(payment);
    const result = await checkout(id, payment);
    if (result.mode === 'stripe') {
      setLeaving(true);
      window.location.assign(result.url);
      return;
    }
    invalidateRegistrations();
    void navigate(href('receipt', { registrationId: id }));
  });
  const paying = complete.busy || leaving;

  useEffect(() => {
    if (!returningFromPayment || data?.isCompleted) return;
    const timer = setInterval(refetch, PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [returningFromPayment, data?.isCompleted, refetch]);

  return (
    <QueryView query={{ data, error, isLoading }} errors="instead">
      {(registration) => {
        if (registration.isCompleted && registration.receipt) {
          return <Navigate to={href('receipt', { registrationId: id })} replace />;
        }
        if (returningFromPayment) {
          return (
            <Card className="mx-auto max-w-2xl">
              <CardContent className="grid gap-2 pt-6" role="status">
                <Spinner />
                <p>{t('registration.confirmation.confirming')}</p>
              </CardContent>
            </Card>
          );
        }

        const items = receiptItems(registration, registration.tournament);
        const owing = format.money(registration.balanceOwing);
        const cardOffered = options.data?.cardPayments === true;

        return (
          <Card className="mx-auto max-w-2xl">
            <CardHeader>
              <h1 className="text-2xl font-bold">{t('registration.confirmation.title')}</h1>
            </CardHeader>
            <CardContent className="grid gap-4">
              <section aria-labelledby="order-summary" className="grid gap-2">
                <h2 id="order-summary" className="text-lg font-semibold">
                  {t('registration.confirmation.summary')}
                </h2>
                <ul className="grid gap-1">
                  {items.map((i) => (
                    <li key={i.description} className="flex justify-between gap-4">
                      <span>
                        {tm(i.description)}
                        {i.quantity > 1 ? ` x ${i.quantity}` : ''}
                      </span>
                      <span>{format.money(i.amount)}</span>
                    </li>
                  ))}
                </ul>
                <p className="text-xl font-bold" data-testid="registration-total">
                  {t('registration.total.total', { amount: format.money(registration.cost) })}
                </p>
                <PriceNote registration={registration} />
              </section>
              <section aria-labelledby="how-to-pay" className="grid gap-3">
                <h2 id="how-to-pay" className="text-lg font-semibold">
                  {t('registration.confirmation.howToPay')}
                </h2>
                {/* Card payment not configured: not offered at all, rather than a choice that cannot be taken. */}
                {cardOffered && (
                  <div className="grid gap-1">
                    <Button
                      size="lg"
                      className="h-auto min-h-11 justify-between whitespace-normal py-2"
                      disabled={paying || items.length === 0}
                      aria-describedby="pay-card-note"
                      onClick={() => void complete.run('card')}
                    >
                      {complete.busy && choice === 'card' ? <Spinner /> : null}
                      <span>{t('registration.confirmation.payCard')}</span>
                      <span>{owing}</span>
                    </Button>
                    <p id="pay-card-note" className="text-sm text-muted-foreground">
                      {t('registration.confirmation.cardNote')}
                    </p>
                  </div>
                )}
                <div className="grid gap-1">
                  <Button
                    size="lg"
                    variant={cardOffered ? 'outline' : 'default'}
                    className="h-auto min-h-11 justify-between whitespace-normal py-2"
                    disabled={paying || items.length === 0}
                    aria-describedby="pay-door-note"
                    onClick={() => void complete.run('door')}
                  >
                    {complete.busy && choice === 'door' ? <Spinner /> : null}
                    <span>{t('registration.confirmation.payDoor')}</span>
                    <span>{owing}</span>
                  </Button>
                  <p id="pay-door-note" className="text-sm text-muted-foreground">
                    {t('registration.confirmation.doorNote', { amount: owing })}
                  </p>
                </div>
              </section>
              <div>
                <Button asChild variant="outline" size="lg">
                  <Link to={href('registration', { registrationId: id })}>
                    {t('registration.confirmation.back')}
                  </Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        );
      }}
    </QueryView>
  );
}
