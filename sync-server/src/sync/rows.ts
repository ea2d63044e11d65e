import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  fullName,
  registrationTotal,
  type SyncCompetitor,
  type SyncPayment,
  type SyncRegistration,
  type Tournament,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { competitors, payments, registrations, users } from '../db/schema.ts';

// Synced rows as a scope's patch carries them and the server's mutator store reads them:
// one query per entity, derived values (balance owing, codes, who checked in) computed here.

export interface RowFilter {
  tournament: Tournament;
  /** Only rows changed after this version. */
  sinceVersion?: number;
  /** Only this customer's registrations (the customer scope). */
  ownerUserId?: number;
  ids?: number[];
  registrationIds?: number[];
  /** Payments only: these payment ids. */
  paymentIds?: string[];
  /** Lock the rows read until the transaction ends (the server's mutator store). */
  lock?: boolean;
  /**
   * Competitors only: erased ones too, blank (a ring tablet's results keep them). Otherwise an
   * erased family's rows are left out, and devices drop them at the next pull (decision 046).
   */
  includeErased?: boolean;
}

export async function registrationRows(db: Db | Tx, f: RowFilter): Promise<SyncRegistration[]> {
  const where: SQL[] = [eq(registrations.tournamentId, f.tournament.id), isNull(registrations.erasedAt)];
  if (f.sinceVersion !== undefined) where.push(gt(registrations.version, f.sinceVersion));
  if (f.ownerUserId !== undefined) where.push(eq(registrations.ownerUserId, f.ownerUserId));
  if (f.ids) where.push(inArray(registrations.id, f.ids));
  const query = db
    .select({
      id: registrations.id,
      tournamentId: registrations.tournamentId,
      familyName: users.lastName,
      ownerFirstName: users.firstName,
      isCompleted: registrations.isCompleted,
      spectators: registrations.spectators,
      lunch: registrations.lunch,
      isWalkIn: registrations.isWalkIn,
      walkInId: registrations.walkInId,
      version: registrations.version,
      competitorCount:
        sql<number>`(select count(*) from competitors c where c.registration_id = ${registrations.id})`.mapWith(
          Number,
        ),
      paid: sql<number>`(select coalesce(sum(p.amount), 0) from payments p where p.registration_id = ${registrations.id} and not p.voided)`.mapWith(
        Number,
      ),
      codes: sql<
        string[]
      >`coalesce((select json_agg(x.confirmation_code order by x.id desc) from receipts x where x.registration_id = ${registrations.id}), '[]'::json)`,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.ownerUserId))
    .where(and(...where))
    .orderBy(asc(registrations.id));
  const rows = await (f.lock ? query.for('update', { of: registrations }) : query);
  const t = f.tournament;
  return rows.map((r) => {
    const cost = registrationTotal(
      { competitors: r.competitorCount, spectators: r.spectators, lunch: r.lunch, isWalkIn: r.isWalkIn },
      {
        competitorOnlineCost: t.competitorOnlineCost,
        competitorDoorCost: t.competitorDoorCost,
        spectatorCost: t.spectatorCost,
        lunchCost: t.lunchCost,
      },
    );
    const codes = typeof r.codes === 'string' ? (JSON.parse(r.codes) as string[]) : r.codes;
    return {
      id: r.id,
      tournamentId: r.tournamentId,
      familyName: r.familyName,
      ownerFirstName: r.ownerFirstName,
      isCompleted: r.isCompleted,
      confirmationCodes: codes,
      // Negative when more was taken than is due (two tablets offline): "Refund due".
      balanceOwing: cost - r.paid,
      competitorCount: r.competitorCount,
      cost,
      amountPaid: r.paid,
      isWalkIn: r.isWalkIn,
      walkInId: r.walkInId,
      version: r.version,
    };
  });
}

const checkedInByUser = alias(users, 'checked_in_by_user');

