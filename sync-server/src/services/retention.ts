import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  coarseBirthDate,
  isStaff,
  paymentsKeptFrom,
  PURGE_COUNT_KINDS,
  purgeDueOn,
  type PurgeCountKind,
  type RetentionPreview,
  RETENTION,
  type RetentionSettings,
  translatorFor,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import {
  competitors,
  messageRecipients,
  messages,
  payments,
  receipts,
  registrationContacts,
  registrations,
  sharedFiles,
  siteSettings,
  syncTombstones,
  tournaments,
  users,
} from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { fileStoreFor } from '../lib/file-store.ts';
import { logger } from '../lib/logger.ts';
import { poke } from '../sync/push.ts';
import { bumpVersion } from '../sync/versions.ts';
import { eraseAccount } from './erasure.ts';
import { getSiteSettings, saveSiteSettingsRow } from './site-settings.ts';

/** The two periods a super admin may set (migration 0022): months after a tournament, days on devices. */
export async function retentionSettings(db: Db | Tx): Promise<RetentionSettings> {
  const [row] = await db
    .select({ retentionMonths: siteSettings.retentionMonths, deviceKeepDays: siteSettings.deviceKeepDays })
    .from(siteSettings)
    .limit(1);
  return (
    row ?? { retentionMonths: RETENTION.monthsAfterTournament, deviceKeepDays: RETENTION.deviceKeepDays }
  );
}

/**
 * PUT /api/admin/retention: saves the two periods (bounds checked by the shared schema), audited
 * as a site settings change. The public settings carry them (the privacy page, the devices), so
 * their cache is dropped.
 */
export async function saveRetentionSettings(
  deps: Deps,
  caller: Caller,
  input: RetentionSettings,
): Promise<RetentionSettings> {
  return saveSiteSettingsRow(deps, caller, retentionSettings, {
    retentionMonths: input.retentionMonths,
    deviceKeepDays: input.deviceKeepDays,
  });
}

// The retention purge after each tournament (docs/decisions/046-erasure-and-retention.md): a set
// number of months after it (site setting, 12 by default) it erases what the tournament no longer
// needs. The plan is computed from what still needs erasing, so the dry run (the super admin's
// preview) and the real run list the same rows, and a run interrupted anywhere finishes on the
// next: every step only touches rows still holding something to erase.

/** What the purge of one tournament erases, by row: the preview shows it, the run does it. */
export interface PurgePlan {
  tournamentId: number;
  tournamentDate: string;
  /** The day the purge is due (the tournament's date plus the setting's months). */
  dueOn: string;
  /** Competitors whose birth date is still exact (kept: the year, and the age that day). */
  birthDates: number[];
  weights: number[];
  emergencyContacts: number[];
  /** Uploaded files of the tournament's registrations (their public ids). */
  files: string[];
  /** Message recipients (sent to the tournament's families) whose body is still kept. */
  messageBodies: number[];
  /** Messages of the tournament whose body is still kept. */
  messageTexts: number[];
  /** Registration contacts of the tournament holding a phone number. */
  contactPhones: number[];
  /** Accounts of the tournament's families with a phone number and no later registration. */
  accountPhones: number[];
}

export const PURGE_KINDS = PURGE_COUNT_KINDS;
export type PurgeKind = PurgeCountKind;

const sorted = <T extends number | string>(xs: T[]) =>
  [...xs].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
  );

