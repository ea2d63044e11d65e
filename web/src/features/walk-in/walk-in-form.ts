import type { RegistrationOptions } from '@shared/contract/registration.ts';
import { competitorRuleErrors } from '@shared/domain/competitor.ts';
import {
  DOOR_MESSAGES,
  MAX_WALK_IN_SPECTATORS,
  walkInTotal,
  WalkInCompetitorSchema,
  WalkInContactSchema,
  type WalkInArgsInput,
} from '@shared/domain/door.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import { t } from '@web/lib/i18n.tsx';
import { parseDollars, paymentFromForm, type PaymentFormState } from '@web/components/door/payment-form.ts';

// The walk-in form as plain data (pure, tested without a browser): what staff typed, the
// door price total, and the one `registerWalkIn@1` it becomes, validated by the shared rules.

/** The tournament a walk-in registers for, as cached on the device (prices, day). */
interface WalkInTournament {
  id: number;
  tournamentDate: string;
  competitorOnlineCost: number;
  competitorDoorCost: number;
  spectatorCost: number;
  lunchCost: number;
}

export interface WalkInOptions {
  tournament: WalkInTournament;
  options: RegistrationOptions;
  /** When the device last fetched them (ISO 8601). */
  fetchedAt: string;
}

export interface CompetitorDraft {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: '' | '1' | '2';
  competitorLevelId: string;
  eventIds: number[];
  weightKg: string;
  school: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelationship: string;
  guardianConsent: boolean;
}

export interface WalkInFormState {
  contact: { firstName: string; lastName: string; email: string; phoneNumber: string };
  competitors: CompetitorDraft[];
  spectators: string;
  takePayment: boolean;
  payment: PaymentFormState;
  /** False until staff change the amount themselves: until then it follows the total. */
  amountEdited: boolean;
  /** The family confirmed the e-mail is their own account (decision 018): attach the walk-in to it. */
  attachToAccount: boolean;
  /** The language the family reads, asked at the desk: their messages go out in it. */
  language: Locale;
  checkIn: boolean;
}

export function emptyCompetitor(lastName = ''): CompetitorDraft {
  return {
    firstName: '',
    lastName,
    dateOfBirth: '',
    gender: '',
    competitorLevelId: '',
    eventIds: [],
    weightKg: '',
    school: '',
    emergencyContactName: '',
    emergencyContactPhone: '',
    emergencyContactRelationship: '',
    guardianConsent: false,
  };
}

/** An empty form; the family's language starts as the desk's own, and staff change it when asked. */
export function initialWalkInForm(language: Locale): WalkInFormState {
  return {
    contact: { firstName: '', lastName: '', email: '', phoneNumber: '' },
    competitors: [emptyCompetitor()],
    spectators: '0',
    takePayment: true,
    payment: { method: 'cash', amount: '', tendered: '' },
    amountEdited: false,
    attachToAccount: false,
    language,
    checkIn: true,
  };
}

/** Spectators as typed, or 0 when the field does not hold a whole number. */
function spectatorCount(text: string): number {
  const n = parseDollars(text);
  return n === undefined ? 0 : Math.min(n, MAX_WALK_IN_SPECTATORS);
}

/** The door price total of what is on the form. */
export function formTotal(form: WalkInFormState, t: WalkInTournament): number {
  return walkInTotal(
    { competitors: form.competitors.length, spectators: spectatorCount(form.spectators) },
    t,
  );
}

type WalkInFormResult = { ok: true; args: WalkInArgsInput } | { ok: false; errors: Record<string, string> };

function issuesToErrors(
  prefix: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  const errors: Record<string, string> = {};
  for (const i of issues) {
    const key = `${prefix}${String(i.path[0] ?? '')}`;
    errors[key] ??= i.message;
  }
  return errors;
}

function competitorInput(c: CompetitorDraft) {
  const weight = c.weightKg.trim();
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    dateOfBirth: c.dateOfBirth,
    gender: c.gender === '' ? undefined : Number(c.gender),
    competitorLevelId: c.competitorLevelId === '' ? undefined : Number(c.competitorLevelId),
    eventIds: c.eventIds,
    weightKg: weight === '' ? null : Number(weight),
    school: c.school,
    emergencyContactName: c.emergencyContactName,
    emergencyContactPhone: c.emergencyContactPhone,
    emergencyContactRelationship: c.emergencyContactRelationship,
    guardianConsent: c.guardianConsent,
  };
}

/**
 * The `registerWalkIn@1` arguments of the form, with `walkInId` and `paymentId` made once
 * per walk-in by the caller; or the errors keyed "contact.firstName", "competitors.0.eventIds",
 * "spectators", "payment.amount".
 */
export function walkInFromForm(
  form: WalkInFormState,
  o: WalkInOptions,
  ids: { walkInId: string; paymentId: string },
  now: Date = new Date(),
): WalkInFormResult {
  const errors: Record<string, string> = {};
  const contact = WalkInContactSchema.safeParse(form.contact);
  if (!contact.success) Object.assign(errors, issuesToErrors('contact.', contact.error.issues));

  const ctx = {
    tournamentDate: o.tournament.tournamentDate,
    events: o.options.events,
    competitorLevelIds: o.options.competitorLevels.map((l) => l.id),
  };
  const competitors = form.competitors.map((c, i) => {
    const input = competitorInput(c);
    const parsed = WalkInCompetitorSchema.safeParse(input);
    if (!parsed.success) {
      Object.assign(errors, issuesToErrors(`competitors.${i}.`, parsed.error.issues));
      return input;
    }
    const rules = competitorRuleErrors({ ...parsed.data, registrationId: 1 }, ctx);
    for (const [k, v] of Object.entries(rules)) errors[`competitors.${i}.${k}`] ??= v;
    return input;
  });
  if (form.competitors.length === 0) errors.competitors = DOOR_MESSAGES.competitorCount;

  const spectators = parseDollars(form.spectators || '0');
  if (spectators === undefined || spectators > MAX_WALK_IN_SPECTATORS)
    errors.spectators = t('walkIn.form.spectatorsInvalid', { max: MAX_WALK_IN_SPECTATORS });

  let payment: WalkInArgsInput['payment'];
  if (form.takePayment) {
    const p = paymentFromForm(form.payment, ids.paymentId);
    if (p.ok) payment = p.payment;
    else for (const [k, v] of Object.entries(p.errors)) errors[`payment.${k}`] = v;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    args: {
      walkInId: ids.walkInId,
      contact: form.contact,
      competitors: competitors as WalkInArgsInput['competitors'],
      spectators: spectators ?? 0,
      ...(payment ? { payment } : {}),
      attachToAccount: form.attachToAccount && form.contact.email.trim() !== '',
      language: form.language,
      checkIn: form.checkIn,
      quotedTotal: formTotal(form, o.tournament),
      at: now.toISOString(),
    },
  };
}
