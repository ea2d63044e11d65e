import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  fullName,
  competitorRuleErrors,
  DIRECTOR_ROLES,
  hasAnyRole,
  isStaff,
  DOOR_MESSAGES,
  DomainError,
  type PaymentMethod,
  type SyncPayment,
  type Tournament,
  type WalkInArgs,
  sentences,
} from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  events,
  payments,
  registrationContacts,
  registrations,
  users,
} from '../db/schema.ts';
import type { Caller } from '../deps.ts';
import { writeAudit } from './audit.ts';
import { recordPaymentInTx, type PaymentDeps } from './payments.ts';
import { insertReceipt } from './receipts.ts';
import { competitorValues } from './registration.ts';
import { toRegistrations, type RegistrationRow } from './registration-views.ts';

// Door payments and walk-ins on the server (decision 016; docs/decisions/ door payments and
// walk-ins): run by the /sync mutators inside the push's transaction (server-store.ts).
// Receipts are issued here; none is e-mailed (the family is at the door; see the decision).

/** The e-mail of a walk-in's guest owner: no one can receive it, sign in or sign up with it. */
export function guestEmail(walkInId: string): string {
  return `walk-in-${walkInId.toLowerCase()}@guest.invalid`;
}

/** The registration row, locked, if it belongs to `tournament`. */
export async function lockRegistrationRow(
  tx: Tx,
  tournament: Tournament,
  id: number,
): Promise<RegistrationRow | undefined> {
  const [row] = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, id), eq(registrations.tournamentId, tournament.id)))
    .for('update');
  return row;
}

/** Records a door payment (once per id) with its receipt; false when the id was recorded before. */
export async function recordDoorPaymentInTx(
  tx: Tx,
  deps: PaymentDeps,
  tournament: Tournament,
  p: SyncPayment,
): Promise<boolean> {
  const row = await lockRegistrationRow(tx, tournament, p.registrationId);
  if (!row) throw new DomainError('registration_not_found', DOOR_MESSAGES.registrationNotFound);
  // Decision 018: the mutator lets a payment above the whole cost through only
  // when confirmed; here, against the account as it is now, whoever recorded it must be a
  // director. (Up to the cost a CheckInAdmin may record: two tablets offline may each take
  // the same balance, decision 016.)
  const [before] = await toRegistrations(deps, tx, [row], new Map([[tournament.id, tournament]]));
  if (
    before &&
    p.amount > Math.max(before.balanceOwing, before.cost) &&
    !(await isDirector(tx, p.recordedBy))
  ) {
    throw new DomainError('over_balance_director', DOOR_MESSAGES.overBalanceDirector);
  }
  const done = await recordPaymentInTx(
    tx,
    deps,
    row,
    new Map([[tournament.id, tournament]]),
    {
      id: p.id,
      method: p.method,
      amount: p.amount,
      tendered: p.method === 'cash' ? p.tendered : null,
      createdAt: new Date(p.createdAt),
      recordedBy: p.recordedBy,
    },
    before,
  );
  if (done !== null) {
    await writeAudit(
      tx,
      actorOf(p.recordedBy, p.recordedByName),
      {
        entity: 'payment',
        entityId: row.id,
        action: 'payment',
        before: { balanceOwing: before?.balanceOwing ?? null },
        after: { paymentId: p.id, method: p.method, amount: p.amount, ownerUserId: row.ownerUserId },
      },
      deps.now(),
    );
  }
  return done !== null;
}

/** Whether the account `userId` is a TournamentDirector or SuperAdmin now. */
async function isDirector(tx: Tx, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const [u] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  return !!u && hasAnyRole(u.roles, DIRECTOR_ROLES);
}

/** The audit actor of a door action (decision 018), from what the payment row names. */
function actorOf(personId: number | null, name: string | null): Caller {
  return { personId: personId ?? 0, roles: [], displayName: name ?? '' };
}

/** Voids a payment (SuperAdmin; the mutator's roles) and issues a receipt with the new balance. */
export async function voidPaymentInTx(
  tx: Tx,
  deps: PaymentDeps,
  tournament: Tournament,
  p: SyncPayment,
  void_: { reason: string; by: number | null },
): Promise<void> {
  const row = await lockRegistrationRow(tx, tournament, p.registrationId);
  if (!row) throw new DomainError('payment_not_found', DOOR_MESSAGES.paymentNotFound);
  const changed = await tx
    .update(payments)
    .set({ voided: true, voidedAt: deps.now(), voidedBy: void_.by, voidReason: void_.reason })
    .where(and(eq(payments.id, p.id), eq(payments.voided, false)))
    .returning({ id: payments.id });
  if (changed.length === 0) return;
  await writeAudit(
    tx,
    actorOf(void_.by, null),
    {
      entity: 'payment',
      entityId: row.id,
      action: 'void',
      before: { paymentId: p.id, method: p.method, amount: p.amount },
      after: { reason: void_.reason, ownerUserId: row.ownerUserId },
    },
    deps.now(),
  );
  const [view] = await toRegistrations(deps, tx, [row], new Map([[tournament.id, tournament]]));
  if (!view) throw new Error('voidPaymentInTx: registration vanished');
  await insertReceipt(tx, deps, view, tournament, null, {
    amount: p.amount,
    method: p.method as PaymentMethod,
  });
}