/** The dry run: what the purge of `tournamentId` would erase now. Changes nothing. */
export async function purgePlan(db: Db, tournamentId: number, months: number): Promise<PurgePlan> {
  const [tour] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!tour) throw new Error(`purgePlan: no tournament ${tournamentId}`);
  const ofTournament = eq(registrations.tournamentId, tournamentId);
  const comps = await db
    .select({
      id: competitors.id,
      dateOfBirth: competitors.dateOfBirth,
      weightKg: competitors.weightKg,
      ecName: competitors.emergencyContactName,
      ecPhone: competitors.emergencyContactPhone,
      ecRel: competitors.emergencyContactRelationship,
    })
    .from(competitors)
    .innerJoin(registrations, eq(registrations.id, competitors.registrationId))
    .where(ofTournament);
  const files = await db
    .select({ publicId: sharedFiles.publicId })
    .from(sharedFiles)
    .innerJoin(registrations, eq(registrations.id, sharedFiles.registrationId))
    .where(ofTournament);
  const bodies = await db
    .select({ id: messageRecipients.id })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(
      and(
        eq(messages.tournamentId, tournamentId),
        or(ne(messageRecipients.body, ''), ne(messageRecipients.subject, '')),
      ),
    );
  const texts = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.tournamentId, tournamentId), or(ne(messages.body, ''), ne(messages.subject, ''))));
  const contactPhones = await db
    .select({ id: registrationContacts.id })
    .from(registrationContacts)
    .innerJoin(registrations, eq(registrations.id, registrationContacts.registrationId))
    .where(
      and(
        ofTournament,
        isNotNull(registrationContacts.phoneNumber),
        ne(registrationContacts.phoneNumber, ''),
      ),
    );
  // A family that registered for a later tournament still needs its phone number.
  const later = db
    .select({ owner: registrations.ownerUserId })
    .from(registrations)
    .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
    .where(gt(tournaments.tournamentDate, tour.tournamentDate));
  const accountPhones = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(registrations, eq(registrations.ownerUserId, users.id))
    .where(and(ofTournament, ne(users.phoneNumber, ''), sql`${users.id} not in (${later})`));
  return {
    tournamentId,
    tournamentDate: tour.tournamentDate,
    dueOn: purgeDueOn(tour.tournamentDate, months),
    birthDates: sorted(
      comps
        .filter((c) => c.dateOfBirth !== coarseBirthDate(c.dateOfBirth, tour.tournamentDate))
        .map((c) => c.id),
    ),
    weights: sorted(comps.filter((c) => c.weightKg !== null).map((c) => c.id)),
    emergencyContacts: sorted(comps.filter((c) => c.ecName || c.ecPhone || c.ecRel).map((c) => c.id)),
    files: sorted(files.map((f) => f.publicId)),
    messageBodies: sorted(bodies.map((b) => b.id)),
    messageTexts: sorted(texts.map((m) => m.id)),
    contactPhones: sorted(contactPhones.map((c) => c.id)),
    accountPhones: sorted(accountPhones.map((u) => u.id)),
  };
}

export interface PurgeOptions {
  /** Called after each step: a test stops the run here to prove an interrupted run finishes later. */
  afterStep?: (kind: PurgeKind) => void | Promise<void>;
}

/**
 * Runs the purge of one tournament: the plan of this moment, step by step, each step in its own
 * transaction, then marks the tournament purged. Answers the plan it carried out.
 */
export async function runPurge(
  deps: Deps,
  tournamentId: number,
  opts: PurgeOptions = {},
): Promise<PurgePlan> {
  const db = deps.database.db;
  const { retentionMonths } = await retentionSettings(db);
  const plan = await purgePlan(db, tournamentId, retentionMonths);
  const [tour] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  const now = deps.now();
  const step = async (kind: PurgeKind, work: () => Promise<unknown>) => {
    if (plan[kind].length > 0) await work();
    await opts.afterStep?.(kind);
  };
  await step('birthDates', () =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: competitors.id, dateOfBirth: competitors.dateOfBirth })
        .from(competitors)
        .where(inArray(competitors.id, plan.birthDates));
      for (const r of rows) {
        await tx
          .update(competitors)
          .set({ dateOfBirth: coarseBirthDate(r.dateOfBirth, tour!.tournamentDate), updatedAt: now })
          .where(eq(competitors.id, r.id));
      }
    }),
  );
  await step('weights', () =>
    db
      .update(competitors)
      .set({ weightKg: null, updatedAt: now })
      .where(inArray(competitors.id, plan.weights)),
  );
  await step('emergencyContacts', () =>
    db
      .update(competitors)
      .set({
        emergencyContactName: '',
        emergencyContactPhone: '',
        emergencyContactRelationship: '',
        updatedAt: now,
      })
      .where(inArray(competitors.id, plan.emergencyContacts)),
  );
  // The stored file goes first, then its row: stopped in between, the row is still there and
  // the next run removes both (removing a missing file is not an error).
  await step('files', async () => {
    const store = fileStoreFor(deps.config);
    for (const key of plan.files) await store.remove(key);
    await db.delete(sharedFiles).where(inArray(sharedFiles.publicId, plan.files));
  });
  await step('messageBodies', () =>
    db
      .update(messageRecipients)
      .set({ body: '', subject: '', updatedAt: now })
      .where(inArray(messageRecipients.id, plan.messageBodies)),
  );
  await step('messageTexts', () =>
    db.update(messages).set({ body: '', subject: '' }).where(inArray(messages.id, plan.messageTexts)),
  );
  await step('contactPhones', () =>
    db
      .update(registrationContacts)
      .set({ phoneNumber: null, agreedToSmsDivisionNotifications: null, updatedAt: now })
      .where(inArray(registrationContacts.id, plan.contactPhones)),
  );
  await step('accountPhones', () =>
    db.update(users).set({ phoneNumber: '', updatedAt: now }).where(inArray(users.id, plan.accountPhones)),
  );
  await db.update(tournaments).set({ personalDataPurgedAt: now }).where(eq(tournaments.id, tournamentId));
  return plan;
}

