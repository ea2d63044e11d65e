import { PAYMENT_METHODS } from '@shared/contract/sync.ts';
import { dayOf, dayTotals, PAYMENT_METHOD_LABELS } from '@shared/domain/door.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { formatDate, formatDollars, useTimeZone } from '@web/lib/format.ts';
import type { CheckInView } from '@web/sync/overlay.ts';

// End-of-day totals by method for today (the tournament's day, in its time zone: decision 029),
// from synced and pending payments, so the cash box can be counted offline. Voided payments are
// listed apart, not in the totals.

export function EndOfDayTotals({ view, now = new Date() }: { view: CheckInView; now?: Date }) {
  const timeZone = useTimeZone();
  const today = dayOf(now.toISOString(), timeZone);
  const totals = dayTotals(view.payments, today, timeZone);
  const pending = view.payments.filter(
    (p) => view.pendingPaymentIds.has(p.id) && dayOf(p.createdAt, timeZone) === today,
  ).length;
  return (
    <section aria-labelledby="end-of-day" className="grid gap-3" data-testid="end-of-day">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="end-of-day" className="text-xl font-semibold">
          End-of-day totals, {formatDate(today)}
        </h2>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          Print totals
        </Button>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Method</TableHead>
            <TableHead scope="col" className="text-right">
              Payments
            </TableHead>
            <TableHead scope="col" className="text-right">
              Total
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {PAYMENT_METHODS.filter((m) => m !== 'online').map((m) => (
            <TotalRow key={m} label={PAYMENT_METHOD_LABELS[m]} t={totals.byMethod[m]} testId={`total-${m}`} />
          ))}
          <TotalRow label="At the door" t={totals.door} testId="total-door" strong />
          <TotalRow label={PAYMENT_METHOD_LABELS.online} t={totals.byMethod.online} testId="total-online" />
          <TotalRow label="All payments" t={totals.all} testId="total-all" strong />
        </TableBody>
      </Table>
      <p className="text-sm text-muted-foreground">
        {totals.voided.count === 0
          ? 'No payment voided today.'
          : `Voided today, not counted: ${totals.voided.count} (${formatDollars(totals.voided.amount)}).`}
        {pending > 0 && ` Includes ${pending} not yet sent from this device.`}
      </p>
    </section>
  );
}

function TotalRow({
  label,
  t,
  testId,
  strong,
}: {
  label: string;
  t: { count: number; amount: number };
  testId: string;
  strong?: boolean;
}) {
  return (
    <TableRow data-testid={testId} className={strong ? 'font-semibold' : undefined}>
      <TableCell>{label}</TableCell>
      <TableCell className="text-right">{t.count}</TableCell>
      <TableCell className="text-right">{formatDollars(t.amount)}</TableCell>
    </TableRow>
  );
}
