import { z } from 'zod';
import { msg } from '../i18n/message-ref.ts';
import { MESSAGES } from './messages.ts';
import { MAX_ID, optionalText, phoneField, requiredText } from './validation.ts';

// docs/design.md §5: the competitor, validated the same way on the page and on the server.

export const COMPETITOR_MESSAGES = {
  dateOfBirth: msg('competitor.dateOfBirth'),
  implausibleDateOfBirth: msg('competitor.implausibleDateOfBirth'),
  gender: msg('competitor.gender'),
  level: msg('competitor.level'),
  weight: msg('competitor.weight'),
  /** `eventName`: the event's name as entered ("Sparring"). */
  weightRequired: (eventName: string) => msg('competitor.weightRequired', { eventName }),
  atLeastOneEvent: msg('competitor.atLeastOneEvent'),
  unknownEvent: msg('competitor.unknownEvent'),
  unknownLevel: msg('competitor.unknownLevel'),
  guardianConsent: msg('competitor.guardianConsent'),
} as const;

/** Youngest and oldest plausible competitor on tournament day. */
export const COMPETITOR_AGE_RANGE = { min: 3, max: 100 } as const;
export const ADULT_AGE = 18;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function parseDay(day: string): Date | undefined {
  if (!ISO_DAY.test(day)) return undefined;
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day ? undefined : d;
}

/** Age in whole years on `onDay` (both YYYY-MM-DD); undefined for an invalid date. */
export function ageOn(dateOfBirth: string, onDay: string): number | undefined {
  const born = parseDay(dateOfBirth);
  const on = parseDay(onDay);
  if (!born || !on) return undefined;
  let age = on.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    on.getUTCMonth() < born.getUTCMonth() ||
    (on.getUTCMonth() === born.getUTCMonth() && on.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** The fields a customer fills in; `id` absent to add, present to edit. */
export const CompetitorFieldsSchema = z.object({
  registrationId: z.number({ error: MESSAGES.required }).int().positive().max(MAX_ID),
  firstName: requiredText(100),
  lastName: requiredText(100),
  dateOfBirth: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .refine((v) => parseDay(v) !== undefined, COMPETITOR_MESSAGES.dateOfBirth),
  gender: z.union([z.literal(1), z.literal(2)], { error: COMPETITOR_MESSAGES.gender }),
  competitorLevelId: z
    .number({ error: COMPETITOR_MESSAGES.level })
    .int()
    .positive(COMPETITOR_MESSAGES.level)
    .max(MAX_ID, COMPETITOR_MESSAGES.unknownLevel),
  weightKg: z
    .number({ error: COMPETITOR_MESSAGES.weight })
    .min(10, COMPETITOR_MESSAGES.weight)
    .max(250, COMPETITOR_MESSAGES.weight)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  school: optionalText(200).transform((v) => v ?? ''),
  emergencyContactName: requiredText(100),
  emergencyContactPhone: phoneField(),
  emergencyContactRelationship: requiredText(100),
  guardianConsent: z.boolean().optional().default(false),
  /**
   * The family's two choices (decision 043): the name on public results and TVs, and photos or
   * video published. Absent: not asked (a walk-in, an older client): no on a new competitor, the
   * stored choice on an edit.
   */
  publishName: z.boolean().optional(),
  photosAllowed: z.boolean().optional(),
  eventIds: z
    .array(z.number().int().positive().max(MAX_ID, COMPETITOR_MESSAGES.unknownEvent), {
      error: COMPETITOR_MESSAGES.atLeastOneEvent,
    })
    .min(1, COMPETITOR_MESSAGES.atLeastOneEvent)
    .max(20)
    .transform((ids) => [...new Set(ids)]),
});
export type CompetitorFields = z.output<typeof CompetitorFieldsSchema>;
export interface CompetitorRuleContext {
  /** YYYY-MM-DD: age on tournament day decides consent (and later divisions). */
  tournamentDate: string;
  events: readonly { id: number; name: string; requiresWeight: boolean }[];
  competitorLevelIds: readonly number[];
}

/**
 * The rules that need the tournament (docs/design.md §5): plausible date of birth,
 * guardian consent under 18, events offered here, weight when an entered event needs it.
 * Answers the docs/product.md §8 `errors` object; empty when the competitor is valid.
 */
export function competitorRuleErrors(
  c: CompetitorFields,
  ctx: CompetitorRuleContext,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const age = ageOn(c.dateOfBirth, ctx.tournamentDate);
  if (age === undefined || age < COMPETITOR_AGE_RANGE.min || age > COMPETITOR_AGE_RANGE.max) {
    errors.dateOfBirth = COMPETITOR_MESSAGES.implausibleDateOfBirth;
  } else if (age < ADULT_AGE && !c.guardianConsent) {
    errors.guardianConsent = COMPETITOR_MESSAGES.guardianConsent;
  }
  if (!ctx.competitorLevelIds.includes(c.competitorLevelId))
    errors.competitorLevelId = COMPETITOR_MESSAGES.unknownLevel;
  const entered = c.eventIds.map((id) => ctx.events.find((e) => e.id === id));
  if (entered.some((e) => e === undefined)) {
    errors.eventIds = COMPETITOR_MESSAGES.unknownEvent;
  } else if (c.weightKg === null) {
    const needsWeight = entered.find((e) => e?.requiresWeight);
    if (needsWeight) errors.weightKg = COMPETITOR_MESSAGES.weightRequired(needsWeight.name);
  }
  return errors;
}

/**
 * Who a tournament counts as its competitors (the dashboard once said 19 where check-in
 * said "0 of 21"): the competitors of completed registrations. The check-in screen still lists an
 * unfinished registration's family (it may finish at the door), but its competitors count, on
 * the dashboard, the competitors list and the check-in totals alike, once it is completed.
 */
export function isCountedRegistration(registration: { isCompleted: boolean }): boolean {
  return registration.isCompleted;
}

/** The competitors of `competitors` that `isCountedRegistration` counts. */
export function countedCompetitors<C extends { registrationId: number }>(
  competitors: readonly C[],
  registrations: readonly { id: number; isCompleted: boolean }[],
): C[] {
  const counted = new Set(registrations.filter(isCountedRegistration).map((r) => r.id));
  return competitors.filter((c) => counted.has(c.registrationId));
}