/** Tournaments whose purge is due by `now` and not yet finished. */
export async function tournamentsDue(db: Db, now: Date, months: number): Promise<number[]> {
  const today = now.toISOString().slice(0, 10);
  const rows = await db
    .select({ id: tournaments.id, date: tournaments.tournamentDate })
    .from(tournaments)
    .where(isNull(tournaments.personalDataPurgedAt));
  return rows.filter((r) => purgeDueOn(r.date, months) <= today).map((r) => r.id);
}

// ---- Payment records kept six years ----

/** What the nightly deletion of payment records older than RETENTION.paymentYears takes. */
export interface OldPaymentsPlan {
  /** YYYY-MM-DD: payments dated before this day go. */
  keptFrom: string;
  payments: string[];
  /** Receipts of those payments, and receipts themselves dated before the day. */
  receipts: number[];
}

/** The dry run: payment records (and receipts) dated before the kept period at `now`. Changes nothing. */
export async function oldPaymentsPlan(db: Db | Tx, now: Date): Promise<OldPaymentsPlan> {
  const keptFrom = paymentsKeptFrom(now);
  const cutoff = new Date(`${keptFrom}T00:00:00Z`);
  const old = await db.select({ id: payments.id }).from(payments).where(lt(payments.createdAt, cutoff));
  const ids = old.map((p) => p.id);
  const rec = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      ids.length
        ? or(lt(receipts.createdAt, cutoff), inArray(receipts.paymentId, ids))
        : lt(receipts.createdAt, cutoff),
    );
  return { keptFrom, payments: sorted(ids), receipts: sorted(rec.map((r) => r.id)) };
}

/**
 * Deletes the payment records older than six years (the privacy page's promise; decision 046),
 * receipts first, in one transaction, with tombstones so a device holding one drops it. Run
 * again, it finds nothing left to delete. Answers what it deleted (the dry run of that moment).
 */
export async function purgeOldPayments(deps: Deps): Promise<OldPaymentsPlan> {
  const now = deps.now();
  const { plan, tournamentIds } = await deps.database.db.transaction(async (tx) => {
    const plan = await oldPaymentsPlan(tx, now);
    if (plan.receipts.length) await tx.delete(receipts).where(inArray(receipts.id, plan.receipts));
    if (plan.payments.length === 0) return { plan, tournamentIds: [] as number[] };
    const rows = await tx
      .select({ id: payments.id, tournamentId: registrations.tournamentId })
      .from(payments)
      .innerJoin(registrations, eq(registrations.id, payments.registrationId))
      .where(inArray(payments.id, plan.payments));
    const byTournament = new Map<number, string[]>();
    for (const r of rows)
      byTournament.set(r.tournamentId, [...(byTournament.get(r.tournamentId) ?? []), r.id]);
    for (const [tournamentId, ids] of byTournament) {
      const version = await bumpVersion(tx, tournamentId);
      await tx
        .insert(syncTombstones)
        .values(
          ids.map((id) => ({ tournamentId, entity: 'payments', entityId: id, version, deletedAt: now })),
        );
    }
    await tx.delete(payments).where(inArray(payments.id, plan.payments));
    return { plan, tournamentIds: [...byTournament.keys()] };
  });
  for (const id of tournamentIds) await poke(deps, id);
  return plan;
}

// ---- Accounts nobody used for three years ----

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Accounts idle for RETENTION.inactiveYears: mailed once, then erased RETENTION.inactivityNoticeDays
 * later unless someone signed in meanwhile (a sign-in clears the notice). Staff accounts are left.
 */
