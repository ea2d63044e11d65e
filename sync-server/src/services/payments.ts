import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  balanceOwing,
  isStaff,
  msg,
  receiptItems,
  translateText,
  translatorFor,
  REGISTRATION_MESSAGES,
  type CheckoutResult,
  type PaymentChoice,
  type Registration,
  type Tournament,
} from '@tournament/shared';
import type { StripeConfig } from '../config/env.ts';
import type { Tx } from '../db/client.ts';
import { payments, registrations } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { recipientLanguage } from './recipient-language.ts';
import { insertReceipt, queueReceiptMail, sendQueuedReceipt } from './receipts.ts';
import { getRegistration, lockRegistrationForPayment, tournamentsById } from './registration.ts';
import { toRegistrations, type RegistrationRow, type ViewDeps } from './registration-views.ts';

// Payment (docs/design.md §5): Stripe Checkout when configured, else "pay at the door".
// The amount is always the server's docs/product.md §9 total; a client never sends one.

export interface PaymentRecord {
  /** Made by the paying side (the Checkout Session id, or the device), so a replay records it once. */
  id: string;
  method: 'online' | 'cash' | 'card' | 'etransfer';
  amount: number;
  /** Cash handed over (door cash payments). */
  tendered?: number | null;
  /** When it was taken (a door payment's device time); default now. */
  createdAt?: Date;
  stripeCheckoutSessionId?: string | null;
  stripePaymentIntentId?: string | null;
  recordedBy?: number | null;
}

/** What recording a payment inside a transaction needs of the server. */
export type PaymentDeps = ViewDeps & Pick<Deps, 'now'>;

/**
 * Inside a transaction holding the registration row's lock: records `payment` once per id
 * (null when that id was recorded before: nothing else happens), completes the registration
 * if incomplete, and issues the receipt. Without a payment: completion "pay at the door".
 * Used by Stripe's webhook, completion, and the door-payment and walk-in mutators (/sync/push).
 *
 * `before`: the registration's view read under this same lock, when the caller has it (a door
 * payment checks the balance first). The view after is then that one plus the payment, not a
 * second read: nothing else can change the registration while the lock is held, and at the
 * opening of a venue's door those six statements were a quarter of each payment's.
 */
