import type { FocusEvent, MouseEvent } from 'react';
import { DOOR_PAYMENT_METHODS } from '@shared/contract/sync.ts';
import { PAYMENT_METHOD_LABELS } from '@shared/domain/door.ts';
import { TextField } from '../form/text-field.tsx';
import { Button } from '../ui/button.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { liveChangeDue, type PaymentFormResult, type PaymentFormState } from './payment-form.ts';

// Method, amount and (for cash) the cash handed over with a live "Change due": used by the
// payments page, the walk-in form and check-in's "owes money" dialog. Big touch targets: staff
// use it on a tablet at the door.

/**
 * The amounts select their contents when focused (decision 028): the amount comes prefilled with
 * the balance, and typing "110" over "110" must give 110, not 110110. Chromium and Safari undo
 * a selection made on focus at the mouseup (or tap) that focused the field, so that one
 * mouseup is cancelled.
 */
const selectOnFocus = {
  onFocus: (e: FocusEvent<HTMLInputElement>) => {
    e.currentTarget.select();
    e.currentTarget.dataset.justFocused = 'true';
  },
  onMouseUp: (e: MouseEvent<HTMLInputElement>) => {
    if (e.currentTarget.dataset.justFocused !== 'true') return;
    delete e.currentTarget.dataset.justFocused;
    e.preventDefault();
  },
  onBlur: (e: FocusEvent<HTMLInputElement>) => {
    delete e.currentTarget.dataset.justFocused;
  },
};

export function PaymentFields({
  value,
  onChange,
  errors,
  idPrefix,
}: {
  value: PaymentFormState;
  onChange: (next: PaymentFormState) => void;
  errors: (PaymentFormResult & { ok: false })['errors'] | undefined;
  idPrefix: string;
}) {
  const change = liveChangeDue(value);
  const format = useFormat();
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('common.door.paymentMethod')}</legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('common.door.paymentMethod')}>
          {DOOR_PAYMENT_METHODS.map((m) => (
            <Button
              key={m}
              type="button"
              size="lg"
              role="radio"
              aria-checked={value.method === m}
              variant={value.method === m ? 'default' : 'outline'}
              onClick={() => onChange({ ...value, method: m })}
            >
              {tm(PAYMENT_METHOD_LABELS[m])}
            </Button>
          ))}
        </div>
        {errors?.method && <p className="text-sm font-medium text-destructive">{tm(errors.method)}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-amount`}
          label={t('common.door.amount')}
          inputMode="numeric"
          autoComplete="off"
          required
          value={value.amount}
          error={errors?.amount}
          {...selectOnFocus}
          onChange={(e) => onChange({ ...value, amount: e.target.value })}
        />
        {value.method === 'cash' && (
          <TextField
            id={`${idPrefix}-tendered`}
            label={t('common.door.tendered')}
            inputMode="numeric"
            autoComplete="off"
            value={value.tendered}
            error={errors?.tendered}
            {...selectOnFocus}
            onChange={(e) => onChange({ ...value, tendered: e.target.value })}
          />
        )}
      </div>
      {change !== null && (
        <p className="text-xl font-semibold" aria-live="polite" data-testid="change-due">
          {t('common.door.changeDue', { amount: format.money(change) })}
        </p>
      )}
    </div>
  );
}
