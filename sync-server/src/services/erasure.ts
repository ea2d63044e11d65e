import crypto from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { coarseBirthDate, ERASURE_MESSAGES, erasedEmail, fullName, isStaff, msg } from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import {
  accountLinks,
  auditLog,
  competitors,
  devMailbox,
  devSmsOutbox,
  divisionEntries,
  idempotencyKeys,
  messageRecipients,
  payments,
  rateLimits,
  refreshTokens,
  registrationContacts,
  receipts,
  registrations,
  sharedFiles,
  staffInvites,
  syncClients,
  syncTombstones,
  tournaments,
  unsubscribes,
  users,
} from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { fileStoreFor } from '../lib/file-store.ts';
import { DomainError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { assertWithinRateLimit } from '../lib/rate-limit.ts';
import { writeAudit } from './audit.ts';
import { verifyPassword } from './passwords.ts';
import { forgetCaller } from './tokens.ts';
import { poke } from '../sync/push.ts';
import { bumpVersion } from '../sync/versions.ts';

// Erasure: "Delete my account" (docs/decisions/046-erasure-and-retention.md). It takes effect at
// once, in one transaction: sessions and devices end; every personal column of the account, its
// registrations, competitors, contacts, files and messages is emptied; results stay, as "Former
// competitor, School"; payments keep amount, date, method, receipt code and the payer's name.
// Venue devices drop the family's rows at their next pull (tombstones at a new version).

export interface ErasureBy {
  /** Who asked: the family itself, a super admin for a request by mail or in person, the inactivity purge. */
  via: 'self' | 'staff' | 'inactivity';
  actor: Pick<Caller, 'personId' | 'displayName'>;
  /** Why (staff requests): kept in the audit entry. */
  reason?: string | undefined;
}

/** What an erasure did, by count (the audit entry keeps it; no personal data). */
export interface ErasureSummary {
  userId: number;
  registrations: number;
  competitors: number;
  payments: number;
  files: number;
}

/** Password tries "Delete my account" allows one account in DELETE_WINDOW_SECONDS. */
export const DELETE_TRIES_PER_WINDOW = 5;
export const DELETE_WINDOW_SECONDS = 15 * 60;

/**
 * POST /api/users/delete-account: the signed-in account deletes itself after typing its password
 * again. Not while a director views the site as the family, and not for a staff account.
 */
export async function deleteOwnAccount(
  deps: Deps,
  caller: Caller,
  password: string,
  impersonated: boolean,
): Promise<string> {
  if (impersonated) throw new DomainError('viewing_as', ERASURE_MESSAGES.notWhileViewingAs, 409);
  if (isStaff(caller.roles)) throw new DomainError('staff_account', ERASURE_MESSAGES.staffAccount, 409);
  const [user] = await deps.database.db.select().from(users).where(eq(users.id, caller.personId));
  if (!user || user.erasedAt) throw new DomainError('unauthorized', ERASURE_MESSAGES.wrongPassword, 401);
  if (!user.passwordHash) throw new DomainError('no_password', ERASURE_MESSAGES.noPassword, 422);
  // A session in the wrong hands must not make this a way to guess the password: the tries
  // are counted per account, as sign-in counts them.
  await assertWithinRateLimit(
    deps.database.db,
    `delete-account:acct:${user.id}`,
    DELETE_TRIES_PER_WINDOW,
    DELETE_WINDOW_SECONDS,
  );
  // 422, not 401: a mistyped password must not sign the family out.
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new DomainError('bad_credentials', ERASURE_MESSAGES.wrongPassword, 422, {
      password: ERASURE_MESSAGES.wrongPassword,
    });
  await eraseAccount(deps, user.id, { via: 'self', actor: caller });
  return ERASURE_MESSAGES.deleted;
}

/**
 * POST /api/admin/accounts/{userId}/erase (super admins): a deletion request received by mail
 * or in person, carried out from the family's desk page and audited with the reason.
 */
export async function eraseAccountForRequest(
  deps: Deps,
  caller: Caller,
  userId: number,
  reason: string,
): Promise<string> {
  const [user] = await deps.database.db
    .select({ id: users.id, roles: users.roles, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new DomainError('not_found', ERASURE_MESSAGES.notFound, 404);
  if (isStaff(user.roles)) throw new DomainError('staff_account', ERASURE_MESSAGES.staffAccount, 409);
  if (!user.erasedAt) await eraseAccount(deps, userId, { via: 'staff', actor: caller, reason });
  return ERASURE_MESSAGES.staffDeleted;
}

/**
 * Erases one account as described above; nothing when it is already erased (safe to run twice).
 * Answers what it erased, or null for an account already erased or missing.
 */
export async function eraseAccount(
  deps: Deps,
  userId: number,
  by: ErasureBy,
): Promise<ErasureSummary | null> {
  const now = deps.now();
  const done = await deps.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.erasedAt) return null;
    const summary = await eraseInTx(tx, user, now);
    await writeAudit(
      tx,
      // The family deleting itself is not named in the log that records it.
      by.via === 'staff' ? by.actor : { personId: by.actor.personId, displayName: '' },
      {
        entity: 'account',
        entityId: userId,
        action: 'delete',
        before: null,
        after: { via: by.via, reason: by.reason ?? null, ...summary.counts },
      },
      now,
    );
    return summary;
  });
  if (!done) return null;
  forgetCaller(deps.cache, userId);
  // Devices pull now (their next pull drops the family); public results are read again.
  for (const tournamentId of done.tournamentIds) await poke(deps, tournamentId);
  // The files go once the rows are gone: a crash in between leaves an unreachable file, never a
  // row pointing at nothing.
  const store = fileStoreFor(deps.config);
  for (const key of done.fileKeys) {
    await store.remove(key).catch((err: unknown) => logger.warn({ err }, 'removing an erased file failed'));
  }
  return { userId, ...done.counts };
}

