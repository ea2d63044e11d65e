import { describe, expect, it } from 'vitest';
import { tm } from '@web/lib/i18n.tsx';
import { initialPaymentForm, liveChangeDue, parseDollars, paymentFromForm } from './payment-form.ts';

const ID = '6f1c2f3e-9a4b-4c1d-8e2f-0a1b2c3d4e5f';

describe('door payment form', () => {
  it('defaults to cash for the balance owing, and to an empty amount when nothing is owed', () => {
    expect(initialPaymentForm(40)).toEqual({ method: 'cash', amount: '40', tendered: '' });
    expect(initialPaymentForm(0).amount).toBe('');
    expect(initialPaymentForm(-15).amount).toBe('');
  });

  it('shows the change due live once the cash handed over covers the amount', () => {
    expect(liveChangeDue({ method: 'cash', amount: '40', tendered: '50' })).toBe(10);
    expect(liveChangeDue({ method: 'cash', amount: '40', tendered: '40' })).toBe(0);
    expect(liveChangeDue({ method: 'cash', amount: '40', tendered: '5' })).toBeNull();
    expect(liveChangeDue({ method: 'cash', amount: '40', tendered: '' })).toBeNull();
    expect(liveChangeDue({ method: 'card', amount: '40', tendered: '50' })).toBeNull();
  });

  it('reads whole dollars only', () => {
    expect(parseDollars(' 40 ')).toBe(40);
    expect(parseDollars('$25')).toBe(25);
    expect(parseDollars('12.50')).toBeUndefined();
    expect(parseDollars('-5')).toBeUndefined();
    expect(parseDollars('')).toBeUndefined();
  });

  it('makes the payment with the id it is given; a card payment carries no cash tendered', () => {
    expect(paymentFromForm({ method: 'cash', amount: '40', tendered: '50' }, ID)).toEqual({
      ok: true,
      payment: { paymentId: ID, method: 'cash', amount: 40, tendered: 50 },
    });
    expect(paymentFromForm({ method: 'card', amount: '40', tendered: '50' }, ID)).toEqual({
      ok: true,
      payment: { paymentId: ID, method: 'card', amount: 40 },
    });
    expect(paymentFromForm({ method: 'cash', amount: '40', tendered: '' }, ID)).toEqual({
      ok: true,
      payment: { paymentId: ID, method: 'cash', amount: 40 },
    });
  });

  it('says what is wrong beside the field: no amount, too little cash, cash not a number', () => {
    const noAmount = paymentFromForm({ method: 'etransfer', amount: '', tendered: '' }, ID);
    // The errors are message references, shown translated (tm) beside the field.
    const shown = (errors: Record<string, string | undefined>) =>
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v && tm(v)]));
    expect(noAmount.ok || shown(noAmount.errors)).toEqual({
      amount: 'Please enter a whole dollar amount between 1 and 100000.',
    });
    const tooLittle = paymentFromForm({ method: 'cash', amount: '40', tendered: '30' }, ID);
    expect(tooLittle.ok || shown(tooLittle.errors)).toEqual({
      tendered: 'The cash handed over must be at least the amount paid.',
    });
    const notNumber = paymentFromForm({ method: 'cash', amount: '40', tendered: 'fifty' }, ID);
    expect(notNumber.ok || Object.keys(notNumber.errors)).toEqual(['tendered']);
  });
});
