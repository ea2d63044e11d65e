import { desc } from 'drizzle-orm';
import type { DevMail } from '@tournament/shared';
import { devMailbox } from '../db/schema.ts';
import type { Deps } from '../deps.ts';

/** How many of the newest kept mails the dev mailbox shows. */
export const DEV_MAILBOX_LIMIT = 100;

/** GET /api/dev/mailbox: the mails kept without SMTP_URL (lib/mailer.ts), newest first. */
export async function listDevMailbox(deps: Deps): Promise<DevMail[]> {
  const rows = await deps.database.db
    .select()
    .from(devMailbox)
    .orderBy(desc(devMailbox.id))
    .limit(DEV_MAILBOX_LIMIT);
  return rows.map((m) => ({
    id: m.id,
    to: m.toAddress,
    subject: m.subject,
    text: m.textBody,
    createdAt: m.createdAt.toISOString(),
  }));
}
