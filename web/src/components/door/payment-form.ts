import { msg } from '@shared/i18n/message-ref.ts';
import type { DoorPaymentMethod } from '@shared/contract/sync.ts';
import { changeDue, DoorPaymentSchema, type DoorPayment } from '@shared/domain/door.ts';

// The door payment form as plain data (pure, tested without a browser): what staff typed,
// the live "Change due", and the `recordDoorPayment@1` payment it becomes.

export interface PaymentFormState {
  method: DoorPaymentMethod;
  /** Whole dollars as typed. */
  amount: string;
  /** Cash handed over, as typed (cash only; may stay empty). */
  tendered: string;
}

export function initialPaymentForm(balanceOwing: number): PaymentFormState {
  return { method: 'cash', amount: balanceOwing > 0 ? String(balanceOwing) : '', tendered: '' };
}

/** A whole number of dollars typed in a field ("40", " 40 "), or undefined. */
export function parseDollars(text: string): number | undefined {
  const t = text.trim().replace(/^\$/, '');
  return /^\d{1,7}$/.test(t) ? Number(t) : undefined;
}

/** "Change due $10" as staff type: null until both the amount and the cash handed over make sense. */
export function liveChangeDue(state: PaymentFormState): number | null {
  if (state.method !== 'cash') return null;
  const amount = parseDollars(state.amount);
  const tendered = parseDollars(state.tendered);
  if (amount === undefined || tendered === undefined || tendered < amount) return null;
  return changeDue({ method: 'cash', amount, tendered });
}

export type PaymentFormResult =
  | { ok: true; payment: DoorPayment }
  | { ok: false; errors: Partial<Record<'method' | 'amount' | 'tendered', string>> };

/** The payment the form makes with `paymentId`, or the errors to show beside the fields. */
export function paymentFromForm(state: PaymentFormState, paymentId: string): PaymentFormResult {
  const amount = parseDollars(state.amount);
  const tenderedText = state.method === 'cash' ? state.tendered.trim() : '';
  const tendered = tenderedText === '' ? undefined : parseDollars(tenderedText);
  const parsed = DoorPaymentSchema.safeParse({
    paymentId,
    method: state.method,
    amount: amount ?? Number.NaN,
    ...(tenderedText === '' ? {} : { tendered: tendered ?? Number.NaN }),
  });
  if (parsed.success) return { ok: true, payment: parsed.data };
  const errors: Partial<Record<'method' | 'amount' | 'tendered', string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'method' || key === 'amount' || key === 'tendered') && !errors[key]) {
      errors[key] = key === 'tendered' && tendered === undefined ? TENDERED_MESSAGE : issue.message;
    }
  }
  return { ok: false, errors };
}

/** A message reference (shown with `tm`, as the field error is). */
export const TENDERED_MESSAGE = msg('common.door.tenderedInvalid');
