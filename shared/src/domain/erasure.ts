import { z } from 'zod';
import { msg } from '../i18n/message-ref.ts';
import { ageOn } from './competitor.ts';
import { requiredText, secretText } from './validation.ts';

// Erasure and retention of personal data (docs/decisions/046-erasure-and-retention.md): the
// periods the privacy page states, and the pure rules the erasure and the purge follow.

/** How long each kind of data is kept; the privacy page states each one. */
export const RETENTION = {
  /** Payment records (amount, date, method, receipt code, payer's name) after an erasure. */
  paymentYears: 6,
  /** Personal data of a tournament, after it (the default of the site setting). */
  monthsAfterTournament: 12,
  /** An account nobody signed in to for this long is erased... */
  inactiveYears: 3,
  /** ...after an e-mail this many days before. */
  inactivityNoticeDays: 30,
  /** Venue devices keep a tournament's personal rows this many days after it (site setting default). */
  deviceKeepDays: 7,
} as const;

/**
 * The bounds a super admin may set the two periods within (decision 046): at least a month, so
 * refunds, disputes and results corrections are settled before a purge, and at most ten years;
 * devices keep a tournament's rows at least the day after it and at most three months (a tablet
 * in a drawer should not hold children's data for a season).
 */
export const RETENTION_BOUNDS = {
  months: { min: 1, max: 120 },
  deviceDays: { min: 1, max: 90 },
} as const;

const between = (min: number, max: number) => {
  const message = msg('erasure.field.between', { min, max });
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** PUT /api/admin/retention: the two periods, as the personal data page saves them. */
export const RetentionSettingsSchema = z.object({
  retentionMonths: between(RETENTION_BOUNDS.months.min, RETENTION_BOUNDS.months.max),
  deviceKeepDays: between(RETENTION_BOUNDS.deviceDays.min, RETENTION_BOUNDS.deviceDays.max),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

/** The first day (YYYY-MM-DD) of payment records still kept at `now`: older ones are deleted. */
export function paymentsKeptFrom(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - RETENTION.paymentYears, now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(now.getUTCDate(), last));
  return d.toISOString().slice(0, 10);
}

/**
 * A birth date reduced to what results need: the birth year, and the age on the tournament's
 * day (which decides age bands on the leaderboard). January 1st of the birth year when the
 * competitor had had their birthday by the tournament's day, else December 31st: both give the
 * same age that day as the real date, and neither tells the day of birth.
 */
export function coarseBirthDate(dateOfBirth: string, tournamentDate: string): string {
  const year = dateOfBirth.slice(0, 4);
  const age = ageOn(dateOfBirth, tournamentDate);
  const jan1 = `${year}-01-01`;
  return age === undefined || age === ageOn(jan1, tournamentDate) ? jan1 : `${year}-12-31`;
}

/** Whether a date (YYYY-MM-DD) is already coarse: January 1st or December 31st. */
export const isCoarseBirthDate = (d: string) => d.endsWith('-01-01') || d.endsWith('-12-31');

/** The day (YYYY-MM-DD) the purge after a tournament held on `tournamentDate` is due. */
export function purgeDueOn(tournamentDate: string, months: number): string {
  const d = new Date(`${tournamentDate}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

/** Whether the venue devices should have dropped a tournament's personal rows by `now`. */
export function deviceKeepExpired(tournamentDate: string, keepDays: number, now: Date): boolean {
  const end = Date.parse(`${tournamentDate}T00:00:00Z`) + (keepDays + 1) * 24 * 60 * 60 * 1000;
  return now.getTime() >= end;
}

/** The address an erased account keeps in place of its e-mail (unique, never deliverable). */
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

/** POST /api/users/delete-account: the account's password, asked again. */
export const DeleteAccountRequestSchema = z.object({ password: secretText(200) });

/** A super admin carrying out a request received by mail or in person (audited with the reason). */
export const StaffErasureRequestSchema = z.object({
  reason: requiredText(500),
});

export const ERASURE_MESSAGES = {
  deleted: msg('erasure.deleted'),
  wrongPassword: msg('erasure.wrongPassword'),
  noPassword: msg('erasure.noPassword'),
  notWhileViewingAs: msg('erasure.notWhileViewingAs'),
  staffAccount: msg('erasure.staffAccount'),
  staffDeleted: msg('erasure.staffDeleted'),
  notFound: msg('erasure.notFound'),
} as const;
