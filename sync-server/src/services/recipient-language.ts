import { eq, sql } from 'drizzle-orm';
import type { Locale } from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { registrations, users } from '../db/schema.ts';

// The language a message to a person goes out in (docs/decisions/037-english-and-french.md):
// that of the account it belongs to. A contact of a registration reads the registration's
// account's language; an address of its own is the account with that e-mail; anyone else reads
// English.

export async function recipientLanguage(
  db: Db | Tx,
  recipient: { registrationId?: number | null; address?: string },
): Promise<Locale> {
  if (recipient.registrationId != null) {
    const [row] = await db
      .select({ language: users.language })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.ownerUserId))
      .where(eq(registrations.id, recipient.registrationId))
      .limit(1);
    if (row) return row.language;
  }
  if (recipient.address?.includes('@')) {
    const [row] = await db
      .select({ language: users.language })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${recipient.address})`)
      .limit(1);
    if (row) return row.language;
  }
  return 'en';
}
