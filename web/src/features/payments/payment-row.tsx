import { useState } from 'react';
import type { SyncPayment } from '@shared/contract/sync.ts';
import { changeDue, MAX_VOID_REASON, PAYMENT_METHOD_LABELS } from '@shared/domain/door.ts';
import { voidPayment } from '@shared/domain/mutators/index.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { formatDollars, useTimeZone } from '@web/lib/format.ts';
import { useForm } from '@web/lib/form.ts';
import { formatTimeOrDateTime } from '@shared/domain/time.ts';
import { mutate } from '@web/sync/hooks.ts';

// One recorded payment, with its void (SuperAdmin) asked for a reason first.

export function PaymentRow({
  payment: p,
  pending,
  canVoid,
}: {
  payment: SyncPayment;
  pending: boolean;
  canVoid: boolean;
}) {
  const timeZone = useTimeZone();
  const change = changeDue(p);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
      data-testid="payment-row"
    >
      <div>
        <p className={p.voided ? 'font-medium line-through' : 'font-medium'}>
          {PAYMENT_METHOD_LABELS[p.method]} {formatDollars(p.amount)}
          {p.tendered !== null &&
            ` (tendered ${formatDollars(p.tendered)}, change ${formatDollars(change ?? 0)})`}
        </p>
        <p className="text-sm text-muted-foreground">
          {formatTimeOrDateTime(p.createdAt, timeZone)}
          {p.recordedByName && ` by ${p.recordedByName}`}
        </p>
        {p.voided && (
          <p className="text-sm" data-testid="payment-voided">
            Voided{p.voidedByName ? ` by ${p.voidedByName}` : ''}: {p.voidReason}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        {pending && <Badge variant="outline">Not yet sent</Badge>}
        {p.voided && <Badge variant="danger">Voided</Badge>}
        {canVoid && <VoidButton payment={p} />}
      </div>
    </li>
  );
}

function VoidButton({ payment: p }: { payment: SyncPayment }) {
  const [open, setOpen] = useState(false);
  const label = `${PAYMENT_METHOD_LABELS[p.method]} ${formatDollars(p.amount)}`;
  // The mutator's own argument schema: the reason is required and trimmed (DOOR_MESSAGES.voidReason).
  const form = useForm({
    schema: voidPayment.args,
    initial: { paymentId: p.id, reason: '' },
    showErrors: 'submitted',
    onSubmit: (args) => confirm(args.reason),
  });
  const error = form.error('reason');

  async function confirm(text: string) {
    await mutate(voidPayment, { paymentId: p.id, reason: text });
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)} aria-label={`Void ${label}`}>
        Void
      </Button>
      <DialogContent>
        <form onSubmit={(e) => void form.submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Void {label}?</DialogTitle>
            <DialogDescription>
              The payment stays on record, marked voided, and the balance owing rises by{' '}
              {formatDollars(p.amount)}.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="void-reason">Reason</Label>
            <Textarea
              id="void-reason"
              rows={3}
              maxLength={MAX_VOID_REASON}
              required
              value={form.values.reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'void-reason-error' : undefined}
              onChange={(e) => form.set('reason', e.target.value)}
            />
            {error && (
              <p id="void-reason-error" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive">
              Void payment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
