import { MessageSchema } from './public.ts';
import { z } from 'zod';
import type { MergeField } from '../domain/communications.ts';
import { MESSAGES } from '../domain/messages.ts';
import { freeText, TEXT_MESSAGES } from '../domain/text.ts';
import { msg } from '../i18n/message-ref.ts';
import { endpoint } from './endpoint.ts';
import type { PathParam } from './paths.ts';

// Communications (docs/decisions/024-jobs-and-communications.md): directors compose an
// e-mail (and an SMS while AllowSmsNotifications is on) to an audience of a tournament's
// registrations; the send runs in the background and each recipient has a status.

export const COMMUNICATION_PATHS = {
  /** What the compose page needs: divisions, the SMS flag and cost settings, templates. */
  options: (tournamentId: PathParam) => `/api/admin/communications/options/${tournamentId}`,
  /** The audience picker (`/admin/communications/registrations`): every registration. */
  registrations: (tournamentId: PathParam) => `/api/admin/communications/registrations/${tournamentId}`,
  /** One recipient's merged message and the recipient counts, before sending. */
  preview: '/api/admin/communications/preview',
  send: '/api/admin/communications/send',
  /** The composed message, as its first recipient would get it, mailed to the director alone. */
  test: '/api/admin/communications/test',
  /** Send history of a tournament, newest first. */
  history: (tournamentId: PathParam) => `/api/admin/communications/history/${tournamentId}`,
  /** One message with each recipient's status (the progress). */
  message: (messageId: PathParam) => `/api/admin/communications/messages/${messageId}`,
  templates: '/api/admin/communications/templates',
  template: (templateId: PathParam) => `/api/admin/communications/templates/${templateId}`,
  /** The tournament's SMS cost cap and price per segment. */
  settings: (tournamentId: PathParam) => `/api/admin/communications/settings/${tournamentId}`,
  /** The e-mailed unsubscribe link (no sign-in: a signed token); POST is the one-click form. */
  unsubscribe: '/api/communications/unsubscribe',
  /** Twilio's incoming-message webhook: STOP replies (signature verified). */
  smsWebhook: '/api/communications/sms-webhook',
  /** Without Twilio configured, SMS are kept here (SuperAdmin). */
  devSmsOutbox: '/api/dev/sms-outbox',
} as const;

const Id = z.coerce.number().int().positive().max(2_147_483_647);
/** An id inside a JSON body: a number, not coerced. */
const BodyId = z.number().int().positive().max(2_147_483_647);
export const CommunicationTournamentParamSchema = z.object({ tournamentId: Id });
export const MessageIdParamSchema = z.object({ messageId: Id });
export const TemplateIdParamSchema = z.object({ templateId: Id });

export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  firstName: msg('server.communications.mergeField.firstName'),
  competitors: msg('server.communications.mergeField.competitors'),
  divisions: msg('server.communications.mergeField.divisions'),
  ring: msg('server.communications.mergeField.ring'),
  estimatedTime: msg('server.communications.mergeField.estimatedTime'),
};

export const AUDIENCE_KINDS = [
  'all',
  'incomplete',
  'division',
  'checked-in',
  'not-checked-in',
  'selected',
] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
export const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  all: msg('server.communications.audience.all'),
  incomplete: msg('server.communications.audience.incomplete'),
  division: msg('server.communications.audience.division'),
  'checked-in': msg('server.communications.audience.checkedIn'),
  'not-checked-in': msg('server.communications.audience.notCheckedIn'),
  selected: msg('server.communications.audience.selected'),
};

/** What a sent message's history says it went to: "A division's families: Girls 10-11". */
export const AUDIENCE_OF = {
  division: (division: string) => msg('server.communications.audience.divisionNamed', { division }),
  selected: (count: number) => msg('server.communications.audience.selectedCount', { count }),
};

export const AudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['all', 'incomplete', 'checked-in', 'not-checked-in']) }),
  z.object({ kind: z.literal('division'), divisionId: BodyId }),
  z.object({
    kind: z.literal('selected'),
    registrationIds: z.array(BodyId).min(1, msg('server.communications.selectRegistrations')).max(2000),
  }),
]);
export type Audience = z.infer<typeof AudienceSchema>;

