import { z } from 'zod';
import { freeText, TEXT_LIMITS } from '../domain/text.ts';
import { isCalendarDay, TOURNAMENT_DATE_MESSAGES } from '../domain/tournament-dates.ts';
import { MAX_ID } from '../domain/validation.ts';
import { endpoint } from './endpoint.ts';

// A family's own data, and who looked at it (docs/decisions/045-data-export-and-access-log.md):
// "Download my data" from the customer area, and the access log of staff views a SuperAdmin reads.

export const DATA_ACCESS_PATHS = {
  /** GET: the signed-in account's data as one ZIP (JSON, and CSV for the tables). */
  myData: '/api/users/my-data',
  /** GET: the access log, newest first, filtered (SuperAdmin). */
  accessLog: '/api/admin/access-log',
} as const;

/**
 * What an access-log entry records: staff seeing a family's details on the desk, a CSV export
 * holding the family, viewing the site as the family, downloading one of its files, and the
 * family's own download of its data.
 */
export const ACCESS_KINDS = ['details', 'csv', 'impersonation', 'file', 'export'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const AccessEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601 (UTC). */
  at: z.string(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /** The account the data belongs to; null once that account is erased. */
  family: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  kind: z.enum(ACCESS_KINDS),
  registrationId: z.number().int().nullable(),
  detail: z.string(),
});
export type AccessEntry = z.infer<typeof AccessEntrySchema>;

const day = z.string().refine(isCalendarDay, TOURNAMENT_DATE_MESSAGES.notADay);

export const AccessLogQuerySchema = z.object({
  /** The staff member (their account id). */
  actorId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  /** The family: part of its name or e-mail. */
  family: freeText(TEXT_LIMITS.search).optional(),
  kind: z.enum(ACCESS_KINDS).optional(),
  /** From this day, to this day (both included), in the site's time zone: YYYY-MM-DD. */
  from: day.optional(),
  to: day.optional(),
  /** Entries older than this id (paging back). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type AccessLogQuery = z.input<typeof AccessLogQuerySchema>;

export const AccessLogSchema = z.object({
  entries: z.array(AccessEntrySchema),
  /** Everyone with an entry in the log, for the staff member filter. */
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AccessLog = z.infer<typeof AccessLogSchema>;

export const DATA_ACCESS_API = {
  myData: endpoint({ method: 'get', path: DATA_ACCESS_PATHS.myData, response: { file: 'application/zip' } }),
  accessLog: endpoint({
    method: 'get',
    path: DATA_ACCESS_PATHS.accessLog,
    query: AccessLogQuerySchema,
    response: AccessLogSchema,
  }),
} as const;
