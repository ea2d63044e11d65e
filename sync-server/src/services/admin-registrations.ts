import { asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_REGISTRATION_MESSAGES as M,
  fullName,
  isoInZone,
  isStaff,
  toCsv,
  type AdminRegistrationDetail,
  type AdminRegistrationList,
  type AdminRegistrationQuerySchema,
  type AdminRegistrationRow,
  type Registration,
  type ResendReceiptResult,
  NOT_FOUND_TEXT,
} from '@tournament/shared';
import type { z } from 'zod';
import { payments, receipts, registrationContacts, registrations, users } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, forbidden, notFound } from '../lib/errors.ts';
import { recordAccess } from './access-log.ts';
import { writeAudit } from './audit.ts';
import { staffReachesTournament } from './staff-reach.ts';
import { mailReceipt } from './receipts.ts';
import { tournamentsById } from './registration.ts';
import { toReceipt, toRegistrations } from './registration-views.ts';
import { getSiteSettings } from './site-settings.ts';
import { getNextTournament } from './tournaments.ts';

// The staff registrations desk (decision 014; docs/product.md §2 and §6). Routes are STAFF in the
// role table; each service is given its caller, because a CheckInAdmin reaches only the next
// tournament's registrations (decision 018, staff-reach.ts). One tournament holds a few
// hundred registrations: they are read in a handful of batched queries and searched,
// filtered and sorted in memory, which keeps the search rules in one readable place.

type Query = z.output<typeof AdminRegistrationQuerySchema>;

const NOT_FOUND = NOT_FOUND_TEXT;
const digits = (s: string) => s.replace(/\D/g, '');

interface DeskEntry {
  row: AdminRegistrationRow;
  /** Everything the search box looks through, lower-cased. */
  haystack: string;
  /** Every phone number, digits only. */
  phones: string[];
  /** "Family" order: the owner's last name, then first name. */
  familyKey: string;
}

async function deskEntries(deps: Deps, tournamentId: number): Promise<DeskEntry[]> {
  const db = deps.database.db;
  const rows = await db
    .select()
    .from(registrations)
    .where(eq(registrations.tournamentId, tournamentId))
    .orderBy(asc(registrations.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [views, owners, contactRows, codeRows] = await Promise.all([
    toRegistrations(deps, db, rows, await tournamentsById(deps)),
    db
      .select({
        id: users.id,
        phone: users.phoneNumber,
        firstName: users.firstName,
        lastName: users.lastName,
        isGuest: users.isGuest,
      })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.ownerUserId))])),
    db
      .select({
        registrationId: registrationContacts.registrationId,
        phone: registrationContacts.phoneNumber,
      })
      .from(registrationContacts)
      .where(inArray(registrationContacts.registrationId, ids)),
    db
      .select({ registrationId: receipts.registrationId, code: receipts.confirmationCode })
      .from(receipts)
      .where(inArray(receipts.registrationId, ids)),
  ]);
  const created = new Map(rows.map((r) => [r.id, r.createdAt]));
  return views.map((v) => {
    const owner = owners.find((o) => o.id === v.owner.personId);
    const ownerPhone = owner?.phone ?? '';
    // A walk-in's guest e-mail is a made-up address no one reads: not shown, not searched.
    const ownerEmail = owner?.isGuest ? '' : v.owner.email;
    const contactPhones = contactRows
      .filter((c) => c.registrationId === v.registrationId && c.phone)
      .map((c) => c.phone ?? '');
    const codes = codeRows.filter((c) => c.registrationId === v.registrationId).map((c) => c.code);
    const names = v.competitors.map((c) => fullName(c.firstName, c.lastName));
    const row: AdminRegistrationRow = {
      registrationId: v.registrationId,
      tournamentId: v.tournamentId,
      family: { ownerId: v.owner.personId, name: v.owner.name, email: ownerEmail, phone: ownerPhone },
      walkIn: owner?.isGuest ?? false,
      competitorCount: v.competitors.length,
      checkedInCount: v.competitors.filter((c) => c.checkedInAt !== null).length,
      competitorNames: names,
      spectators: v.spectators,
      lunch: v.lunch,
      cost: v.cost,
      paid: v.amountPaid,
      balanceOwing: v.balanceOwing,
      complete: v.isCompleted,
      confirmationCode: v.receipt?.confirmationCode ?? null,
      createdAt: (created.get(v.registrationId) ?? new Date(0)).toISOString(),
    };
    return {
      row,
      haystack: [v.owner.name, ownerEmail, ...names, ...codes, ...v.contacts.map((c) => c.name)]
        .join('\n')
        .toLowerCase(),
      phones: [ownerPhone, ...contactPhones].map(digits).filter(Boolean),
      familyKey: `${owner?.lastName ?? ''}\u0000${owner?.firstName ?? ''}`,
    };
  });
}

