import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  fullName,
  ageOn,
  balanceOwing,
  registrationTotal,
  type Competitor,
  type Contact,
  type Receipt,
  type Registration,
  type Tournament,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import type { registrations } from '../db/schema.ts';
import {
  competitorEvents,
  competitors,
  payments,
  receipts,
  registrationContacts,
  users,
} from '../db/schema.ts';
import type { Deps } from '../deps.ts';

// Turning rows into the docs/product.md §3 shapes, in a few batched queries per list.

export type RegistrationRow = typeof registrations.$inferSelect;
type CompetitorRow = typeof competitors.$inferSelect;
type ContactRow = typeof registrationContacts.$inferSelect;
type ReceiptRow = typeof receipts.$inferSelect;

/** What turning rows into views needs of the server: the public address (receipt links). */
export interface ViewDeps {
  config: Pick<Deps['config'], 'publicUrl'>;
}

export function receiptUrl(deps: ViewDeps, registrationId: number): string {
  return `${deps.config.publicUrl}/customer/registration/${registrationId}/receipt`;
}

export function toReceipt(deps: ViewDeps, r: ReceiptRow): Receipt {
  return {
    receiptId: r.id,
    registrationId: r.registrationId,
    confirmationCode: r.confirmationCode,
    title: r.title,
    description: r.description,
    paymentAmount: r.paymentAmount,
    total: r.total,
    balanceOwing: r.balanceOwing,
    receiptItems: r.items,
    receiptUrl: receiptUrl(deps, r.registrationId),
    createdAt: r.createdAt.toISOString(),
  };
}

export function toCompetitor(
  c: CompetitorRow,
  eventIds: number[],
  tournamentDate: string | undefined,
): Competitor {
  return {
    id: c.id,
    registrationId: c.registrationId,
    firstName: c.firstName,
    lastName: c.lastName,
    dateOfBirth: c.dateOfBirth,
    age: tournamentDate ? (ageOn(c.dateOfBirth, tournamentDate) ?? null) : null,
    gender: c.gender === 2 ? 2 : 1,
    competitorLevelId: c.competitorLevelId,
    weightKg: c.weightKg === null ? null : Number(c.weightKg),
    school: c.school,
    emergencyContactName: c.emergencyContactName,
    emergencyContactPhone: c.emergencyContactPhone,
    emergencyContactRelationship: c.emergencyContactRelationship,
    guardianConsent: c.guardianConsent,
    publishName: c.publishName,
    photosAllowed: c.photosAllowed,
    eventIds: [...eventIds].sort((a, b) => a - b),
    checkedInAt: c.checkedInAt ? c.checkedInAt.toISOString() : null,
  };
}

export function toContact(c: ContactRow): Contact {
  return {
    id: c.id,
    registrationId: c.registrationId,
    name: c.name,
    email: c.email,
    phoneNumber: c.phoneNumber,
    agreedToSmsDivisionNotifications: c.agreedToSmsDivisionNotifications,
    agreedToEmailDivisionNotifications: c.agreedToEmailDivisionNotifications,
    lacksSmsPreference: Boolean(c.phoneNumber) && c.agreedToSmsDivisionNotifications === null,
  };
}

/** The event ids each competitor entered. */
export async function eventIdsOf(db: Db | Tx, competitorIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (competitorIds.length === 0) return out;
  const rows = await db
    .select()
    .from(competitorEvents)
    .where(inArray(competitorEvents.competitorId, competitorIds));
  for (const r of rows) out.set(r.competitorId, [...(out.get(r.competitorId) ?? []), r.eventId]);
  return out;
}

/** Full registrations (competitors, contacts, latest receipt, totals) for the given rows. */
export async function toRegistrations(
  deps: ViewDeps,
  db: Db | Tx,
  rows: RegistrationRow[],
  tournamentsById: Map<number, Tournament>,
): Promise<Registration[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const ownerIds = [...new Set(rows.map((r) => r.ownerUserId))];
  const [competitorRows, contactRows, paymentRows, receiptRows, ownerRows] = await Promise.all([
    db.select().from(competitors).where(inArray(competitors.registrationId, ids)).orderBy(competitors.id),
    db
      .select()
      .from(registrationContacts)
      .where(inArray(registrationContacts.registrationId, ids))
      .orderBy(registrationContacts.sortOrder, registrationContacts.id),
    db
      .select({ registrationId: payments.registrationId, amount: payments.amount })
      .from(payments)
      .where(and(inArray(payments.registrationId, ids), eq(payments.voided, false))),
    db.select().from(receipts).where(inArray(receipts.registrationId, ids)).orderBy(desc(receipts.id)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, ownerIds)),
  ]);
  const events = await eventIdsOf(
    db,
    competitorRows.map((c) => c.id),
  );
  return rows.map((r) => {
    const t = tournamentsById.get(r.tournamentId);
    const prices = {
      competitorOnlineCost: t?.competitorOnlineCost ?? 0,
      competitorDoorCost: t?.competitorDoorCost ?? 0,
      spectatorCost: t?.spectatorCost ?? 0,
      lunchCost: t?.lunchCost ?? 0,
    };
    const mine = competitorRows.filter((c) => c.registrationId === r.id);
    const cost = registrationTotal(
      { competitors: mine.length, spectators: r.spectators, lunch: r.lunch, isWalkIn: r.isWalkIn },
      prices,
    );
    const amountPaid = paymentRows
      .filter((p) => p.registrationId === r.id)
      .reduce((sum, p) => sum + p.amount, 0);
    const receipt = receiptRows.find((x) => x.registrationId === r.id);
    const owner = ownerRows.find((u) => u.id === r.ownerUserId);
    const registration: Registration = {
      registrationId: r.id,
      tournamentId: r.tournamentId,
      isCompleted: r.isCompleted,
      completedAt: r.completedAt ? r.completedAt.toISOString() : null,
      competitors: mine.map((c) => toCompetitor(c, events.get(c.id) ?? [], t?.tournamentDate)),
      spectators: r.spectators,
      lunch: r.lunch,
      contacts: contactRows.filter((c) => c.registrationId === r.id).map(toContact),
      tournament: { id: r.tournamentId, ...prices },
      isWalkIn: r.isWalkIn,
      cost,
      amountPaid,
      balanceOwing: balanceOwing(cost, amountPaid),
      owner: {
        personId: r.ownerUserId,
        name: owner ? fullName(owner.firstName, owner.lastName) : '',
        email: owner?.email ?? '',
      },
    };
    if (receipt) registration.receipt = toReceipt(deps, receipt);
    return registration;
  });
}