export async function competitorRows(db: Db | Tx, f: RowFilter): Promise<SyncCompetitor[]> {
  const where: SQL[] = [eq(registrations.tournamentId, f.tournament.id)];
  if (!f.includeErased) where.push(isNull(competitors.erasedAt));
  if (f.sinceVersion !== undefined) where.push(gt(competitors.version, f.sinceVersion));
  if (f.ownerUserId !== undefined) where.push(eq(registrations.ownerUserId, f.ownerUserId));
  if (f.ids) where.push(inArray(competitors.id, f.ids));
  if (f.registrationIds) where.push(inArray(competitors.registrationId, f.registrationIds));
  const query = db
    .select({
      id: competitors.id,
      registrationId: competitors.registrationId,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      checkedInAt: competitors.checkedInAt,
      checkedInBy: competitors.checkedInBy,
      byFirst: checkedInByUser.firstName,
      byLast: checkedInByUser.lastName,
      photosAllowed: competitors.photosAllowed,
      version: competitors.version,
    })
    .from(competitors)
    .innerJoin(registrations, eq(registrations.id, competitors.registrationId))
    .leftJoin(checkedInByUser, eq(checkedInByUser.id, competitors.checkedInBy))
    .where(and(...where))
    .orderBy(asc(competitors.id));
  const rows = await (f.lock ? query.for('update', { of: competitors }) : query);
  return rows.map((c) => ({
    id: c.id,
    registrationId: c.registrationId,
    firstName: c.firstName,
    lastName: c.lastName,
    checkedInAt: c.checkedInAt ? c.checkedInAt.toISOString() : null,
    checkedInBy: c.checkedInAt ? c.checkedInBy : null,
    checkedInByName: c.checkedInAt ? fullName(c.byFirst, c.byLast) : null,
    photosAllowed: c.photosAllowed,
    version: c.version,
  }));
}

const recordedByUser = alias(users, 'recorded_by_user');
const voidedByUser = alias(users, 'voided_by_user');

/** Payments of the tournament's registrations (online and at the door), voided ones too. */
export async function paymentRows(db: Db | Tx, f: RowFilter): Promise<SyncPayment[]> {
  const where: SQL[] = [eq(registrations.tournamentId, f.tournament.id), isNull(registrations.erasedAt)];
  if (f.sinceVersion !== undefined) where.push(gt(payments.version, f.sinceVersion));
  if (f.ownerUserId !== undefined) where.push(eq(registrations.ownerUserId, f.ownerUserId));
  if (f.paymentIds) where.push(inArray(payments.id, f.paymentIds));
  if (f.registrationIds) where.push(inArray(payments.registrationId, f.registrationIds));
  const query = db
    .select({
      id: payments.id,
      registrationId: payments.registrationId,
      method: payments.method,
      amount: payments.amount,
      tendered: payments.tendered,
      createdAt: payments.createdAt,
      recordedBy: payments.recordedBy,
      recFirst: recordedByUser.firstName,
      recLast: recordedByUser.lastName,
      voided: payments.voided,
      voidReason: payments.voidReason,
      voidedAt: payments.voidedAt,
      voidedBy: payments.voidedBy,
      voidFirst: voidedByUser.firstName,
      voidLast: voidedByUser.lastName,
      version: payments.version,
    })
    .from(payments)
    .innerJoin(registrations, eq(registrations.id, payments.registrationId))
    .leftJoin(recordedByUser, eq(recordedByUser.id, payments.recordedBy))
    .leftJoin(voidedByUser, eq(voidedByUser.id, payments.voidedBy))
    .where(and(...where))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const rows = await (f.lock ? query.for('update', { of: payments }) : query);
  return rows.map((p) => ({
    id: p.id,
    registrationId: p.registrationId,
    method: p.method,
    amount: p.amount,
    tendered: p.tendered,
    createdAt: p.createdAt.toISOString(),
    recordedBy: p.recordedBy,
    recordedByName: fullName(p.recFirst, p.recLast),
    voided: p.voided,
    voidReason: p.voidReason,
    voidedAt: p.voidedAt ? p.voidedAt.toISOString() : null,
    voidedBy: p.voidedBy,
    voidedByName: fullName(p.voidFirst, p.voidLast),
    version: p.version,
  }));
}
