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
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useForm } from '@web/lib/form.ts';
import { mutate } from '@web/sync/hooks.ts';

// Decision 028: checking in a family that owes money asks
// first. The volunteer takes the payment here (the door payment form of the payments page, so
// the money and the check-in are one step at the table) or checks in without it, knowingly.
// Both work offline: the payment and the check-in are two queued mutations, payment first.

export type OwingCheckIn =
  { kind: 'one'; competitorId: number; name: string } | { kind: 'all'; count: number };

/** A field's message in the page's language (the shared rules' messages are message references). */
const fieldError = (text: string | undefined) => (text === undefined ? undefined : tm(text));

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
  const format = useFormat();
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
      const values = { method: tm(PAYMENT_METHOD_LABELS[p.method]), amount: format.money(p.amount) };
      onPaid(
        change !== null
          ? t('checkIn.owing.paidWithChange', { ...values, change: format.money(change) })
          : t('checkIn.owing.paid', values),
      );
      onClose();
    },
  });

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
              {t('checkIn.owing.title', { family: familyTitle, amount: format.money(owing) })}
            </DialogTitle>
            <DialogDescription>
              {what.kind === 'one'
                ? t('checkIn.owing.descriptionOne', { name: what.name })
                : t('checkIn.owing.descriptionAll', { count: what.count })}
            </DialogDescription>
          </DialogHeader>
          <PaymentFields
            value={form.values}
            onChange={form.setValues}
            errors={{
              method: fieldError(form.error('method')),
              amount: fieldError(form.error('amount')),
              tendered: fieldError(form.error('tendered')),
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
              {t('checkIn.owing.withoutPayment')}
            </Button>
            <Button type="submit" size="lg">
              {t('checkIn.owing.recordAndCheckIn')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
