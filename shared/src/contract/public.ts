import { z } from 'zod';
import { msg } from '../i18n/message-ref.ts';
import { TEXT_LIMITS } from '../domain/text.ts';
import { emailField, optionalPhoneField, requiredText } from '../domain/validation.ts';

export { PUBLIC_PATHS } from './public-paths.ts';
import { endpoint } from './endpoint.ts';
import { PUBLIC_PATHS } from './public-paths.ts';

const CalendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('field.calendarDay'));

export const ScheduleLineSchema = z.object({
  order: z.number().int(),
  line1: z.string(),
  line2: z.string(),
});

/** docs/product.md §3 Tournament, with the derived flags of section 4. */
export const TournamentSchema = z.object({
  id: z.number().int(),
  tournamentDate: CalendarDay,
  registrationOpensOn: CalendarDay,
  registrationClosesAfter: CalendarDay,
  competitorOnlineCost: z.number().int(),
  competitorDoorCost: z.number().int(),
  spectatorCost: z.number().int(),
  lunchCost: z.number().int(),
  city: z.string(),
  venue: z.string(),
  inPersonRegistrationTimes: z.string(),
  blackBeltMeetingTime: z.string(),
  eliminationTime: z.string(),
  schedule: z.array(ScheduleLineSchema),
  isTournamentToday: z.boolean(),
  isRegistrationOpen: z.boolean(),
  isRegistrationOpenSoon: z.boolean(),
});
export type Tournament = z.infer<typeof TournamentSchema>;

export const EventTypeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  showOnHomepage: z.boolean(),
  decidedBy: z.enum(['judged', 'bracket']),
});
export type EventType = z.infer<typeof EventTypeSchema>;

/** Public site settings: identity and feature flags (docs/product.md §1 and §6). */
export const SiteSettingsSchema = z.object({
  siteName: z.string(),
  sitePrefix: z.string(),
  siteEmail: z.string(),
  siteUrl: z.string(),
  venueName: z.string(),
  venueAddress: z.string(),
  mapEmbedUrl: z.string(),
  mailingListUrl: z.string(),
  googleClientId: z.string(),
  /** The tournament's time zone (IANA name): every time shown is in it (decision 029). */
  timeZone: z.string(),
  flags: z.object({
    SellLunchTickets: z.boolean(),
    MailingListTab: z.boolean(),
    AllowSmsNotifications: z.boolean(),
  }),
  /** Months after a tournament before its purge; the privacy page states it (decision 046). */
  retentionMonths: z.number().int(),
  /** Days venue devices keep a tournament's personal rows after it (decision 046). */
  deviceKeepDays: z.number().int(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
export type FeatureFlag = keyof SiteSettings['flags'];

/** docs/product.md §3 and §5: Contact message. */
export const ContactMessageSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailField(),
  phone: optionalPhoneField(),
  message: requiredText(TEXT_LIMITS.message, { multiline: true }),
});
export type ContactMessage = z.input<typeof ContactMessageSchema>;

export const MessageSchema = z.object({ message: z.string() });

// Whole answers of the list reads, so a client parses them as the server documents them.
export const TournamentListSchema = z.array(TournamentSchema);
export const EventTypeListSchema = z.array(EventTypeSchema);

// ---- The endpoints (decision 035) ----

export const HealthSchema = z.object({ status: z.literal('ok') });

export const PUBLIC_API = {
  tournaments: endpoint({ method: 'get', path: PUBLIC_PATHS.tournaments, response: TournamentListSchema }),
  eventTypes: endpoint({ method: 'get', path: PUBLIC_PATHS.eventTypes, response: EventTypeListSchema }),
  settings: endpoint({ method: 'get', path: PUBLIC_PATHS.settings, response: SiteSettingsSchema }),
  contactUs: endpoint({
    method: 'put',
    path: PUBLIC_PATHS.contactUs,
    body: ContactMessageSchema,
    response: MessageSchema,
  }),
  health: endpoint({ method: 'get', path: PUBLIC_PATHS.health, response: HealthSchema }),
} as const;