export async function recordPaymentInTx(
  tx: Tx,
  deps: PaymentDeps,
  row: RegistrationRow,
  byId: Map<number, Tournament>,
  payment: PaymentRecord | null,
  before?: Registration,
): Promise<{ view: Registration; receipt: Awaited<ReturnType<typeof insertReceipt>> } | null> {
  if (payment) {
    const inserted = await tx
      .insert(payments)
      .values({
        id: payment.id,
        registrationId: row.id,
        method: payment.method,
        amount: payment.amount,
        tendered: payment.tendered ?? null,
        stripeCheckoutSessionId: payment.stripeCheckoutSessionId ?? null,
        stripePaymentIntentId: payment.stripePaymentIntentId ?? null,
        recordedBy: payment.recordedBy ?? null,
        createdAt: payment.createdAt ?? deps.now(),
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (inserted.length === 0) return null;
  }
  const completedAt = row.completedAt ?? deps.now();
  if (!row.isCompleted) {
    await tx
      .update(registrations)
      .set({ isCompleted: true, completedAt, updatedAt: deps.now() })
      .where(eq(registrations.id, row.id));
  }
  const [view] = before
    ? [withPayment(before, payment?.amount ?? 0, completedAt)]
    : await toRegistrations(deps, tx, [{ ...row, isCompleted: true, completedAt }], byId);
  if (!view) throw new Error('recordPaymentInTx: registration vanished');
  const receipt = await insertReceipt(tx, deps, view, byId.get(row.tournamentId), payment);
  return { view, receipt };
}

/** A registration's view once `amount` more is paid and it is completed (as `toRegistrations` reads it then). */
export function withPayment(view: Registration, amount: number, completedAt: Date): Registration {
  const amountPaid = view.amountPaid + amount;
  return {
    ...view,
    isCompleted: true,
    completedAt: view.completedAt ?? completedAt.toISOString(),
    amountPaid,
    balanceOwing: balanceOwing(view.cost, amountPaid),
  };
}

export function stripeClient(cfg: StripeConfig): Stripe {
  const base = cfg.apiBase ? new URL(cfg.apiBase) : undefined;
  return new Stripe(cfg.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

/**
 * Completes a registration and makes its receipt, in one transaction; with a payment,
 * records it first and stops (answering null) if that payment id was recorded before.
 */
export async function completeRegistration(
  deps: Deps,
  opts: { registrationId: number; caller: Caller | null; payment: PaymentRecord | null },
): Promise<Registration | null> {
  const byId = await tournamentsById(deps);
  const done = await deps.database.db.transaction(async (tx) => {
    const row = await lockRegistrationForPayment(tx, opts.caller, opts.registrationId);
    if (!opts.payment && row.isCompleted) {
      throw new DomainError('already_completed', REGISTRATION_MESSAGES.alreadyCompleted, 409);
    }
    const recorded = await recordPaymentInTx(tx, deps, row, byId, opts.payment);
    // The receipt and confirmation go out once, even if this process dies now (decision 024).
    if (recorded) await queueReceiptMail(tx, recorded.receipt.id);
    return recorded;
  });
  if (!done) return null;
  // At once; a failure or a crash leaves it queued for the minute sweep (decision 026).
  await sendQueuedReceipt(deps, done.receipt.id);
  return getRegistration(
    deps,
    { personId: done.view.owner.personId, roles: ['Customer'], displayName: '' },
    done.view.registrationId,
  );
}

/**
 * POST /api/registration/checkout/{id}: a Stripe Checkout Session for what is owing (one
 * line per item), or, without Stripe (or with nothing owing), completion "pay at the door".
 */
export async function checkout(
  deps: Deps,
  caller: Caller,
  registrationId: number,
  choice?: PaymentChoice,
): Promise<CheckoutResult> {
  const registration = await getRegistration(deps, caller, registrationId);
  if (registration.isCompleted) {
    throw new DomainError('already_completed', REGISTRATION_MESSAGES.alreadyCompleted, 409);
  }
  const tournament = (await tournamentsById(deps)).get(registration.tournamentId);
  if (!isStaff(caller.roles) && !tournament?.isRegistrationOpen) {
    throw new DomainError('registration_closed', REGISTRATION_MESSAGES.closed, 409);
  }
  if (registration.competitors.length + registration.spectators + registration.lunch === 0) {
    throw new DomainError('nothing_to_pay', REGISTRATION_MESSAGES.nothingToPay, 400);
  }
  const stripe = deps.config.stripe;
  // The family chose (decision 027). "Pay at the door" completes now whatever is offered online;
  // "pay now by card" while card payment is not offered is refused, not quietly turned into a
  // door payment.
  if (choice === 'card' && !stripe && registration.balanceOwing > 0) {
    throw new DomainError('payment_unavailable', REGISTRATION_MESSAGES.cardUnavailable, 409);
  }
  if (!stripe || choice === 'door' || registration.balanceOwing <= 0) {
    const completed = await completeRegistration(deps, { registrationId, caller, payment: null });
    if (!completed) throw notFound();
    return { mode: 'door', registration: completed };
  }
  const items =
    registration.amountPaid > 0
      ? [
          {
            description: msg('receipt.item.balance'),
            quantity: 1,
            unitPrice: registration.balanceOwing,
            amount: registration.balanceOwing,
          },
        ]
      : receiptItems(registration, registration.tournament);
  const base = `${deps.config.publicUrl}/customer/registration/${registrationId}`;
  // Stripe's page lists the items in the family's language (the items are message references).
  const tr = translatorFor(await recipientLanguage(deps.database.db, { registrationId }));
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(stripe).checkout.sessions.create({
      mode: 'payment',
      client_reference_id: String(registrationId),
      customer_email: registration.owner.email || undefined,
      metadata: { registrationId: String(registrationId) },
      line_items: items.map((i) => ({
        quantity: i.quantity,
        price_data: {
          currency: 'cad',
          unit_amount: i.unitPrice * 100,
          product_data: { name: translateText(tr, i.description) },
        },
      })),
      success_url: `${base}/confirmation?paid=1`,
      cancel_url: `${base}/confirmation`,
    });
  } catch (err) {
    logger.error({ err, registrationId }, 'stripe checkout session failed');
    throw new DomainError('payment_unavailable', REGISTRATION_MESSAGES.paymentUnavailable, 502);
  }
  if (!session.url)
    throw new DomainError('payment_unavailable', REGISTRATION_MESSAGES.paymentUnavailable, 502);
  return { mode: 'stripe', url: session.url };
}

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * POST /api/registration/stripe-webhook: verified by its signature over the raw body. A paid
 * Checkout Session completes the registration and makes the receipt; a replay changes nothing.
 */
export async function handleStripeWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; recorded: boolean }> {
  const cfg = deps.config.stripe;
  if (!cfg) throw notFound();
  let event: Stripe.Event;
  try {
    event = stripeClient(cfg).webhooks.constructEvent(rawBody, signature ?? '', cfg.webhookSecret);
  } catch {
    throw new DomainError('bad_signature', msg('server.webhookSignature'), 400);
  }
  if (!PAID_EVENTS.has(event.type)) return { received: true, recorded: false };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return { received: true, recorded: false };
  const registrationId = Number(session.metadata?.registrationId ?? session.client_reference_id);
  if (!Number.isInteger(registrationId) || registrationId <= 0) {
    logger.warn({ sessionId: session.id }, 'stripe webhook without a registration id');
    return { received: true, recorded: false };
  }
  const intent = session.payment_intent;
  const done = await completeRegistration(deps, {
    registrationId,
    caller: null,
    payment: {
      id: session.id,
      method: 'online',
      amount: Math.round((session.amount_total ?? 0) / 100),
      stripeCheckoutSessionId: session.id,
      stripePaymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    },
  });
  return { received: true, recorded: done !== null };
}