type UserRow = typeof users.$inferSelect;

/**
 * Every session and synced device of the account ends: its refresh tokens, links, sync clients
 * and remembered mutations go. The caller also bumps the account's token version, which ends its
 * access tokens and event streams at their next request. Erasure and the Staff page's revocation
 * (decision 049) both use it.
 */
export async function endSessionsAndDevices(tx: Tx, userId: number): Promise<void> {
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await tx.delete(accountLinks).where(eq(accountLinks.userId, userId));
  await tx.delete(syncClients).where(eq(syncClients.userId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.owner, `user:${userId}`));
}

/** A receipt line naming a competitor, as the same line without the name. */
function withoutName(description: string): string {
  if (description.includes('receipt.item.competitorAtDoor'))
    return msg('receipt.item.erasedCompetitorAtDoor');
  if (description.includes('receipt.item.competitor')) return msg('receipt.item.erasedCompetitor');
  return description;
}

async function eraseInTx(
  tx: Tx,
  user: UserRow,
  now: Date,
): Promise<{ counts: Omit<ErasureSummary, 'userId'>; fileKeys: string[]; tournamentIds: number[] }> {
  const regs = await tx
    .select({ id: registrations.id, tournamentId: registrations.tournamentId })
    .from(registrations)
    .where(eq(registrations.ownerUserId, user.id));
  const regIds = regs.map((r) => r.id);
  const contacts = regIds.length
    ? await tx
        .select({ email: registrationContacts.email, phone: registrationContacts.phoneNumber })
        .from(registrationContacts)
        .where(inArray(registrationContacts.registrationId, regIds))
    : [];
  const emails = [
    ...new Set([user.email, ...contacts.map((c) => c.email)].map((e) => e.toLowerCase()).filter(Boolean)),
  ];
  const phones = [
    ...new Set([user.phoneNumber, ...contacts.map((c) => c.phone ?? '')].filter((p) => p.length > 0)),
  ];
  const addresses = [...emails, ...phones];

  // Payments: the kept minimum. The payer's name is written on each row before the account's goes.
  const payerName = fullName(user.firstName, user.lastName);
  const paid = regIds.length
    ? await tx
        .update(payments)
        .set({ payerName })
        .where(inArray(payments.registrationId, regIds))
        .returning({ id: payments.id })
    : [];

  // Receipts keep their code, amounts and lines, without the children's names.
  const kept = regIds.length
    ? await tx
        .select({ id: receipts.id, items: receipts.items })
        .from(receipts)
        .where(inArray(receipts.registrationId, regIds))
    : [];
  for (const r of kept) {
    await tx
      .update(receipts)
      .set({ items: r.items.map((i) => ({ ...i, description: withoutName(i.description) })) })
      .where(eq(receipts.id, r.id));
  }

  // Competitors: names, birth date (year and age on the day kept), weight, emergency contact.
  const comps = regIds.length
    ? await tx
        .select({
          id: competitors.id,
          dateOfBirth: competitors.dateOfBirth,
          tournamentDate: tournaments.tournamentDate,
        })
        .from(competitors)
        .innerJoin(registrations, eq(registrations.id, competitors.registrationId))
        .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
        .where(inArray(competitors.registrationId, regIds))
    : [];
  for (const c of comps) {
    await tx
      .update(competitors)
      .set({
        firstName: '',
        lastName: '',
        dateOfBirth: coarseBirthDate(c.dateOfBirth, c.tournamentDate),
        weightKg: null,
        emergencyContactName: '',
        emergencyContactPhone: '',
        emergencyContactRelationship: '',
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(competitors.id, c.id));
  }
  const compIds = comps.map((c) => c.id);
  // Ring tablets hold the names on their division entries: stamping them sends the blank ones.
  if (compIds.length) {
    await tx
      .update(divisionEntries)
      .set({ noShow: sql`${divisionEntries.noShow}` })
      .where(inArray(divisionEntries.competitorId, compIds));
  }

  if (regIds.length) {
    await tx
      .update(registrations)
      .set({ erasedAt: now, updatedAt: now })
      .where(inArray(registrations.id, regIds));
    await tx.delete(registrationContacts).where(inArray(registrationContacts.registrationId, regIds));
  }

  // Message bodies and addresses sent to the family.
  const recipientsOfFamily = or(
    regIds.length ? inArray(messageRecipients.registrationId, regIds) : undefined,
    addresses.length ? inArray(sql`lower(${messageRecipients.address})`, addresses) : undefined,
  );
  if (recipientsOfFamily) {
    await tx
      .update(messageRecipients)
      .set({
        // Unique per message: the row's own id stands in for the address.
        address: sql`'erased-' || ${messageRecipients.id}`,
        name: '',
        subject: '',
        body: '',
        // Not yet sent: never sent now.
        status: sql`case when ${messageRecipients.status} in ('queued', 'sending') then 'failed' else ${messageRecipients.status} end`,
        failureReason: sql`case when ${messageRecipients.status} in ('queued', 'sending') then 'erased' else ${messageRecipients.failureReason} end`,
        updatedAt: now,
      })
      .where(recipientsOfFamily);
  }

  // Files the family uploaded, and staff shares made to its registrations.
  const fileWhere = or(
    regIds.length ? inArray(sharedFiles.registrationId, regIds) : undefined,
    and(eq(sharedFiles.uploadedByUserId, user.id), eq(sharedFiles.kind, 'upload')),
  );
  const files = await tx.delete(sharedFiles).where(fileWhere).returning({ publicId: sharedFiles.publicId });

  // Sessions and devices end.
  await endSessionsAndDevices(tx, user.id);
  if (emails.length) await tx.delete(staffInvites).where(inArray(sql`lower(${staffInvites.email})`, emails));

  // Addresses kept elsewhere: throttling keys, the dev mailbox and SMS outbox, unsubscribes.
  const hashed = emails.map((e) => crypto.createHash('sha256').update(e).digest('hex'));
  for (const a of [...addresses, ...hashed]) {
    await tx.delete(rateLimits).where(sql`position(${a} in lower(${rateLimits.key})) > 0`);
  }
  if (emails.length) await tx.delete(devMailbox).where(inArray(sql`lower(${devMailbox.toAddress})`, emails));
  if (phones.length) await tx.delete(devSmsOutbox).where(inArray(devSmsOutbox.toNumber, phones));
  if (addresses.length)
    await tx.delete(unsubscribes).where(inArray(sql`lower(${unsubscribes.address})`, addresses));

  // Audit entries: the family's own name as an actor, and staff edits that copied its details.
  await tx.update(auditLog).set({ actorName: '' }).where(eq(auditLog.actorUserId, user.id));
  const auditAbout = or(
    regIds.length
      ? and(inArray(auditLog.entity, ['registration', 'payment']), inArray(auditLog.entityId, regIds))
      : undefined,
    and(eq(auditLog.entity, 'impersonation'), eq(auditLog.entityId, user.id)),
    ...addresses.map(
      (a) =>
        sql`position(${a} in lower(coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, ''))) > 0`,
    ),
  );
  if (auditAbout) await tx.update(auditLog).set({ before: null, after: null }).where(auditAbout);

  // The account itself: kept as an empty row (its registrations hold results), unusable.
  await tx
    .update(users)
    .set({
      email: erasedEmail(user.id),
      passwordHash: null,
      firstName: '',
      lastName: '',
      addressLine1: '',
      addressLine2: '',
      city: '',
      postalCode: '',
      phoneNumber: '',
      googleSubject: null,
      tokenVersion: user.tokenVersion + 1,
      erasedAt: now,
      inactivityNoticeAt: null,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));

  // Venue devices drop the family's rows at their next pull.
  const byTournament = new Map<number, number[]>();
  for (const r of regs) byTournament.set(r.tournamentId, [...(byTournament.get(r.tournamentId) ?? []), r.id]);
  for (const [tournamentId, ids] of byTournament) {
    const version = await bumpVersion(tx, tournamentId);
    const tombstones = [
      ...ids.map((id) => ({ entity: 'registrations', entityId: String(id) })),
      ...(
        await tx
          .select({ id: competitors.id })
          .from(competitors)
          .where(inArray(competitors.registrationId, ids))
      ).map((c) => ({ entity: 'competitors', entityId: String(c.id) })),
      ...(
        await tx.select({ id: payments.id }).from(payments).where(inArray(payments.registrationId, ids))
      ).map((p) => ({ entity: 'payments', entityId: p.id })),
    ];
    if (tombstones.length) {
      await tx
        .insert(syncTombstones)
        .values(tombstones.map((t) => ({ ...t, tournamentId, version, deletedAt: now })));
    }
  }

  return {
    counts: {
      registrations: regIds.length,
      competitors: compIds.length,
      payments: paid.length,
      files: files.length,
    },
    fileKeys: files.map((f) => f.publicId),
    tournamentIds: [...byTournament.keys()],
  };
}
