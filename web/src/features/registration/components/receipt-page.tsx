import { Navigate, useParams } from 'react-router';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { t, tm, tx, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import type { Registration } from '@shared/contract/registration.ts';
import { useReceipt, useRegistration } from '../api/registration.ts';
import { PriceNote } from './price-note.tsx';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

/** `/customer/registration/{id}/receipt`: the printable receipt; home when there is none (docs/product.md §2). */
export function ReceiptPage() {
  usePageMeta(PAGES.receipt.title, t('registration.receipt.description'));
  const id = Number(useParams().registrationId);
  const registration = useRegistration(id);
  if (registration.isLoading && !registration.data) return <Spinner />;
  if (!registration.data?.receipt) return <Navigate to={href('customerHome')} replace />;
  return <ReceiptView registration={registration.data} />;
}

function ReceiptView({ registration }: { registration: Registration }) {
  const { data: receipt, error, isLoading } = useReceipt(registration.registrationId);
  const format = useFormat();
  return (
    <QueryView query={{ data: receipt, error, isLoading }} errors="instead">
      {(receipt) => (
        <Card className="mx-auto max-w-2xl print:border-0 print:shadow-none">
          <CardHeader>
            <h1 className="text-2xl font-bold">{tm(receipt.title)}</h1>
            <p>{tm(receipt.description)}</p>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p>
              {tx('registration.receipt.code', {
                code: receipt.confirmationCode,
                strong: (inner) => <strong data-testid="confirmation-code">{inner}</strong>,
              })}
            </p>
            <p className="text-sm">
              {t('registration.receipt.issued', { date: format.date(receipt.createdAt) })}
            </p>
            {/* Spaced cells: at 390 px the headers read "Quantity" and "Amount", never "QuantityAmount". */}
            <table className="w-full border-separate border-spacing-x-0 border-spacing-y-1 text-left">
              <thead>
                <tr>
                  <th scope="col" className="pr-3">
                    {t('registration.receipt.item')}
                  </th>
                  <th scope="col" className="px-3 text-right">
                    {t('registration.receipt.quantity')}
                  </th>
                  <th scope="col" className="pl-3 text-right">
                    {t('registration.receipt.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {receipt.receiptItems.map((i) => (
                  <tr key={i.description}>
                    <td className="pr-3">{tm(i.description)}</td>
                    <td className="px-3 text-right">{i.quantity}</td>
                    <td className="pl-3 text-right">{format.money(i.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <PriceNote registration={registration} />
            <dl className="grid grid-cols-2 gap-1">
              <dt>{t('registration.receipt.total')}</dt>
              <dd className="text-right">{format.money(receipt.total)}</dd>
              <dt>{t('registration.receipt.paid')}</dt>
              <dd className="text-right">{format.money(receipt.paymentAmount)}</dd>
              <dt className="font-bold">{t('registration.receipt.balance')}</dt>
              <dd className="text-right font-bold" data-testid="balance-owing">
                {format.money(receipt.balanceOwing)}
              </dd>
            </dl>
            <figure className="grid justify-items-center gap-1">
              <img src={receipt.qrCode} alt={t('registration.receipt.qrAlt')} width={240} height={240} />
              <figcaption className="text-sm">{t('registration.receipt.qrCaption')}</figcaption>
            </figure>
            <div className="print:hidden">
              <Button onClick={() => window.print()}>{t('registration.receipt.print')}</Button>
            </div>
          </CardContent>
        </Card>
      )}
    </QueryView>
  );
}
