import { Navigate, useParams } from 'react-router';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { formatDate, formatDollars } from '@web/lib/format.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { Registration } from '@shared/contract/registration.ts';
import { useReceipt, useRegistration } from '../api/registration.ts';
import { PriceNote } from './price-note.tsx';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

/** `/customer/registration/{id}/receipt`: the printable receipt; home when there is none (docs/product.md §2). */
export function ReceiptPage() {
  usePageMeta(PAGES.receipt.title, 'Your registration receipt and check-in QR code.');
  const id = Number(useParams().registrationId);
  const registration = useRegistration(id);
  if (registration.isLoading && !registration.data) return <Spinner />;
  if (!registration.data?.receipt) return <Navigate to={href('customerHome')} replace />;
  return <ReceiptView registration={registration.data} />;
}

function ReceiptView({ registration }: { registration: Registration }) {
  const { data: receipt, error, isLoading } = useReceipt(registration.registrationId);
  return (
    <QueryView query={{ data: receipt, error, isLoading }} errors="instead">
      {(receipt) => (
        <Card className="mx-auto max-w-2xl print:border-0 print:shadow-none">
          <CardHeader>
            <h1 className="text-2xl font-bold">{receipt.title}</h1>
            <p>{receipt.description}</p>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p>
              Confirmation code: <strong data-testid="confirmation-code">{receipt.confirmationCode}</strong>
            </p>
            <p className="text-sm">Issued {formatDate(receipt.createdAt)}</p>
            {/* Spaced cells: at 390 px the headers read "Quantity" and "Amount", never "QuantityAmount". */}
            <table className="w-full border-separate border-spacing-x-0 border-spacing-y-1 text-left">
              <thead>
                <tr>
                  <th scope="col" className="pr-3">
                    Item
                  </th>
                  <th scope="col" className="px-3 text-right">
                    Quantity
                  </th>
                  <th scope="col" className="pl-3 text-right">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {receipt.receiptItems.map((i) => (
                  <tr key={i.description}>
                    <td className="pr-3">{i.description}</td>
                    <td className="px-3 text-right">{i.quantity}</td>
                    <td className="pl-3 text-right">{formatDollars(i.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <PriceNote registration={registration} />
            <dl className="grid grid-cols-2 gap-1">
              <dt>Total</dt>
              <dd className="text-right">{formatDollars(receipt.total)}</dd>
              <dt>Paid</dt>
              <dd className="text-right">{formatDollars(receipt.paymentAmount)}</dd>
              <dt className="font-bold">Balance owing</dt>
              <dd className="text-right font-bold" data-testid="balance-owing">
                {formatDollars(receipt.balanceOwing)}
              </dd>
            </dl>
            <figure className="grid justify-items-center gap-1">
              <img src={receipt.qrCode} alt="Check-in QR code" width={240} height={240} />
              <figcaption className="text-sm">Show this code at check-in.</figcaption>
            </figure>
            <div className="print:hidden">
              <Button onClick={() => window.print()}>Print receipt</Button>
            </div>
          </CardContent>
        </Card>
      )}
    </QueryView>
  );
}
