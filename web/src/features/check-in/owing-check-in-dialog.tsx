import { useRef } from 'react';
import type { SyncRegistration } from '@shared/contract/sync.ts';
import { changeDue, DOOR_MESSAGES, PAYMENT_METHOD_LABELS } from '@shared/domain/door.ts';
import { recordDoorPayment } from '@shared/domain/mutators/index.ts';
import { PaymentFields } from '@web/components/door/payment-fields.tsx';
import { initialPaymentForm, paymentFromForm } from '@web/components/door/payment-form.ts';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { formatDollars } from '@web/lib/format.ts';
import { useForm } from '@web/lib/form.ts';
import { mutate } from '@web/sync/hooks.ts';

// Decision 028: checking in a family that owes money asks
// first. The volunteer takes the payment here (the door payment form of the payments page, so
// the money and the check-in are one step at the table) or checks in without it, knowingly.
// Both work offline: the payment and the check-in are two queued mutations, payment first.

export type OwingCheckIn =
  { kind: 'one'; competitorId: number; name: string } | { kind: 'all'; count: number };

export function OwingCheckInDialog({
  registration: r,
  familyTitle,
  what,
  onCheckIn,
  onWithoutPayment,
  onPaid,
  onClose,
  returnFocusTo,
}: {
  registration: SyncRegistration;
  familyTitle: string;
  what: OwingCheckIn;
  onCheckIn: () => void;
  /** The volunteer chose to check in without taking the payment. */
  onWithoutPayment: () => void;
  /** What was recorded, for the family's card ("Cash payment of $45 recorded. Change due $5."). */
  onPaid: (text: string) => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the competitor's button, now Check in or Undo). */
  returnFocusTo: () => HTMLElement | null;
}) {
  const owing = Math.max(0, r.balanceOwing);
  // One id per payment being entered, as on the payments page: a double tap records it once.
  const paymentId = useRef(crypto.randomUUID());
  const form = useForm({
    initial: initialPaymentForm(owing),
    check: (state) => {
      const result = paymentFromForm(state, paymentId.current);
      if (!result.ok) return { ok: false, errors: result.errors };
      if (result.payment.amount > owing)
        return { ok: false, errors: { amount: DOOR_MESSAGES.overBalance(owing) } };
      return { ok: true, data: result.payment };
    },
    showErrors: 'submitted',
    onSubmit: async (p) => {
      await mutate(recordDoorPayment, { ...p, registrationId: r.id, at: new Date().toISOString() });
      onCheckIn();
      const change = changeDue(p);
      onPaid(
        `${PAYMENT_METHOD_LABELS[p.method]} payment of ${formatDollars(p.amount)} recorded.` +
          (change !== null ? ` Change due ${formatDollars(change)}.` : ''),
      );
      onClose();
    },
  });
  const who = what.kind === 'one' ? what.name : `all ${what.count}`;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo()?.focus();
        }}
      >
        <form noValidate className="grid gap-4" onSubmit={(e) => void form.submit(e)}>
          <DialogHeader>
            <DialogTitle>
              {familyTitle} owes {formatDollars(owing)}
            </DialogTitle>
            <DialogDescription>
              Take the payment now and check in {who}, or check in now and collect it later.
            </DialogDescription>
          </DialogHeader>
          <PaymentFields
            value={form.values}
            onChange={form.setValues}
            errors={{
              method: form.error('method'),
              amount: form.error('amount'),
              tendered: form.error('tendered'),
            }}
            idPrefix="owing-payment"
          />
          <DialogFooter className="flex-wrap">
            <Button
              type="button"
              variant="outline"
              size="lg"
              onClick={() => {
                onWithoutPayment();
                onCheckIn();
                onClose();
              }}
            >
              Check in without payment
            </Button>
            <Button type="submit" size="lg">
              Record payment and check in
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
