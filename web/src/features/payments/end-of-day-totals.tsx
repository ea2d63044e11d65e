import { PAYMENT_METHODS } from '@shared/contract/sync.ts';
import { dayOf, dayTotals, PAYMENT_METHOD_LABELS } from '@shared/domain/door.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { useTimeZone } from '@web/lib/format.ts';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import type { CheckInView } from '@web/sync/overlay.ts';

// End-of-day totals by method for today (the tournament's day, in its time zone: decision 029),
// from synced and pending payments, so the cash box can be counted offline. Voided payments are
// listed apart, not in the totals.

export function EndOfDayTotals({ view, now = new Date() }: { view: CheckInView; now?: Date }) {
  const timeZone = useTimeZone();
  const format = useFormat();
  const today = dayOf(now.toISOString(), timeZone);
  const totals = dayTotals(view.payments, today, timeZone);
  const pending = view.payments.filter(
    (p) => view.pendingPaymentIds.has(p.id) && dayOf(p.createdAt, timeZone) === today,
  ).length;
  return (
    <section aria-labelledby="end-of-day" className="grid gap-3" data-testid="end-of-day">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="end-of-day" className="text-xl font-semibold">
          {t('payments.totals.title', { date: format.date(today) })}
        </h2>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          {t('payments.totals.print')}
        </Button>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('payments.totals.method')}</TableHead>
            <TableHead scope="col" className="text-right">
              {t('payments.totals.payments')}
            </TableHead>
            <TableHead scope="col" className="text-right">
              {t('payments.totals.total')}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {PAYMENT_METHODS.filter((m) => m !== 'online').map((m) => (
            <TotalRow
              key={m}
              label={tm(PAYMENT_METHOD_LABELS[m])}
              total={totals.byMethod[m]}
              testId={`total-${m}`}
            />
          ))}
          <TotalRow label={t('payments.totals.door')} total={totals.door} testId="total-door" strong />
          <TotalRow
            label={tm(PAYMENT_METHOD_LABELS.online)}
            total={totals.byMethod.online}
            testId="total-online"
          />
          <TotalRow label={t('payments.totals.all')} total={totals.all} testId="total-all" strong />
        </TableBody>
      </Table>
      <p className="text-sm text-muted-foreground">
        {totals.voided.count === 0
          ? t('payments.totals.noVoided')
          : t('payments.totals.voided', {
              count: totals.voided.count,
              amount: format.money(totals.voided.amount),
            })}
        {pending > 0 && ` ${t('payments.totals.pending', { count: pending })}`}
      </p>
    </section>
  );
}

function TotalRow({
  label,
  total,
  testId,
  strong,
}: {
  label: string;
  total: { count: number; amount: number };
  testId: string;
  strong?: boolean;
}) {
  const format = useFormat();
  return (
    <TableRow data-testid={testId} className={strong ? 'font-semibold' : undefined}>
      <TableCell>{label}</TableCell>
      <TableCell className="text-right">{total.count}</TableCell>
      <TableCell className="text-right">{format.money(total.amount)}</TableCell>
    </TableRow>
  );
}
