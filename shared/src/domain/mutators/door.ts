import { DomainError } from '../domain-error.ts';
import { msg } from '../../i18n/message-ref.ts';
import { z } from 'zod';
import type { SyncCompetitor, SyncPayment, SyncRegistration } from '../../contract/sync.ts';
import {
  changeDue,
  checkTendered,
  DOOR_MESSAGES,
  DoorPaymentFields,
  MAX_VOID_REASON,
  provisionalWalkInIds,
  WalkInArgsSchema,
} from '../door.ts';
import { machineText, textRule } from '../text.ts';
import { checkIn, recordedAt, type CheckInOutcome } from './check-in.ts';
import { defineMutator, type MutatorContext, type MutatorStore } from './types.ts';

// Door payments and walk-ins (decision 016): intents a check-in tablet queues, offline too.
// Payment ids are made on the device, so a retried or replayed payment is recorded once.

const Id = z.number().int().positive().max(2_147_483_647);

export interface DoorPaymentOutcome {
  paymentId: string;
  registrationId: number;
  /** False when this payment id was recorded before (a retry): nothing changed. */
  recordedNow: boolean;
  /** Cash: what to hand back; null otherwise. */
  changeDue: number | null;
  /** The registration's balance after it (negative: refund due). */
  balanceOwing: number;
}

function paymentRow(
  registrationId: number,
  p: { paymentId: string; method: SyncPayment['method']; amount: number; tendered?: number | undefined },
  at: string,
  ctx: MutatorContext,
): SyncPayment {
  return {
    id: p.paymentId,
    registrationId,
    method: p.method,
    amount: p.amount,
    tendered: p.method === 'cash' ? (p.tendered ?? null) : null,
    createdAt: at,
    recordedBy: ctx.actor.personId,
    recordedByName: ctx.actor.displayName,
    voided: false,
    voidReason: null,
    voidedAt: null,
    voidedBy: null,
    voidedByName: null,
    version: 0,
  };
}

/** The registration as the device shows it after `paid` more (negative: a void). */
function withPaid(r: SyncRegistration, paid: number): SyncRegistration {
  const amountPaid = r.amountPaid + paid;
  return { ...r, isCompleted: true, amountPaid, balanceOwing: r.cost - amountPaid };
}

export const recordDoorPayment = defineMutator({
  name: 'recordDoorPayment@1',
  refusedTitle: msg('mutation.refused.recordDoorPayment'),
  sentAs: { one: 'payment', other: 'payments' },
  scope: 'checkin',
  args: DoorPaymentFields.extend({
    registrationId: Id,
    /** When it was taken on the device (ISO 8601); kept unless in the future; refused outside the tournament's window. */
    at: z.iso.datetime({ offset: true }).optional(),
  }).superRefine(checkTendered),
  async run(store, args, ctx): Promise<DoorPaymentOutcome> {
    const earlier = await store.get('payments', args.paymentId);
    if (earlier) {
      if (earlier.registrationId !== args.registrationId)
        throw new DomainError('payment_id_taken', DOOR_MESSAGES.paymentIdTaken);
      const r = await store.get('registrations', earlier.registrationId);
      return {
        paymentId: earlier.id,
        registrationId: earlier.registrationId,
        recordedNow: false,
        changeDue: changeDue(earlier),
        balanceOwing: r?.balanceOwing ?? 0,
      };
    }
    const r = await store.get('registrations', args.registrationId);
    if (!r) throw new DomainError('registration_not_found', DOOR_MESSAGES.registrationNotFound);
    const at = recordedAt(args.at, 'payment', ctx);
    // Decision 018: more than the balance owing only with a director's
    // confirmation, which the payments form asks for before queuing. The rule here is the
    // registration's whole cost, on both sides: two tablets offline may each take the same
    // balance (decision 016), so a payment queued against a balance another tablet has since
    // paid still shows, and is recorded, as taken; the server's door service refuses above the
    // cost from anyone but a director.
    const owing = Math.max(0, r.balanceOwing);
    if (args.amount > Math.max(owing, r.cost) && !args.overBalanceConfirmed)
      throw new DomainError('over_balance', DOOR_MESSAGES.overBalance(owing));
    const row = paymentRow(r.id, args, at, ctx);
    if (!(await store.insert('payments', row))) {
      // Recorded meanwhile by another device's push (the server's insert found it).
      const again = await store.get('payments', args.paymentId);
      if (again && again.registrationId !== r.id)
        throw new DomainError('payment_id_taken', DOOR_MESSAGES.paymentIdTaken);
      return {
        paymentId: row.id,
        registrationId: r.id,
        recordedNow: false,
        changeDue: changeDue(row),
        balanceOwing: r.balanceOwing,
      };
    }
    const after = withPaid(r, row.amount);
    await store.put('registrations', after);
    return {
      paymentId: row.id,
      registrationId: r.id,
      recordedNow: true,
      changeDue: changeDue(row),
      balanceOwing: after.balanceOwing,
    };
  },
});