/** Search: every word must appear in a name, e-mail or confirmation code; a number also matches phones. */
function matches(entry: DeskEntry, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const phoneQuery = digits(q);
  if (phoneQuery.length >= 3 && /^[\d\s().+-]+$/.test(q) && entry.phones.some((p) => p.includes(phoneQuery)))
    return true;
  return words.every((w) => entry.haystack.includes(w));
}

function compare(sort: Query['sort']) {
  return ({ row: a, familyKey: ka }: DeskEntry, { row: b, familyKey: kb }: DeskEntry): number => {
    if (sort === 'family') {
      const byName = ka.localeCompare(kb, 'en-CA', { sensitivity: 'base' });
      return byName || a.registrationId - b.registrationId;
    }
    if (sort === 'balance') return a.balanceOwing - b.balanceOwing || a.registrationId - b.registrationId;
    return a.createdAt.localeCompare(b.createdAt) || a.registrationId - b.registrationId;
  };
}

/** Family A to Z; newest and largest balances first, unless `dir` says otherwise. */
const defaultDir = (sort: Query['sort']) => (sort === 'family' ? 'asc' : 'desc');

/**
 * GET /api/admin/registrations: the desk's rows for one tournament (default: the next one).
 * Decision 018: a CheckInAdmin asking for another tournament is refused (403, the SPEC message).
 */
export async function listDeskRegistrations(
  deps: Deps,
  query: Query,
  caller?: Caller,
): Promise<AdminRegistrationList> {
  const tournamentId = query.tournamentId ?? (await getNextTournament(deps))?.id ?? null;
  if (tournamentId === null) return { tournamentId: null, rows: [] };
  if (caller && !(await staffReachesTournament(deps, caller, tournamentId))) throw forbidden();
  const entries = await deskEntries(deps, tournamentId);
  const q = query.q ?? '';
  const rows = entries
    .filter((e) => matches(e, q))
    .filter(({ row: r }) => query.complete === undefined || r.complete === query.complete)
    .filter(({ row: r }) => query.balanceOwing === undefined || r.balanceOwing > 0 === query.balanceOwing)
    .filter(
      ({ row: r }) =>
        query.checkedIn === undefined ||
        (r.competitorCount > 0 && r.checkedInCount === r.competitorCount) === query.checkedIn,
    )
    .sort(compare(query.sort))
    .map((e) => e.row);
  if ((query.dir ?? defaultDir(query.sort)) === 'desc') rows.reverse();
  return { tournamentId, rows };
}

const dollars = (n: number) => n.toFixed(2);

/** GET /api/admin/registrations.csv: the same rows as a spreadsheet-safe CSV (shared/domain/csv.ts). */
export async function deskCsv(deps: Deps, query: Query, caller?: Caller): Promise<string> {
  const { tournamentId, rows } = await listDeskRegistrations(deps, query, caller);
  // An export of families' personal data is audited (who, which tournament, how many; decision 018).
  if (caller) {
    await writeAudit(
      deps.database.db,
      caller,
      {
        entity: 'registrationsCsv',
        entityId: tournamentId,
        action: 'export',
        before: null,
        after: { query, rows: rows.length },
      },
      deps.now(),
    );
    // Each family the file holds, for the access log (decision 045).
    await recordAccess(
      deps.database.db,
      caller,
      rows.map((r) => ({
        kind: 'csv',
        familyUserId: r.family.ownerId,
        registrationId: r.registrationId,
        detail: 'registrations.csv',
      })),
      deps.now(),
    );
  }
  const header = [
    'Registration',
    'Family',
    'E-mail',
    'Phone',
    'Competitors',
    'Competitor names',
    'Checked in',
    'Spectators',
    'Lunch',
    'Cost',
    'Paid',
    'Balance owing',
    'Complete',
    'Confirmation code',
    // ISO 8601 in the tournament's zone, with its offset (decision 029).
    'Created',
  ];
  const { timeZone } = await getSiteSettings(deps);
  return toCsv(
    header,
    rows.map((r) => [
      r.registrationId,
      r.family.name,
      r.family.email,
      r.family.phone,
      r.competitorCount,
      r.competitorNames.join('; '),
      r.checkedInCount,
      r.spectators,
      r.lunch,
      dollars(r.cost),
      dollars(r.paid),
      dollars(r.balanceOwing),
      r.complete ? 'yes' : 'no',
      r.confirmationCode,
      isoInZone(r.createdAt, timeZone),
    ]),
  );
}