/** A subject is one line; a body (e-mail or SMS) keeps its line breaks. */
const Text = (max: number, multiline = true) =>
  freeText(max, { multiline, tooLong: TEXT_MESSAGES.atMost(max) });

export const ComposeSchema = z
  .object({
    tournamentId: BodyId,
    audience: AudienceSchema,
    email: z.boolean(),
    sms: z.boolean(),
    subject: Text(200, false),
    body: Text(10_000),
    smsBody: Text(600),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.sms)
      ctx.addIssue({ code: 'custom', path: ['email'], message: msg('server.communications.channels') });
    if (v.email && !v.subject.trim())
      ctx.addIssue({ code: 'custom', path: ['subject'], message: MESSAGES.required });
    if (v.email && !v.body.trim())
      ctx.addIssue({ code: 'custom', path: ['body'], message: MESSAGES.required });
    if (v.sms && !v.smsBody.trim())
      ctx.addIssue({ code: 'custom', path: ['smsBody'], message: MESSAGES.required });
  });
export type Compose = z.input<typeof ComposeSchema>;

export const PreviewSchema = z.object({
  /** Recipients each channel would reach (addresses, after unsubscribes and SMS consent). */
  emailRecipients: z.number().int(),
  smsRecipients: z.number().int(),
  /** The first recipient's merged message, or null when the audience is empty. */
  sample: z
    .object({
      name: z.string(),
      address: z.string(),
      subject: z.string(),
      body: z.string(),
      smsBody: z.string(),
    })
    .nullable(),
});
export type Preview = z.infer<typeof PreviewSchema>;

export const SendResultSchema = z.object({ messageIds: z.array(z.number().int()) });
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unsubscribed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const StatusCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

export const MessageSummarySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string(),
  body: z.string(),
  audienceLabel: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  counts: StatusCountsSchema,
  /** Set when the SMS cost cap stopped the sending. */
  capReachedAt: z.string().nullable(),
  /**
   * An automatic notices' run (one row for "Up soon, Ring 2, 3 families"): its messages, one per
   * family and channel, with each recipient's status; the row's counts are theirs summed.
   */
  run: z
    .object({
      channels: z.array(z.enum(['email', 'sms'])),
      recipients: z.array(
        z.object({
          messageId: z.number().int(),
          channel: z.enum(['email', 'sms']),
          name: z.string(),
          address: z.string(),
          status: z.enum(RECIPIENT_STATUSES),
          failureReason: z.string().nullable(),
        }),
      ),
    })
    .optional(),
});
export type MessageSummary = z.infer<typeof MessageSummarySchema>;

export const MessageDetailSchema = MessageSummarySchema.extend({
  recipients: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      address: z.string(),
      status: z.enum(RECIPIENT_STATUSES),
      failureReason: z.string().nullable(),
    }),
  ),
});
export type MessageDetail = z.infer<typeof MessageDetailSchema>;

/** Done: nothing left queued or being sent. */
export function isFinished(counts: StatusCounts): boolean {
  return counts.queued === 0 && counts.sending === 0;
}

/** The progress bar's percentage: recipients no longer waiting, of all. */
export function progressPercent(counts: StatusCounts): number {
  if (counts.total === 0) return 100;
  return Math.floor(((counts.total - counts.queued - counts.sending) / counts.total) * 100);
}

export const TemplateInputSchema = z.object({
  name: Text(100, false).min(1, MESSAGES.required),
  subject: Text(200, false),
  body: Text(10_000),
  smsBody: Text(600),
});
export type TemplateInput = z.input<typeof TemplateInputSchema>;
export const TemplateSchema = TemplateInputSchema.extend({ id: z.number().int() });
export type Template = z.infer<typeof TemplateSchema>;

export const CommunicationSettingsInputSchema = z.object({
  /** Null: no cap. Cents. */
  smsCostCapCents: z.number().int().min(0).max(100_000_000).nullable(),
  smsSegmentCostCents: z.number().int().min(0).max(1000),
});
export type CommunicationSettingsInput = z.input<typeof CommunicationSettingsInputSchema>;
export const CommunicationSettingsSchema = CommunicationSettingsInputSchema.extend({
  smsSpentCents: z.number().int(),
});
export type CommunicationSettings = z.infer<typeof CommunicationSettingsSchema>;