export const voidPayment = defineMutator({
  name: 'voidPayment@1',
  refusedTitle: msg('mutation.refused.voidPayment'),
  sentAs: { one: 'voided payment', other: 'voided payments' },
  scope: 'checkin',
  roles: ['SuperAdmin'],
  args: z.object({
    paymentId: machineText(200).min(1),
    reason: z
      .string({ error: DOOR_MESSAGES.voidReason })
      .trim()
      .min(1, DOOR_MESSAGES.voidReason)
      .max(MAX_VOID_REASON, DOOR_MESSAGES.voidReasonLength(MAX_VOID_REASON))
      .superRefine(textRule({ multiline: true })),
  }),
  async run(
    store,
    args,
    ctx,
  ): Promise<{ paymentId: string; voidedNow: boolean; balanceOwing: number | null }> {
    const p = await store.get('payments', args.paymentId);
    if (!p) throw new DomainError('payment_not_found', DOOR_MESSAGES.paymentNotFound);
    const r = await store.get('registrations', p.registrationId);
    if (p.voided) return { paymentId: p.id, voidedNow: false, balanceOwing: r?.balanceOwing ?? null };
    if (p.method === 'online') throw new DomainError('online_payment', DOOR_MESSAGES.voidOnline);
    await store.put('payments', {
      ...p,
      voided: true,
      voidReason: args.reason,
      voidedAt: ctx.now.toISOString(),
      voidedBy: ctx.actor.personId,
      voidedByName: ctx.actor.displayName,
    });
    if (!r) return { paymentId: p.id, voidedNow: true, balanceOwing: null };
    const after = withPaid(r, -p.amount);
    await store.put('registrations', after);
    return { paymentId: p.id, voidedNow: true, balanceOwing: after.balanceOwing };
  },
});

export interface WalkInOutcome {
  walkInId: string;
  /** Negative (provisional) on the device until the server's rows arrive. */
  registrationId: number;
  competitorIds: number[];
  /** False when this walkInId was registered before: nothing more was made. */
  createdNow: boolean;
  checkIns: CheckInOutcome[];
  changeDue: number | null;
}

/**
 * A walk-in in one go: the registration at the door price, its competitors, the payment and
 * receipt, and the check-in. Registering the same walkInId again makes nothing more.
 */
export const registerWalkIn = defineMutator({
  name: 'registerWalkIn@1',
  refusedTitle: msg('mutation.refused.registerWalkIn'),
  sentAs: { one: 'walk-in', other: 'walk-ins' },
  scope: 'checkin',
  args: WalkInArgsSchema,
  async run(store: MutatorStore, args, ctx): Promise<WalkInOutcome> {
    const at = recordedAt(args.at, 'walk-in', ctx);
    const ids = provisionalWalkInIds(args.walkInId, args.competitors.length);
    const paid = args.payment?.amount ?? 0;
    const registration: SyncRegistration = {
      id: ids.registrationId,
      // Unknown on the device until the server's row arrives.
      tournamentId: 0,
      familyName: args.contact.lastName,
      ownerFirstName: args.contact.firstName,
      isCompleted: true,
      confirmationCodes: [],
      // Until the server's row arrives: the total the device quoted (the server charges its own).
      balanceOwing: (args.quotedTotal ?? paid) - paid,
      competitorCount: args.competitors.length,
      cost: args.quotedTotal ?? paid,
      amountPaid: paid,
      isWalkIn: true,
      walkInId: args.walkInId,
      version: 0,
    };
    const competitors: SyncCompetitor[] = args.competitors.map((c, i) => ({
      id: ids.competitorIds[i] ?? -1,
      registrationId: ids.registrationId,
      firstName: c.firstName,
      lastName: c.lastName,
      checkedInAt: null,
      checkedInBy: null,
      checkedInByName: null,
      version: 0,
    }));
    const payment = args.payment ? paymentRow(ids.registrationId, args.payment, at, ctx) : null;
    const made = await store.createWalkIn({ args, provisional: { registration, competitors, payment } });
    const checkIns: CheckInOutcome[] = [];
    if (made.created && args.checkIn) {
      for (const id of made.competitorIds) {
        const c = await store.get('competitors', id);
        if (c) checkIns.push(await checkIn(store, c, at, ctx));
      }
    }
    return {
      walkInId: args.walkInId,
      registrationId: made.registrationId,
      competitorIds: made.competitorIds,
      createdNow: made.created,
      checkIns,
      changeDue: payment ? changeDue(payment) : null,
    };
  },
});
