import { receiptItems } from '@shared/domain/receipt.ts';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDollars } from '../../../lib/format.ts';
import { useAction } from '../../../lib/action.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { checkout, invalidateRegistrations, useRegistration } from '../api/registration.ts';

const PAYMENT_POLL_MS = 2000;

/**
 * `/customer/registration/{id}/confirmation`: what is being bought, then payment (Stripe
 * Checkout when the server offers it, else completion with pay at the door). Stripe sends
 * the family back here with `?paid=1` while its webhook completes the registration.
 */
export function ConfirmationPage() {
  usePageMeta('Confirmation', 'Review and complete your registration.');
  const id = Number(useParams().registrationId);
  const [search] = useSearchParams();
  const returningFromPayment = search.get('paid') === '1';
  const navigate = useNavigate();
  const { data: registration, error, isLoading, refetch } = useRegistration(id);
  // Stays busy while the browser leaves for Stripe Checkout.
  const [leaving, setLeaving] = useState(false);
  const complete = useAction(async () => {
    const result = await checkout(id);
    if (result.mode === 'stripe') {
      setLeaving(true);
      window.location.assign(result.url);
      return;
    }
    invalidateRegistrations();
    void navigate(`/customer/registration/${id}/receipt`);
  });
  const paying = complete.busy || leaving;

  useEffect(() => {
    if (!returningFromPayment || registration?.isCompleted) return;
    const timer = setInterval(refetch, PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [returningFromPayment, registration?.isCompleted, refetch]);

  if (isLoading && !registration) return <Spinner />;
  if (!registration) return <p role="alert">{error?.message}</p>;
  if (registration.isCompleted && registration.receipt) {
    return <Navigate to={`/customer/registration/${id}/receipt`} replace />;
  }
  if (returningFromPayment) {
    return (
      <Card className="mx-auto max-w-2xl">
        <CardContent className="grid gap-2 pt-6" role="status">
          <Spinner />
          <p>Thank you! We are confirming your payment; your receipt will appear here in a moment.</p>
        </CardContent>
      </Card>
    );
  }

  const items = receiptItems(registration, registration.tournament);

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">Confirm your registration</h1>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-1">
          {items.map((i) => (
            <li key={i.description} className="flex justify-between gap-4">
              <span>
                {i.description}
                {i.quantity > 1 ? ` x ${i.quantity}` : ''}
              </span>
              <span>{formatDollars(i.amount)}</span>
            </li>
          ))}
        </ul>
        <p className="text-xl font-bold" data-testid="registration-total">
          Total: {formatDollars(registration.cost)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="lg" disabled={paying || items.length === 0} onClick={() => void complete.run()}>
            {paying ? <Spinner /> : null}
            Complete registration
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to={`/customer/registration/${id}`}>Back to registration</Link>
          </Button>
        </div>
        <p className="text-sm">
          If online payment is not available you complete now and pay the balance at the door.
        </p>
      </CardContent>
    </Card>
  );
}
