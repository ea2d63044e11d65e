import { z } from 'zod';
import { endpoint } from './endpoint.ts';

// The dev mailbox (docs/design.md §3): without SMTP_URL, mails are kept in the database and
// a SuperAdmin reads them here.

export const DEV_PATHS = {
  mailbox: '/api/dev/mailbox',
} as const;

/** One kept mail, newest first in the list. */
export const DevMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof DevMailSchema>;
export const DevMailListSchema = z.array(DevMailSchema);

// ---- The endpoints (decision 035) ----

export const DEV_API = {
  mailbox: endpoint({ method: 'get', path: DEV_PATHS.mailbox, response: DevMailListSchema }),
} as const;
