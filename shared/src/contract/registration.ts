import { msg } from '../i18n/message-ref.ts';
import { z } from 'zod';
import { CompetitorFieldsSchema } from '../domain/competitor.ts';
import { PublicationChoicesSchema } from '../domain/consent.ts';
import { MESSAGES } from '../domain/messages.ts';
import { emailField, MAX_ID, optionalPhoneField, requiredText } from '../domain/validation.ts';
import { endpoint } from './endpoint.ts';
import type { PathParam } from './paths.ts';

// docs/product.md §7: the /api/registration calls; docs/design.md §5 for what the spec leaves out.

const R = '/api/registration';
export const REGISTRATION_PATHS = {
  create: (tournamentId: PathParam) => `${R}/create/${tournamentId}`,
  getAll: (tournamentId: PathParam) => `${R}/getAll/${tournamentId}`,
  incomplete: (tournamentId: PathParam) => `${R}/incomplete/${tournamentId}`,
  hasCompleted: `${R}/has-completed`,
  options: (tournamentId: PathParam) => `${R}/options/${tournamentId}`,
  get: (id: PathParam) => `${R}/${id}`,
  competitors: `${R}/competitor`,
  competitor: (id: PathParam) => `${R}/competitor/${id}`,
  /** PUT: the family's two choices for a competitor, at any time (decision 043). */
  competitorChoices: (id: PathParam) => `${R}/competitor/${id}/choices`,
  /** Spectator passes or lunch tickets of a registration (add with POST, remove with DELETE). */
  passes: (kind: 'spectator' | 'lunch', registrationId: PathParam) => `${R}/${kind}/${registrationId}`,
  contacts: (registrationId: PathParam) => `${R}/contacts/${registrationId}`,
  contactPreferences: (contactId: PathParam) => `${R}/contact-preferences/${contactId}`,
  checkout: (registrationId: PathParam) => `${R}/checkout/${registrationId}`,
  receipt: (registrationId: PathParam) => `${R}/receipt/${registrationId}`,
  stripeWebhook: `${R}/stripe-webhook`,
} as const;

export const REGISTRATION_MESSAGES = {
  completed: msg('registration.completed'),
  alreadyCompleted: msg('registration.alreadyCompleted'),
  closed: msg('registration.closed'),
  lunchNotOnSale: msg('registration.lunchNotOnSale'),
  noSpectatorToRemove: msg('registration.noSpectatorToRemove'),
  noLunchToRemove: msg('registration.noLunchToRemove'),
  tooManyPasses: (max: number) => msg('registration.tooManyPasses', { max }),
  nothingToPay: msg('registration.nothingToPay'),
  tooManyContacts: (max: number) => msg('registration.tooManyContacts', { max }),
  paymentUnavailable: msg('registration.paymentUnavailable'),
  cardUnavailable: msg('registration.cardUnavailable'),
} as const;

/** Spectator passes and lunch tickets per registration. */
export const MAX_PASSES = 50;
export const MAX_CONTACTS = 5;

export const IdParam = z
  .string()
  .regex(/^\d{1,9}$/, msg('field.number'))
  .transform(Number);

export const CompetitorCreateSchema = CompetitorFieldsSchema;
export const CompetitorUpdateSchema = CompetitorFieldsSchema.extend({
  id: z.number({ error: MESSAGES.required }).int().positive().max(MAX_ID),
});
export type CompetitorCreate = z.input<typeof CompetitorCreateSchema>;
export type CompetitorUpdate = z.input<typeof CompetitorUpdateSchema>;

/** A competitor as the API answers it. */
export const CompetitorSchema = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  /** Age on tournament day. */
  age: z.number().int().nullable(),
  gender: z.union([z.literal(1), z.literal(2)]),
  competitorLevelId: z.number().int(),
  weightKg: z.number().nullable(),
  school: z.string(),
  emergencyContactName: z.string(),
  emergencyContactPhone: z.string(),
  emergencyContactRelationship: z.string(),
  guardianConsent: z.boolean(),
  /** Named on public results and TVs ("Sam K."), else "Competitor 12" (decision 043). */
  publishName: z.boolean(),
  /** Photos and video of the competitor may be published. */
  photosAllowed: z.boolean(),
  eventIds: z.array(z.number().int()),
  checkedInAt: z.string().nullable(),
});
export type Competitor = z.infer<typeof CompetitorSchema>;

