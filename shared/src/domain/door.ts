import { z } from 'zod';
import {
  DOOR_PAYMENT_METHODS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type SyncPayment,
} from '../contract/sync.ts';
import { CompetitorFieldsSchema } from './competitor.ts';
import { registrationTotal, type CostPrices } from './costs.ts';
import { msg } from '../i18n/message-ref.ts';
import { LOCALES } from '../i18n/locale.ts';
import { MESSAGES } from './messages.ts';
import { emailField, optionalPhoneField, requiredText } from './validation.ts';

// Door payments and walk-ins (decision 016; docs/decisions/ "door payments and walk-ins"): the rules
// the payments page, the walk-in flow and the server share.

export const DOOR_MESSAGES = {
  registrationNotFound: msg('door.registrationNotFound'),
  paymentNotFound: msg('door.paymentNotFound'),
  paymentIdTaken: msg('door.paymentIdTaken'),
  alreadyRecorded: msg('door.alreadyRecorded'),
  alreadyVoided: msg('door.alreadyVoided'),
  tenderedCashOnly: msg('door.tenderedCashOnly'),
  tenderedTooLittle: msg('door.tenderedTooLittle'),
  amount: msg('door.amount'),
  method: msg('door.method'),
  voidReason: msg('door.voidReason'),
  voidReasonLength: (max: number) => msg('door.voidReasonLength', { max }),
  voidOnline: msg('door.voidOnline'),
  competitorCount: msg('door.competitorCount'),
  // `problems`: the competitor's problems (`sentences()` of their references).
  invalidCompetitor: (n: number, problems: string) => msg('door.invalidCompetitor', { n, problems }),
  // More than the balance owing needs a director's confirmation (decision 018). The amount
  // as a string: written as it is ("$1250"), not grouped as a number would be.
  overBalance: (owing: number) => msg('door.overBalance', { owing: String(owing) }),
  overBalanceDirector: msg('door.overBalanceDirector'),
} as const;

/** How each method is named on the page, receipts and totals. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: msg('door.methodLabel.online'),
  cash: msg('door.methodLabel.cash'),
  card: msg('door.methodLabel.card'),
  etransfer: msg('door.methodLabel.etransfer'),
};

export const MAX_PAYMENT_AMOUNT = 100_000;
export const MAX_WALK_IN_COMPETITORS = 10;
export const MAX_WALK_IN_SPECTATORS = 50;
export const MAX_VOID_REASON = 500;

const Amount = z
  .number({ error: DOOR_MESSAGES.amount })
  .int(DOOR_MESSAGES.amount)
  .min(1, DOOR_MESSAGES.amount)
  .max(MAX_PAYMENT_AMOUNT, DOOR_MESSAGES.amount);
const Uuid = z.uuid();

/** A door payment's fields: cash may carry what was handed over, other methods none. */
export const DoorPaymentFields = z.object({
  paymentId: Uuid,
  method: z.enum(DOOR_PAYMENT_METHODS, { error: DOOR_MESSAGES.method }),
  amount: Amount,
  tendered: z
    .number()
    .int()
    .min(0)
    .max(10 * MAX_PAYMENT_AMOUNT)
    .optional(),
  /** A director confirms a payment above the balance owing (the server checks the role; decision 018). */
  overBalanceConfirmed: z.boolean().optional(),
});

/** Cash handed over: cash only, and at least the amount. */
export function checkTendered(
  p: { method: string; amount: number; tendered?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (p.tendered === undefined) return;
  if (p.method !== 'cash')
    ctx.addIssue({ code: 'custom', path: ['tendered'], message: DOOR_MESSAGES.tenderedCashOnly });
  else if (p.tendered < p.amount)
    ctx.addIssue({ code: 'custom', path: ['tendered'], message: DOOR_MESSAGES.tenderedTooLittle });
}

export const DoorPaymentSchema = DoorPaymentFields.superRefine(checkTendered);
export type DoorPayment = z.output<typeof DoorPaymentSchema>;

/** The person at the door: no account needed; an e-mail of an existing account attaches to it. */
export const WalkInContactSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: z
    .union([z.literal(''), emailField()])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
  phoneNumber: optionalPhoneField(),
});