export const CommunicationOptionsSchema = z.object({
  smsEnabled: z.boolean(),
  divisions: z.array(z.object({ id: z.number().int(), title: z.string() })),
  settings: CommunicationSettingsSchema,
  templates: z.array(TemplateSchema),
});
export type CommunicationOptions = z.infer<typeof CommunicationOptionsSchema>;

export const AudienceRegistrationSchema = z.object({
  registrationId: z.number().int(),
  ownerName: z.string(),
  email: z.string(),
  isCompleted: z.boolean(),
  competitors: z.array(z.string()),
  /** Competitors checked in, of all. */
  checkedIn: z.number().int(),
  /** Contacts who agreed to SMS. */
  smsContacts: z.number().int(),
});
export type AudienceRegistration = z.infer<typeof AudienceRegistrationSchema>;

export const DevSmsSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type DevSms = z.infer<typeof DevSmsSchema>;

export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(2000) });

export const AudienceRegistrationListSchema = z.array(AudienceRegistrationSchema);
export const MessageSummaryListSchema = z.array(MessageSummarySchema);
export const TemplateListSchema = z.array(TemplateSchema);
export const DevSmsListSchema = z.array(DevSmsSchema);

// ---- The endpoints (decision 035) ----
// The unsubscribe link's GET and POST answer HTML pages, their refusal too: they stay raw routes
// on the server (no web call, and a refusal that is a page, not the JSON error).

const P = COMMUNICATION_PATHS;
const byTournament = { params: CommunicationTournamentParamSchema } as const;
const byTemplate = { params: TemplateIdParamSchema } as const;

export const COMMUNICATION_API = {
  options: endpoint({
    method: 'get',
    path: P.options('{tournamentId}'),
    ...byTournament,
    response: CommunicationOptionsSchema,
  }),
  registrations: endpoint({
    method: 'get',
    path: P.registrations('{tournamentId}'),
    ...byTournament,
    response: AudienceRegistrationListSchema,
  }),
  preview: endpoint({ method: 'post', path: P.preview, body: ComposeSchema, response: PreviewSchema }),
  test: endpoint({ method: 'post', path: P.test, body: ComposeSchema, response: MessageSchema }),
  send: endpoint({
    method: 'post',
    path: P.send,
    body: ComposeSchema,
    response: SendResultSchema,
    status: 202,
  }),
  history: endpoint({
    method: 'get',
    path: P.history('{tournamentId}'),
    ...byTournament,
    response: MessageSummaryListSchema,
  }),
  message: endpoint({
    method: 'get',
    path: P.message('{messageId}'),
    params: MessageIdParamSchema,
    response: MessageDetailSchema,
  }),
  templates: endpoint({ method: 'get', path: P.templates, response: TemplateListSchema }),
  createTemplate: endpoint({
    method: 'post',
    path: P.templates,
    body: TemplateInputSchema,
    response: TemplateSchema,
    status: 201,
  }),
  updateTemplate: endpoint({
    method: 'put',
    path: P.template('{templateId}'),
    ...byTemplate,
    body: TemplateInputSchema,
    response: TemplateSchema,
  }),
  deleteTemplate: endpoint({
    method: 'delete',
    path: P.template('{templateId}'),
    ...byTemplate,
    response: z.undefined(),
    status: 204,
  }),
  settings: endpoint({
    method: 'put',
    path: P.settings('{tournamentId}'),
    ...byTournament,
    body: CommunicationSettingsInputSchema,
    response: CommunicationSettingsSchema,
  }),
  /** Twilio's webhook: the handler reads its form body and checks Twilio's signature. */
  smsWebhook: endpoint({ method: 'post', path: P.smsWebhook, response: { file: 'text/xml' } }),
  devSmsOutbox: endpoint({ method: 'get', path: P.devSmsOutbox, response: DevSmsListSchema }),
} as const;