/** A contact the registration's notifications go to (docs/product.md §3). */
export const ContactInputSchema = z.object({
  name: requiredText(100),
  email: emailField(),
  phoneNumber: optionalPhoneField(),
  /** null: not chosen yet (flagged on the customer's home page). */
  agreedToSmsDivisionNotifications: z.boolean().nullable().optional().default(null),
  agreedToEmailDivisionNotifications: z.boolean().nullable().optional().default(null),
});
export type ContactInput = z.input<typeof ContactInputSchema>;

export const ContactsUpdateSchema = z.object({
  contacts: z
    .array(ContactInputSchema)
    .max(MAX_CONTACTS, REGISTRATION_MESSAGES.tooManyContacts(MAX_CONTACTS)),
});

export const ContactPreferencesSchema = z.object({
  agreedToSmsDivisionNotifications: z.boolean().nullable(),
  agreedToEmailDivisionNotifications: z.boolean().nullable(),
});
export type ContactPreferences = z.infer<typeof ContactPreferencesSchema>;

export const ContactSchema = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  agreedToSmsDivisionNotifications: z.boolean().nullable(),
  agreedToEmailDivisionNotifications: z.boolean().nullable(),
  /** A phone number and no SMS choice yet (docs/product.md §3). */
  lacksSmsPreference: z.boolean(),
});
export type Contact = z.infer<typeof ContactSchema>;

export const ReceiptItemSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
});

/** docs/product.md §3 Receipt, plus the totals a family needs at the door. */
export const ReceiptSchema = z.object({
  receiptId: z.number().int(),
  registrationId: z.number().int(),
  confirmationCode: z.string(),
  title: z.string(),
  description: z.string(),
  paymentAmount: z.number().int(),
  total: z.number().int(),
  balanceOwing: z.number().int(),
  receiptItems: z.array(ReceiptItemSchema),
  receiptUrl: z.string(),
  createdAt: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** GET /api/registration/receipt/{id}: the receipt with its check-in QR code. */
export const ReceiptWithQrSchema = ReceiptSchema.extend({
  /** PNG data URL of a QR code carrying `checkInToken`. */
  qrCode: z.string(),
  /** Signed token (audience nomac-checkin) check-in scans. */
  checkInToken: z.string(),
});
export type ReceiptWithQr = z.infer<typeof ReceiptWithQrSchema>;

/** docs/product.md §3 Registration. */
export const RegistrationSchema = z.object({
  registrationId: z.number().int(),
  tournamentId: z.number().int(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  competitors: z.array(CompetitorSchema),
  spectators: z.number().int(),
  lunch: z.number().int(),
  contacts: z.array(ContactSchema),
  tournament: z.object({
    id: z.number().int(),
    competitorOnlineCost: z.number().int(),
    /** The door price, which a walk-in's competitors pay (decision 016). */
    competitorDoorCost: z.number().int().optional(),
    spectatorCost: z.number().int(),
    lunchCost: z.number().int(),
  }),
  /** Registered at the door on tournament day: competitors at the door price (decision 016). */
  isWalkIn: z.boolean().optional(),
  receipt: ReceiptSchema.optional(),
  /** docs/product.md §9 total, computed on the server. */
  cost: z.number().int(),
  amountPaid: z.number().int(),
  balanceOwing: z.number().int(),
  owner: z.object({ personId: z.number().int(), name: z.string(), email: z.string() }),
});
export type Registration = z.infer<typeof RegistrationSchema>;

/** What a competitor may enter at a tournament, and the levels to choose from. */
export const RegistrationOptionsSchema = z.object({
  events: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      eventTypeId: z.number().int(),
      eventTypeTitle: z.string(),
      requiresWeight: z.boolean(),
    }),
  ),
  competitorLevels: z.array(
    // description: decision 027 (optional: a device's stored copy from before it has none).
    z.object({ id: z.number().int(), name: z.string(), description: z.string().optional() }),
  ),
  /** Paying now by card is offered (Stripe is configured); paying at the door always is. */
  cardPayments: z.boolean().optional(),
});
export type RegistrationOptions = z.infer<typeof RegistrationOptionsSchema>;

/**
 * POST /api/registration/checkout/{id}?payment=card|door: the family's choice (decision 027). card:
 * Stripe Checkout (409 when it is not offered); door: completed now, paid at check-in. Without
 * the choice: card when offered, else door (the first clients).
 */
export const CheckoutQuerySchema = z.object({ payment: z.enum(['card', 'door']).optional() });
export type PaymentChoice = NonNullable<z.infer<typeof CheckoutQuerySchema>['payment']>;

/** POST /api/registration/checkout/{id}: Stripe Checkout, or completed with "pay at the door". */
export const CheckoutResultSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('stripe'), url: z.string() }),
  z.object({ mode: z.literal('door'), registration: RegistrationSchema }),
]);
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

