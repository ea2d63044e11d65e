import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { downloadFileName, toCsv, type CsvValue } from '@tournament/shared';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  consentRecords,
  events,
  messageRecipients,
  messages,
  payments,
  receipts,
  refreshTokens,
  registrationContacts,
  registrations,
  sharedFiles,
  tournaments,
  unsubscribes,
  users,
} from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../lib/errors.ts';
import { assertWithinRateLimit } from '../lib/rate-limit.ts';
import { fileStoreFor } from '../lib/file-store.ts';
import { zip, type ZipEntry } from '../lib/zip.ts';
import { accessEntriesOf, recordAccess } from './access-log.ts';

// "Download my data" (docs/decisions/045-data-export-and-access-log.md): everything held about
// the signed-in account, as one ZIP: my-data.json with it all, a CSV per table, and the
// family's uploaded files. Every query starts from the account's id or its registrations' ids,
// so another family's rows cannot be reached; messages are the ones sent for its registrations
// or to its own address alone.

/** Exports one account may take per window: enough to retry, not enough to hammer the server. */
export const EXPORTS_PER_ACCOUNT = 5;
export const EXPORT_WINDOW_SECONDS = 60 * 60;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

type Table = { name: string; header: string[]; rows: CsvValue[][] };

function table<T>(name: string, items: readonly T[], columns: Record<string, (item: T) => CsvValue>): Table {
  const header = Object.keys(columns);
  return { name, header, rows: items.map((item) => header.map((h) => columns[h]!(item))) };
}

/** The archive's name: "my-data-YYYY-MM-DD.zip". */
export const exportFileName = (at: Date) => `my-data-${at.toISOString().slice(0, 10)}.zip`;

/**
 * GET /api/users/my-data: the archive of `caller`'s account. Rate limited per account, and
 * written to the access log (actor = whoever asked: the family, or a director viewing as it).
 */