export const WalkInCompetitorSchema = CompetitorFieldsSchema.omit({ registrationId: true });
export const WalkInArgsSchema = z.object({
  /** Idempotency key made on the device: registering the same walk-in twice makes one. */
  walkInId: Uuid,
  contact: WalkInContactSchema,
  competitors: z
    .array(WalkInCompetitorSchema, { error: DOOR_MESSAGES.competitorCount })
    .min(1, DOOR_MESSAGES.competitorCount)
    .max(MAX_WALK_IN_COMPETITORS, DOOR_MESSAGES.competitorCount),
  spectators: z.number({ error: MESSAGES.required }).int().min(0).max(MAX_WALK_IN_SPECTATORS).default(0),
  payment: DoorPaymentSchema.optional(),
  /**
   * Staff asked the family and they confirmed the e-mail is their own account: attach the
   * walk-in to it. Without it the walk-in gets a guest owner even when an account has this
   * e-mail (decision 018: nobody at the door can add children to someone else's account).
   */
  attachToAccount: z.boolean().default(false),
  /**
   * The language the family reads, asked at the desk: the guest owner's, so the messages to
   * this registration's contacts go out in it (docs/decisions/037-english-and-french.md). An
   * account the walk-in is attached to keeps the language its owner chose.
   */
  language: z.enum(LOCALES).default('en'),
  checkIn: z.boolean().default(true),
  /**
   * The total the device showed (walkInTotal over the cached tournament prices): only the
   * provisional row uses it; the server charges its own door price.
   */
  quotedTotal: z
    .number()
    .int()
    .min(0)
    .max(10 * MAX_PAYMENT_AMOUNT)
    .optional(),
  at: z.iso.datetime({ offset: true }).optional(),
});
export type WalkInArgs = z.output<typeof WalkInArgsSchema>;
export type WalkInArgsInput = z.input<typeof WalkInArgsSchema>;

/** Change due for a cash payment, or null when nothing was handed over (or not cash). */
export function changeDue(p: {
  method: PaymentMethod;
  amount: number;
  tendered?: number | null;
}): number | null {
  if (p.method !== 'cash' || p.tendered === undefined || p.tendered === null) return null;
  return Math.max(0, p.tendered - p.amount);
}

/** What a walk-in pays: competitors at the door price, spectators at the spectator price. */
export function walkInTotal(
  counts: { competitors: number; spectators: number },
  prices: CostPrices & { competitorDoorCost: number },
): number {
  return registrationTotal({ ...counts, lunch: 0, isWalkIn: true }, prices);
}

/**
 * The balance line staff read: "Balance owing: $X", "Paid in full", or, when more was taken
 * than is due (two tablets took money offline for one family), "Refund due $X".
 */
export function balanceText(balanceOwing: number): string {
  // The amount as a string: written as it is ("$1250"), not grouped as a number would be.
  if (balanceOwing > 0) return msg('door.balance.owing', { amount: String(balanceOwing) });
  if (balanceOwing < 0) return msg('door.balance.refund', { amount: String(-balanceOwing) });
  return msg('door.balance.paid');
}

export interface MethodTotal {
  count: number;
  amount: number;
}
export interface DayTotals {
  /** Payments not voided, by method (every method present, zero when none). */
  byMethod: Record<PaymentMethod, MethodTotal>;
  /** Cash, card terminal and e-transfer together. */
  door: MethodTotal;
  /** Every method. */
  all: MethodTotal;
  /** Voided payments of the day (not in the totals above). */
  voided: MethodTotal;
}

/** YYYY-MM-DD of an instant in `timeZone` (the device's own when undefined). */
export function dayOf(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** End-of-day totals: the payments taken on `day` (YYYY-MM-DD in `timeZone`), by method. */
export function dayTotals(
  payments: readonly Pick<SyncPayment, 'method' | 'amount' | 'createdAt' | 'voided'>[],
  day: string,
  timeZone?: string,
): DayTotals {
  const zero = (): MethodTotal => ({ count: 0, amount: 0 });
  const byMethod = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, zero()])) as Record<
    PaymentMethod,
    MethodTotal
  >;
  const out: DayTotals = { byMethod, door: zero(), all: zero(), voided: zero() };
  const add = (t: MethodTotal, amount: number) => {
    t.count += 1;
    t.amount += amount;
  };
  for (const p of payments) {
    if (dayOf(p.createdAt, timeZone) !== day) continue;
    if (p.voided) {
      add(out.voided, p.amount);
      continue;
    }
    add(byMethod[p.method], p.amount);
    add(out.all, p.amount);
    if (p.method !== 'online') add(out.door, p.amount);
  }
  return out;
}

/** 32-bit FNV-1a of a string. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The negative ids a device gives a walk-in's registration and competitors until the
 * server's rows arrive by pull (server ids are positive, so they never clash).
 */
export function provisionalWalkInIds(
  walkInId: string,
  competitors: number,
): {
  registrationId: number;
  competitorIds: number[];
} {
  const base = ((fnv1a(walkInId) % 1_000_000) + 1) * 100;
  return {
    registrationId: -base,
    competitorIds: Array.from({ length: competitors }, (_, i) => -(base + i + 1)),
  };
}