/**
 * A walk-in's registration at the door price: owner (the account of the e-mail given, else a
 * guest), the registration (completed), competitors with their events, the contact, and the
 * payment with its receipt (or a "pay at the door" receipt). A walkInId seen before answers
 * the existing ids and makes nothing.
 */
export async function createWalkInInTx(
  tx: Tx,
  deps: PaymentDeps,
  tournament: Tournament,
  args: WalkInArgs,
  recordedBy: number | null,
): Promise<{ registrationId: number; competitorIds: number[]; created: boolean }> {
  const existing = async () => {
    const [r] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.walkInId, args.walkInId));
    if (!r) return undefined;
    const kids = await tx
      .select({ id: competitors.id })
      .from(competitors)
      .where(eq(competitors.registrationId, r.id))
      .orderBy(competitors.id);
    return { registrationId: r.id, competitorIds: kids.map((k) => k.id), created: false };
  };
  const before = await existing();
  if (before) return before;

  // The rules that need the tournament, as the registration pages check them.
  const [eventRows, levels] = [
    await tx
      .select({ id: events.id, name: events.name, requiresWeight: events.requiresWeight })
      .from(events)
      .where(eq(events.tournamentId, tournament.id)),
    await tx.select({ id: competitorLevels.id }).from(competitorLevels),
  ];
  args.competitors.forEach((c, i) => {
    const errors = competitorRuleErrors(
      { ...c, registrationId: 0 },
      {
        tournamentDate: tournament.tournamentDate,
        events: eventRows,
        competitorLevelIds: levels.map((l) => l.id),
      },
    );
    const problems = Object.values(errors);
    if (problems.length > 0) {
      throw new DomainError(
        'invalid_competitor',
        DOOR_MESSAGES.invalidCompetitor(i + 1, sentences(problems)),
      );
    }
  });

  if (args.payment) {
    const [taken] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.id, args.payment.paymentId));
    if (taken) throw new DomainError('payment_id_taken', DOOR_MESSAGES.paymentIdTaken);
  }

  const { contact } = args;
  let ownerId: number | undefined;
  if (contact.email && args.attachToAccount) {
    // Decision 018: only when staff confirmed the match with the family, and only a verified
    // customer account is attached; an unverified one may have
    // been made by someone else with this address (decision 018), and staff are never owners.
    const [account] = await tx
      .select({ id: users.id, roles: users.roles })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = ${contact.email}`,
          isNotNull(users.verifiedAt),
          eq(users.isGuest, false),
        ),
      );
    ownerId = account && !isStaff(account.roles) ? account.id : undefined;
  }
  let guestId: number | undefined;
  if (ownerId === undefined) {
    const [guest] = await tx
      .insert(users)
      .values({
        email: guestEmail(args.walkInId),
        passwordHash: null,
        firstName: contact.firstName,
        lastName: contact.lastName,
        phoneNumber: contact.phoneNumber ?? '',
        roles: ['Customer'],
        isGuest: true,
        language: args.language,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!guest) {
      // Another push of this walk-in is making it right now: its registration is the answer.
      const raced = await existing();
      if (raced) return raced;
      throw new Error('createWalkInInTx: guest e-mail taken without a walk-in');
    }
    ownerId = guestId = guest.id;
  }

  const [reg] = await tx
    .insert(registrations)
    .values({
      ownerUserId: ownerId,
      tournamentId: tournament.id,
      isCompleted: true,
      completedAt: deps.now(),
      spectators: args.spectators,
      lunch: 0,
      isWalkIn: true,
      walkInId: args.walkInId,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!reg) {
    if (guestId !== undefined) await tx.delete(users).where(eq(users.id, guestId));
    const raced = await existing();
    if (raced) return raced;
    throw new Error('createWalkInInTx: walk-in conflict without a registration');
  }

  const competitorIds: number[] = [];
  for (const c of args.competitors) {
    const [made] = await tx
      .insert(competitors)
      .values({
        registrationId: reg.id,
        ...competitorValues(c),
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning({ id: competitors.id });
    if (!made) throw new Error('createWalkInInTx: competitor insert returned nothing');
    await tx
      .insert(competitorEvents)
      .values(c.eventIds.map((eventId) => ({ competitorId: made.id, eventId })));
    competitorIds.push(made.id);
  }
  if (contact.email) {
    await tx.insert(registrationContacts).values({
      registrationId: reg.id,
      name: fullName(contact.firstName, contact.lastName),
      email: contact.email,
      phoneNumber: contact.phoneNumber,
      sortOrder: 0,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    });
  }

  // Its receipt: for the payment taken with it, else "pay at the door".
  const p = args.payment;
  await recordPaymentInTx(
    tx,
    deps,
    reg,
    new Map([[tournament.id, tournament]]),
    p
      ? {
          id: p.paymentId,
          method: p.method,
          amount: p.amount,
          tendered: p.method === 'cash' ? (p.tendered ?? null) : null,
          createdAt: args.at
            ? new Date(Math.min(new Date(args.at).getTime(), deps.now().getTime()))
            : deps.now(),
          recordedBy,
        }
      : null,
  );
  return { registrationId: reg.id, competitorIds, created: true };
}
