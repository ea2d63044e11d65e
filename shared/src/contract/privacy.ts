import { z } from 'zod';
import { RetentionSettingsSchema, StaffErasureRequestSchema } from '../domain/erasure.ts';
import { endpoint } from './endpoint.ts';
import type { PathParam } from './paths.ts';
import { MessageSchema } from './public.ts';
import { IdParam } from './registration.ts';

// Erasure requests and the retention preview for super admins (docs/decisions/046-erasure-and-retention.md).

export const PRIVACY_PATHS = {
  /** POST: carry out a deletion request received by mail or in person (audited with the reason). */
  eraseAccount: (userId: PathParam) => `/api/admin/accounts/${userId}/erase`,
  /** GET: the dry run of the next purges and of the idle accounts, and when each is due; PUT: the two periods. */
  retention: '/api/admin/retention',
} as const;

export const PURGE_COUNT_KINDS = [
  'birthDates',
  'weights',
  'emergencyContacts',
  'files',
  'messageBodies',
  'messageTexts',
  'contactPhones',
  'accountPhones',
] as const;
export type PurgeCountKind = (typeof PURGE_COUNT_KINDS)[number];

export const RetentionPreviewSchema = z.object({
  /** The site settings: months after a tournament, and days venue devices keep its personal rows. */
  retentionMonths: z.number().int(),
  deviceKeepDays: z.number().int(),
  tournaments: z.array(
    z.object({
      tournamentId: z.number().int(),
      tournamentDate: z.string(),
      city: z.string(),
      /** YYYY-MM-DD: the night the purge runs on or after. */
      dueOn: z.string(),
      /** ISO 8601 when it finished; null while still to come. */
      purgedAt: z.string().nullable(),
      /** How many rows of each kind it would erase if it ran now (the dry run). */
      counts: z.record(z.enum(PURGE_COUNT_KINDS), z.number().int()),
    }),
  ),
  /** Accounts idle for three years: to be mailed now, and mailed 30 days ago (to be deleted). */
  inactive: z.object({ toNotice: z.number().int(), toErase: z.number().int() }),
  /** Payment records older than six years (by payment date), deleted tonight with their receipts. */
  payments: z.object({
    /** YYYY-MM-DD: records dated before this day go. */
    keptFrom: z.string(),
    payments: z.number().int(),
    receipts: z.number().int(),
  }),
});
export type RetentionPreview = z.infer<typeof RetentionPreviewSchema>;

export const PRIVACY_API = {
  eraseAccount: endpoint({
    method: 'post',
    path: PRIVACY_PATHS.eraseAccount('{userId}'),
    params: z.object({ userId: IdParam }),
    body: StaffErasureRequestSchema,
    response: MessageSchema,
  }),
  retention: endpoint({ method: 'get', path: PRIVACY_PATHS.retention, response: RetentionPreviewSchema }),
  saveRetention: endpoint({
    method: 'put',
    path: PRIVACY_PATHS.retention,
    body: RetentionSettingsSchema,
    response: RetentionSettingsSchema,
  }),
} as const;