/** Check-in tokens are signed for this audience only, so an access token never passes for one. */
export const CHECK_IN_AUDIENCE = 'nomac-checkin';

// Whole answers that are not one object (GET getAll, incomplete, POST/DELETE passes, PUT contacts).
export const RegistrationListSchema = z.array(RegistrationSchema);
export const IncompleteRegistrationSchema = RegistrationSchema.nullable();
export const PassCountSchema = z.number().int();
export const ContactListSchema = z.array(ContactSchema);

// ---- The endpoints (decision 035): one entry each, for the server's route and the web's call ----

const idParams = <K extends string>(name: K) => z.object({ [name]: IdParam } as { [P in K]: typeof IdParam });
const byTournament = idParams('tournamentId');
const byRegistration = idParams('registrationId');
const passes = (method: 'post' | 'delete', kind: 'spectator' | 'lunch') =>
  endpoint({
    method,
    path: REGISTRATION_PATHS.passes(kind, '{registrationId}'),
    params: byRegistration,
    response: PassCountSchema,
  });

export const StripeWebhookResultSchema = z.object({ received: z.literal(true), recorded: z.boolean() });

export const REGISTRATION_API = {
  create: endpoint({
    method: 'post',
    path: REGISTRATION_PATHS.create('{tournamentId}'),
    params: byTournament,
    response: RegistrationSchema,
  }),
  getAll: endpoint({
    method: 'get',
    path: REGISTRATION_PATHS.getAll('{tournamentId}'),
    params: byTournament,
    response: RegistrationListSchema,
  }),
  incomplete: endpoint({
    method: 'get',
    path: REGISTRATION_PATHS.incomplete('{tournamentId}'),
    params: byTournament,
    response: IncompleteRegistrationSchema,
  }),
  hasCompleted: endpoint({ method: 'get', path: REGISTRATION_PATHS.hasCompleted, response: z.boolean() }),
  options: endpoint({
    method: 'get',
    path: REGISTRATION_PATHS.options('{tournamentId}'),
    params: byTournament,
    response: RegistrationOptionsSchema,
  }),
  competitor: endpoint({
    method: 'get',
    path: REGISTRATION_PATHS.competitor('{id}'),
    params: idParams('id'),
    response: CompetitorSchema,
  }),
  addCompetitor: endpoint({
    method: 'post',
    path: REGISTRATION_PATHS.competitors,
    body: CompetitorCreateSchema,
    response: CompetitorSchema,
  }),
  updateCompetitor: endpoint({
    method: 'put',
    path: REGISTRATION_PATHS.competitors,
    body: CompetitorUpdateSchema,
    response: CompetitorSchema,
  }),
  deleteCompetitor: endpoint({
    method: 'delete',
    path: REGISTRATION_PATHS.competitor('{id}'),
    params: idParams('id'),
    response: RegistrationSchema,
  }),
  competitorChoices: endpoint({
    method: 'put',
    path: REGISTRATION_PATHS.competitorChoices('{id}'),
    params: idParams('id'),
    body: PublicationChoicesSchema,
    response: CompetitorSchema,
  }),
  contacts: endpoint({
    method: 'put',
    path: REGISTRATION_PATHS.contacts('{registrationId}'),
    params: byRegistration,
    body: ContactsUpdateSchema,
    response: ContactListSchema,
  }),
  contactPreferences: endpoint({
    method: 'put',
    path: REGISTRATION_PATHS.contactPreferences('{contactId}'),
    params: idParams('contactId'),
    body: ContactPreferencesSchema,
    response: ContactSchema,
  }),
  checkout: endpoint({
    method: 'post',
    path: REGISTRATION_PATHS.checkout('{registrationId}'),
    params: byRegistration,
    query: CheckoutQuerySchema,
    response: CheckoutResultSchema,
  }),
  receipt: endpoint({
    method: 'get',
    path: REGISTRATION_PATHS.receipt('{registrationId}'),
    params: byRegistration,
    response: ReceiptWithQrSchema,
  }),
  stripeWebhook: endpoint({
    method: 'post',
    path: REGISTRATION_PATHS.stripeWebhook,
    response: StripeWebhookResultSchema,
  }),
  addSpectator: passes('post', 'spectator'),
  removeSpectator: passes('delete', 'spectator'),
  addLunch: passes('post', 'lunch'),
  removeLunch: passes('delete', 'lunch'),
  /** Last among the routes: `/{id}` would otherwise catch `/has-completed`. */
  get: endpoint({
    method: 'get',
    path: REGISTRATION_PATHS.get('{id}'),
    params: idParams('id'),
    response: RegistrationSchema,
  }),
} as const;