export async function exportMyData(
  deps: Deps,
  caller: Caller,
  impersonator?: Caller | null,
): Promise<{ filename: string; archive: Buffer }> {
  const db = deps.database.db;
  await assertWithinRateLimit(
    db,
    `export:acct:${caller.personId}`,
    EXPORTS_PER_ACCOUNT,
    EXPORT_WINDOW_SECONDS,
  );
  const now = deps.now();
  const [user] = await db.select().from(users).where(eq(users.id, caller.personId));
  if (!user) throw notFound();
  // Recorded first, so the archive lists this export among the accesses too.
  await recordAccess(db, impersonator ?? caller, [{ kind: 'export', familyUserId: user.id }], now);

  const regs = await db
    .select({
      id: registrations.id,
      tournamentId: registrations.tournamentId,
      city: tournaments.city,
      venue: tournaments.venue,
      tournamentDate: tournaments.tournamentDate,
      isCompleted: registrations.isCompleted,
      isWalkIn: registrations.isWalkIn,
      spectators: registrations.spectators,
      lunch: registrations.lunch,
      completedAt: registrations.completedAt,
      createdAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
    .where(eq(registrations.ownerUserId, user.id))
    .orderBy(asc(registrations.id));
  const regIds = regs.map((r) => r.id);
  const inRegs = (column: AnyPgColumn) => (regIds.length ? inArray(column, regIds) : undefined);
  const none = regIds.length === 0;

  const [signIns, kids, contacts, paymentRows, receiptRows, files, messageRows, access] = await Promise.all([
    db
      .select({
        family: refreshTokens.family,
        startedAt: refreshTokens.familyStartedAt,
        createdAt: refreshTokens.createdAt,
        expiresAt: refreshTokens.expiresAt,
        revokedAt: refreshTokens.revokedAt,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id))
      .orderBy(asc(refreshTokens.id)),
    none
      ? []
      : db
          .select({
            id: competitors.id,
            registrationId: competitors.registrationId,
            firstName: competitors.firstName,
            lastName: competitors.lastName,
            dateOfBirth: competitors.dateOfBirth,
            gender: competitors.gender,
            level: competitorLevels.name,
            weightKg: competitors.weightKg,
            school: competitors.school,
            emergencyContactName: competitors.emergencyContactName,
            emergencyContactPhone: competitors.emergencyContactPhone,
            emergencyContactRelationship: competitors.emergencyContactRelationship,
            guardianConsent: competitors.guardianConsent,
            publishName: competitors.publishName,
            photosAllowed: competitors.photosAllowed,
            checkedInAt: competitors.checkedInAt,
            createdAt: competitors.createdAt,
          })
          .from(competitors)
          .innerJoin(competitorLevels, eq(competitorLevels.id, competitors.competitorLevelId))
          .where(inRegs(competitors.registrationId))
          .orderBy(asc(competitors.id)),
    none
      ? []
      : db
          .select()
          .from(registrationContacts)
          .where(inRegs(registrationContacts.registrationId))
          .orderBy(asc(registrationContacts.id)),
    none
      ? []
      : db.select().from(payments).where(inRegs(payments.registrationId)).orderBy(asc(payments.createdAt)),
    none ? [] : db.select().from(receipts).where(inRegs(receipts.registrationId)).orderBy(asc(receipts.id)),
    none
      ? []
      : db
          .select()
          .from(sharedFiles)
          .where(and(eq(sharedFiles.kind, 'upload'), inRegs(sharedFiles.registrationId)))
          .orderBy(asc(sharedFiles.id)),
    db
      .select({
        channel: messages.channel,
        kind: messages.kind,
        createdAt: messages.createdAt,
        registrationId: messageRecipients.registrationId,
        address: messageRecipients.address,
        subject: messageRecipients.subject,
        body: messageRecipients.body,
        status: messageRecipients.status,
        sentAt: messageRecipients.sentAt,
      })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(
        or(
          inRegs(messageRecipients.registrationId),
          and(isNull(messageRecipients.registrationId), eq(messageRecipients.address, user.email)),
        ),
      )
      .orderBy(asc(messageRecipients.id)),
    accessEntriesOf(db, user.id),
  ]);
  const kidIds = kids.map((k) => k.id);
  const [kidEvents, consents] = await Promise.all([
    kidIds.length
      ? db
          .select({ competitorId: competitorEvents.competitorId, name: events.name })
          .from(competitorEvents)
          .innerJoin(events, eq(events.id, competitorEvents.eventId))
          .where(inArray(competitorEvents.competitorId, kidIds))
      : [],
    db
      .select()
      .from(consentRecords)
      .where(
        or(
          kidIds.length ? inArray(consentRecords.competitorId, kidIds) : undefined,
          and(isNull(consentRecords.competitorId), eq(consentRecords.userId, user.id)),
        ),
      )
      .orderBy(asc(consentRecords.id)),
  ]);
  // The notification preferences: the contacts' choices, and any address of theirs that unsubscribed.
  const addresses = [user.email, ...contacts.flatMap((c) => [c.email, c.phoneNumber ?? ''])].filter(Boolean);
  const optOuts = addresses.length
    ? await db.select().from(unsubscribes).where(inArray(unsubscribes.address, addresses))
    : [];

  // One sign-in per refresh-token family: when it started, when it was last renewed, how it ended.
  const sessions = new Map<
    string,
    { signedInAt: Date; lastActiveAt: Date; expiresAt: Date; signedOutAt: Date | null }
  >();
  for (const t of signIns) {
    const s = sessions.get(t.family);
    if (!s) {
      sessions.set(t.family, {
        signedInAt: t.startedAt,
        lastActiveAt: t.createdAt,
        expiresAt: t.expiresAt,
        signedOutAt: t.revokedAt,
      });
    } else {
      if (t.createdAt > s.lastActiveAt) s.lastActiveAt = t.createdAt;
      if (t.expiresAt > s.expiresAt) s.expiresAt = t.expiresAt;
      if (t.revokedAt && (!s.signedOutAt || t.revokedAt > s.signedOutAt)) s.signedOutAt = t.revokedAt;
    }
  }
  const eventsOf = new Map<number, string[]>();
  for (const e of kidEvents) eventsOf.set(e.competitorId, [...(eventsOf.get(e.competitorId) ?? []), e.name]);

  const account = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    addressLine1: user.addressLine1,
    addressLine2: user.addressLine2,
    city: user.city,
    province: user.province,
    postalCode: user.postalCode,
    phoneNumber: user.phoneNumber,
    language: user.language,
    roles: user.roles,
    signsInWithGoogle: user.googleSubject !== null,
    hasPassword: user.passwordHash !== null,
    verifiedAt: iso(user.verifiedAt),
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  };
  const tables: Table[] = [
    table('sign-ins', [...sessions.values()], {
      signedInAt: (s) => iso(s.signedInAt),
      lastActiveAt: (s) => iso(s.lastActiveAt),
      expiresAt: (s) => iso(s.expiresAt),
      signedOutAt: (s) => iso(s.signedOutAt),
    }),
    table('registrations', regs, {
      id: (r) => r.id,
      tournamentCity: (r) => r.city,
      venue: (r) => r.venue,
      tournamentDate: (r) => r.tournamentDate,
      completed: (r) => r.isCompleted,
      completedAt: (r) => iso(r.completedAt),
      atTheDoor: (r) => r.isWalkIn,
      spectators: (r) => r.spectators,
      lunch: (r) => r.lunch,
      createdAt: (r) => iso(r.createdAt),
    }),
    table('competitors', kids, {
      id: (k) => k.id,
      registrationId: (k) => k.registrationId,
      firstName: (k) => k.firstName,
      lastName: (k) => k.lastName,
      dateOfBirth: (k) => k.dateOfBirth,
      gender: (k) => (k.gender === 1 ? 'male' : k.gender === 2 ? 'female' : String(k.gender)),
      level: (k) => k.level,
      weightKg: (k) => k.weightKg,
      school: (k) => k.school,
      events: (k) => (eventsOf.get(k.id) ?? []).join('; '),
      emergencyContactName: (k) => k.emergencyContactName,
      emergencyContactPhone: (k) => k.emergencyContactPhone,
      emergencyContactRelationship: (k) => k.emergencyContactRelationship,
      guardianConsent: (k) => k.guardianConsent,
      nameOnPublicResults: (k) => k.publishName,
      photosAllowed: (k) => k.photosAllowed,
      checkedInAt: (k) => iso(k.checkedInAt),
      createdAt: (k) => iso(k.createdAt),
    }),
    table('consent-records', consents, {
      competitorId: (c) => c.competitorId,
      kind: (c) => c.kind,
      given: (c) => c.given,
      givenAs: (c) => c.givenAs,
      privacyPolicyVersion: (c) => c.policyVersion,
      givenAt: (c) => iso(c.givenAt),
      byThisAccount: (c) => c.userId === user.id,
    }),
    table('contacts', contacts, {
      registrationId: (c) => c.registrationId,
      name: (c) => c.name,
      email: (c) => c.email,
      phoneNumber: (c) => c.phoneNumber,
      smsDivisionNotifications: (c) => c.agreedToSmsDivisionNotifications,
      emailDivisionNotifications: (c) => c.agreedToEmailDivisionNotifications,
    }),
    table('unsubscribed', optOuts, {
      channel: (u) => u.channel,
      address: (u) => u.address,
      at: (u) => iso(u.createdAt),
    }),
    table('payments', paymentRows, {
      id: (p) => p.id,
      registrationId: (p) => p.registrationId,
      method: (p) => p.method,
      amount: (p) => p.amount,
      voided: (p) => p.voided,
      voidedAt: (p) => iso(p.voidedAt),
      createdAt: (p) => iso(p.createdAt),
    }),
    table('receipts', receiptRows, {
      id: (r) => r.id,
      registrationId: (r) => r.registrationId,
      confirmationCode: (r) => r.confirmationCode,
      title: (r) => r.title,
      paymentAmount: (r) => r.paymentAmount,
      total: (r) => r.total,
      balanceOwing: (r) => r.balanceOwing,
      items: (r) => r.items.map((i) => `${i.quantity} x ${i.description} = ${i.amount}`).join('; '),
      createdAt: (r) => iso(r.createdAt),
      mailedAt: (r) => iso(r.mailedAt),
    }),
    table('messages', messageRows, {
      channel: (m) => m.channel,
      kind: (m) => m.kind,
      to: (m) => m.address,
      registrationId: (m) => m.registrationId,
      subject: (m) => m.subject,
      body: (m) => m.body,
      status: (m) => m.status,
      createdAt: (m) => iso(m.createdAt),
      sentAt: (m) => iso(m.sentAt),
    }),
    table('files', files, {
      id: (f) => f.publicId,
      registrationId: (f) => f.registrationId,
      name: (f) => f.displayName,
      type: (f) => f.contentType,
      bytes: (f) => f.sizeBytes,
      uploadedAt: (f) => iso(f.createdAt),
      inThisArchive: (f) => fileEntryName(f.publicId, f.displayName, f.contentType),
    }),
    table('staff-access', access, {
      at: (a) => iso(a.at),
      who: (a) => a.actorName,
      kind: (a) => a.kind,
      registrationId: (a) => a.registrationId,
      detail: (a) => a.detail,
    }),
  ];

  const json = {
    exportedAt: now.toISOString(),
    account,
    ...Object.fromEntries(
      tables.map((t) => [
        camel(t.name),
        t.rows.map((row) => Object.fromEntries(t.header.map((h, i) => [h, row[i] ?? null]))),
      ]),
    ),
    receiptItems: receiptRows.map((r) => ({ receiptId: r.id, items: r.items })),
  };
  const entries: ZipEntry[] = [
    { name: 'my-data.json', data: `${JSON.stringify(json, null, 2)}\n` },
    { name: 'account.csv', data: toCsv(Object.keys(account), [Object.values(account).map(cell)]) },
    ...tables.map((t) => ({ name: `${t.name}.csv`, data: toCsv(t.header, t.rows) })),
  ];
  const store = fileStoreFor(deps.config);
  for (const f of files) {
    const stored = await store.open(f.publicId);
    if (!stored) continue;
    const bytes = new Uint8Array(await new Response(stored.body).arrayBuffer());
    entries.push({ name: fileEntryName(f.publicId, f.displayName, f.contentType), data: bytes });
  }
  return { filename: exportFileName(now), archive: zip(entries, now) };
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, ch: string) => ch.toUpperCase());
const cell = (v: unknown): CsvValue => (Array.isArray(v) ? v.join('; ') : (v as CsvValue));
/** An upload's place in the archive: its id keeps two files of one name apart. */
const fileEntryName = (publicId: string, name: string, type: string) =>
  `files/${publicId}-${downloadFileName(name, type).replace(/[/\\]/g, '_')}`;