async function registrationView(deps: Deps, id: number): Promise<Registration> {
  const db = deps.database.db;
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  if (!row) throw notFound(NOT_FOUND);
  const [view] = await toRegistrations(deps, db, [row], await tournamentsById(deps));
  if (!view) throw notFound(NOT_FOUND);
  return view;
}

/** GET /api/admin/registrations/{id}: the registration with owner, payments, receipts and check-in. */
export async function deskRegistrationDetail(
  deps: Deps,
  id: number,
  caller?: Caller,
): Promise<AdminRegistrationDetail> {
  const db = deps.database.db;
  const registration = await registrationView(deps, id);
  // Outside a CheckInAdmin's reach (decision 018), exactly like one that does not exist.
  if (caller && !(await staffReachesTournament(deps, caller, registration.tournamentId)))
    throw notFound(NOT_FOUND);
  const recorder = alias(users, 'recorder');
  const [[owner], paymentRows, receiptRows] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phoneNumber,
        roles: users.roles,
        isGuest: users.isGuest,
      })
      .from(users)
      .where(eq(users.id, registration.owner.personId)),
    db
      .select({
        id: payments.id,
        method: payments.method,
        amount: payments.amount,
        voided: payments.voided,
        createdAt: payments.createdAt,
        byFirst: recorder.firstName,
        byLast: recorder.lastName,
      })
      .from(payments)
      .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
      .where(eq(payments.registrationId, id))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(receipts).where(eq(receipts.registrationId, id)).orderBy(desc(receipts.id)),
  ]);
  if (!owner) throw notFound(NOT_FOUND);
  // A staff view of the family's details (decision 045).
  if (caller) {
    await recordAccess(
      db,
      caller,
      [{ kind: 'details', familyUserId: owner.id, registrationId: id, detail: `registration ${id}` }],
      deps.now(),
    );
  }
  return {
    registration,
    owner: {
      id: owner.id,
      name: fullName(owner.firstName, owner.lastName),
      email: owner.isGuest ? '' : owner.email,
      phone: owner.phone,
      isStaff: isStaff(owner.roles),
      isGuest: owner.isGuest,
    },
    payments: paymentRows.map((p) => ({
      id: p.id,
      method: p.method,
      amount: p.amount,
      voided: p.voided,
      // Online payments have no recorder: the family paid through Stripe.
      recordedBy: fullName(p.byFirst, p.byLast),
      createdAt: p.createdAt.toISOString(),
    })),
    receipts: receiptRows.map((r) => toReceipt(deps, r)),
    competitors: registration.competitors.map((c) => ({
      id: c.id,
      name: fullName(c.firstName, c.lastName),
      checkedInAt: c.checkedInAt,
    })),
  };
}

/**
 * POST /api/admin/registrations/{id}/resend-receipt: the latest receipt, mailed again to the
 * owner. Outside a CheckInAdmin's reach (decision 018) it answers as the detail does: not found,
 * before anything is mailed or told of the family.
 */
export async function resendReceipt(deps: Deps, id: number, caller: Caller): Promise<ResendReceiptResult> {
  const registration = await registrationView(deps, id);
  if (!(await staffReachesTournament(deps, caller, registration.tournamentId))) throw notFound(NOT_FOUND);
  const [owner] = await deps.database.db
    .select({ isGuest: users.isGuest })
    .from(users)
    .where(eq(users.id, registration.owner.personId));
  if (owner?.isGuest) throw new DomainError('no_email', M.noEmail, 409);
  const [latest] = await deps.database.db
    .select()
    .from(receipts)
    .where(eq(receipts.registrationId, id))
    .orderBy(desc(receipts.id))
    .limit(1);
  if (!latest) throw new DomainError('no_receipt', M.noReceipt, 409);
  const sent = await mailReceipt(deps, registration, latest);
  if (!sent) throw new DomainError('mail_failed', M.receiptNotSent, 502);
  return {
    message: M.receiptResent(registration.owner.email),
    confirmationCode: latest.confirmationCode,
    to: registration.owner.email,
  };
}