export async function purgeInactiveAccounts(deps: Deps): Promise<{ noticed: number[]; erased: number[] }> {
  const db = deps.database.db;
  const now = deps.now();
  const idleSince = new Date(now.getTime() - RETENTION.inactiveYears * YEAR_MS);
  const idle = await db
    .select()
    .from(users)
    .where(and(isNull(users.erasedAt), lt(users.lastActiveAt, idleSince)));
  const noticed: number[] = [];
  const erased: number[] = [];
  const site = await getSiteSettings(deps);
  for (const u of idle) {
    if (isStaff(u.roles)) continue;
    if (!u.inactivityNoticeAt) {
      const tr = translatorFor(u.language);
      const text = [
        tr.t('mail.hello', { firstName: u.firstName }),
        tr.t('mail.inactive.body', {
          siteName: site.siteName,
          years: RETENTION.inactiveYears,
          days: RETENTION.inactivityNoticeDays,
        }),
        `${deps.config.publicUrl}/user/login`,
      ].join('\n\n');
      await deps.mailer.send({
        to: u.email,
        subject: tr.t('mail.inactive.subject', {
          prefix: site.sitePrefix,
          days: RETENTION.inactivityNoticeDays,
        }),
        text: `${text}\n`,
      });
      await db.update(users).set({ inactivityNoticeAt: now }).where(eq(users.id, u.id));
      noticed.push(u.id);
    } else if (u.inactivityNoticeAt.getTime() <= now.getTime() - RETENTION.inactivityNoticeDays * DAY_MS) {
      await eraseAccount(deps, u.id, { via: 'inactivity', actor: { personId: u.id, displayName: '' } });
      erased.push(u.id);
    }
  }
  return { noticed, erased };
}

/** GET /api/admin/retention: the dry run of every purge to come, and of the idle accounts. */
export async function retentionPreview(deps: Deps): Promise<RetentionPreview> {
  const db = deps.database.db;
  const settings = await retentionSettings(db);
  const all = await db.select().from(tournaments).orderBy(tournaments.tournamentDate);
  const list: RetentionPreview['tournaments'] = [];
  for (const tour of all) {
    const plan = await purgePlan(db, tour.id, settings.retentionMonths);
    list.push({
      tournamentId: tour.id,
      tournamentDate: tour.tournamentDate,
      city: tour.city,
      dueOn: plan.dueOn,
      purgedAt: tour.personalDataPurgedAt ? tour.personalDataPurgedAt.toISOString() : null,
      counts: Object.fromEntries(PURGE_KINDS.map((k) => [k, plan[k].length])) as Record<PurgeKind, number>,
    });
  }
  const now = deps.now();
  const idle = (
    await db
      .select({ roles: users.roles, noticeAt: users.inactivityNoticeAt })
      .from(users)
      .where(
        and(
          isNull(users.erasedAt),
          lt(users.lastActiveAt, new Date(now.getTime() - RETENTION.inactiveYears * YEAR_MS)),
        ),
      )
  ).filter((u) => !isStaff(u.roles));
  const dueBefore = now.getTime() - RETENTION.inactivityNoticeDays * DAY_MS;
  const old = await oldPaymentsPlan(db, now);
  return {
    ...settings,
    tournaments: list,
    inactive: {
      toNotice: idle.filter((u) => !u.noticeAt).length,
      toErase: idle.filter((u) => u.noticeAt && u.noticeAt.getTime() <= dueBefore).length,
    },
    payments: { keptFrom: old.keptFrom, payments: old.payments.length, receipts: old.receipts.length },
  };
}

export const RETENTION_JOB = 'retention-purge';
/** Every night at 3:30, after the nightly backup. */
export const RETENTION_CRON = '30 3 * * *';

/** The nightly job: every purge due, old payment records, then the idle accounts. Safe to run twice, or after a crash. */
export async function runRetention(deps: Deps): Promise<void> {
  const { retentionMonths } = await retentionSettings(deps.database.db);
  for (const id of await tournamentsDue(deps.database.db, deps.now(), retentionMonths)) {
    const plan = await runPurge(deps, id);
    logger.info(
      { tournamentId: id, ...Object.fromEntries(PURGE_KINDS.map((k) => [k, plan[k].length])) },
      'retention purge done',
    );
  }
  const paid = await purgeOldPayments(deps);
  if (paid.payments.length || paid.receipts.length)
    logger.info(
      { keptFrom: paid.keptFrom, payments: paid.payments.length, receipts: paid.receipts.length },
      'old payment records deleted',
    );
  const idle = await purgeInactiveAccounts(deps);
  if (idle.noticed.length || idle.erased.length)
    logger.info({ noticed: idle.noticed.length, erased: idle.erased.length }, 'inactive accounts');
}

export function registerRetention(deps: Deps): void {
  deps.jobs.schedule(RETENTION_JOB, RETENTION_CRON, Intl.DateTimeFormat().resolvedOptions().timeZone, () =>
    runRetention(deps),
  );
}
