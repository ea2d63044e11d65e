import { useRef, useState } from 'react';
import type { SyncRegistration } from '@shared/contract/sync.ts';
import { DIRECTOR_ROLES, hasAnyRole } from '@shared/domain/roles.ts';
import { changeDue, DOOR_MESSAGES, PAYMENT_METHOD_LABELS } from '@shared/domain/door.ts';
import { recordDoorPayment } from '@shared/domain/mutators/index.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useForm } from '@web/lib/form.ts';
import { useSession } from '@web/lib/session.ts';
import { PaymentFields } from '@web/components/door/payment-fields.tsx';
import { mutate } from '@web/sync/hooks.ts';
import { initialPaymentForm, paymentFromForm } from '@web/components/door/payment-form.ts';

// Recording a door payment (cash with change due, card terminal, e-transfer) for one registration.

/** A field's error in the page's language (an error may be a message reference). */
const shown = (error: string | undefined) => (error === undefined ? undefined : tm(error));

export function RecordPaymentForm({ registration: r }: { registration: SyncRegistration }) {
  const [done, setDone] = useState<string | null>(null);
  const format = useFormat();
  // One id per payment being entered: a double tap or a retry sends the same id, which the
  // mutator records once; a fresh id is made only after the payment is queued.
  const paymentId = useRef(crypto.randomUUID());
  // Above the balance owing needs a director's confirmation (the server checks the role; decision 018).
  const session = useSession();
  const isDirector = hasAnyRole(session?.user.roles ?? [], DIRECTOR_ROLES);
  const [overConfirmed, setOverConfirmed] = useState(false);
  // Paid in full: no empty form with a "Required" hint under it (decision 028); another payment
  // (a director's above the balance) is one tap away.
  const [another, setAnother] = useState(false);
  const settled = r.balanceOwing <= 0 && !another;
  const form = useForm({
    initial: initialPaymentForm(r.balanceOwing),
    check: (state) => {
      const result = paymentFromForm(state, paymentId.current);
      if (!result.ok) return { ok: false, errors: result.errors };
      // Above the balance owing only with a director's confirmation: asked here, before the
      // payment is queued (the server, which may already hold another tablet's payment for
      // this family, checks the whole cost and the director).
      const owing = Math.max(0, r.balanceOwing);
      if (result.payment.amount > owing && !(isDirector && overConfirmed))
        return { ok: false, errors: { amount: DOOR_MESSAGES.overBalance(owing) } };
      return { ok: true, data: result.payment };
    },
    showErrors: 'submitted',
    onSubmit: async (p) => {
      await mutate(recordDoorPayment, {
        ...p,
        registrationId: r.id,
        at: new Date().toISOString(),
        ...(overConfirmed && p.amount > Math.max(0, r.balanceOwing) ? { overBalanceConfirmed: true } : {}),
      });
      setOverConfirmed(false);
      const change = changeDue(p);
      setDone(
        t('payments.record.done', {
          method: tm(PAYMENT_METHOD_LABELS[p.method]),
          amount: format.money(p.amount),
        }) + (change !== null ? ` ${t('payments.record.change', { change: format.money(change) })}` : ''),
      );
      paymentId.current = crypto.randomUUID();
      setAnother(false);
      form.reset(initialPaymentForm(Math.max(0, r.balanceOwing - p.amount)));
    },
  });

  return (
    <form
      onSubmit={(e) => {
        setDone(null);
        void form.submit(e);
      }}
      className="grid gap-4 border-t pt-4"
      aria-label={t('payments.record.title')}
      noValidate
    >
      {settled ? (
        <div>
          <Button type="button" variant="outline" size="lg" onClick={() => setAnother(true)}>
            {t('payments.record.another')}
          </Button>
        </div>
      ) : (
        <>
          <h3 className="text-lg font-semibold">{t('payments.record.title')}</h3>
          <PaymentFields
            value={form.values}
            onChange={form.setValues}
            errors={{
              method: shown(form.error('method')),
              amount: shown(form.error('amount')),
              tendered: shown(form.error('tendered')),
            }}
            idPrefix="payment"
          />
          {isDirector && Number(form.values.amount) > Math.max(0, r.balanceOwing) && (
            <label className="flex items-center gap-2 text-sm" data-testid="confirm-over-balance">
              <input
                type="checkbox"
                checked={overConfirmed}
                onChange={(e) => setOverConfirmed(e.target.checked)}
              />
              {t('payments.record.confirmOver', { amount: format.money(Math.max(0, r.balanceOwing)) })}
            </label>
          )}
          <div>
            <Button type="submit" size="lg">
              {t('payments.record.submit')}
            </Button>
          </div>
        </>
      )}
      {done && (
        <Alert variant="success" role="status" data-testid="payment-recorded">
          {done}
        </Alert>
      )}
    </form>
  );
}
