import { z } from 'zod';
import { endpoint } from './endpoint.ts';

// The System page (docs/decisions/041-metrics-and-system-page.md): how the server is doing, in
// words a SuperAdmin reads, and a test e-mail to the signed-in SuperAdmin. SuperAdmin only.

export const SYSTEM_PATHS = {
  report: '/api/admin/system',
  testEmail: '/api/admin/system/test-email',
} as const;

const Counts = z.object({ sent: z.number().int(), failed: z.number().int() });

/**
 * Sending is failing (DELIVERY_FAILING_IN_A_ROW refusals in a row in the last DELIVERY_RECENT_MS,
 * from the send pipeline's stored recipients, so a restart does not hide it); null when it is not.
 */
const Failing = z
  .object({
    failedInARow: z.number().int(),
    /** ISO 8601: the first refusal after the last message that went through. */
    since: z.string(),
  })
  .nullable();

export const SystemReportSchema = z.object({
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    answers: z.boolean(),
    sizeBytes: z.number().nullable(),
  }),
  mail: z.object({
    /** "smtp": real mail through SMTP_URL; "dev": kept in the dev mailbox. */
    transport: z.enum(['smtp', 'dev']),
    /** host:port of the SMTP server, never its user or password. */
    host: z.string().nullable(),
    /** Whether the SMTP server answered just now (null without SMTP). */
    works: z.boolean().nullable(),
    /** Why it did not: a code such as ECONNREFUSED or EAUTH, never a message. */
    problem: z.string().nullable(),
    counts: Counts,
    failing: Failing,
  }),
  sms: z.object({
    transport: z.enum(['twilio', 'dev']),
    /** The sending number or messaging service. */
    from: z.string().nullable(),
    counts: Counts,
    failing: Failing,
  }),
  jobs: z.object({
    /** false: the queue does not run in this process; null: it could not be read. */
    running: z.boolean().nullable(),
    queues: z.array(
      z.object({
        queue: z.string(),
        queued: z.number().int(),
        active: z.number().int(),
        failed: z.number().int(),
        oldestWaitingSeconds: z.number(),
        /** ISO 8601: when the oldest waiting job became due, once it waited over JOB_QUEUE_STUCK_SECONDS. */
        stuckSince: z.string().nullable(),
      }),
    ),
  }),
  backup: z.object({
    /** The newest backup in BACKUP_DIR (createdAt ISO 8601), null when there is none. */
    newest: z.object({ createdAt: z.string(), bytes: z.number().int().nonnegative() }).nullable(),
    /** None, or older than BACKUP_STALE_MS: the Backups page's rule (backupStale). */
    stale: z.boolean(),
  }),
  disk: z.object({
    path: z.string(),
    freeBytes: z.number().nullable(),
    totalBytes: z.number().nullable(),
    /** Below the upload floor (UPLOAD_MIN_FREE_DISK_MB), or under 10 % free. */
    low: z.boolean(),
  }),
  errors: z.array(
    z.object({
      level: z.enum(['warn', 'error', 'fatal']),
      time: z.string(),
      message: z.string(),
      code: z.string().nullable(),
      requestId: z.string().nullable(),
    }),
  ),
});
export type SystemReport = z.infer<typeof SystemReportSchema>;

export const TestEmailResultSchema = z.object({ sentTo: z.string() });

// ---- The endpoints (decision 035) ----

export const SYSTEM_API = {
  report: endpoint({ method: 'get', path: SYSTEM_PATHS.report, response: SystemReportSchema }),
  testEmail: endpoint({ method: 'post', path: SYSTEM_PATHS.testEmail, response: TestEmailResultSchema }),
} as const;
