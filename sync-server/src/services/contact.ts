import type { z } from 'zod';
import { fullName, MESSAGES, type ContactMessageSchema } from '@tournament/shared';
import type { Deps } from '../deps.ts';
import { assertWithinRateLimit } from '../lib/rate-limit.ts';
import { getSiteSettings } from './site-settings.ts';

export const CONTACT_LIMIT = { perAddress: 5, windowSeconds: 15 * 60 };

/** docs/product.md §5 "Contact": mails the message to the site address. */
export async function sendContactMessage(
  deps: Deps,
  msg: z.output<typeof ContactMessageSchema>,
  clientAddress: string,
): Promise<string> {
  await assertWithinRateLimit(
    deps.database.db,
    `contact:${clientAddress}`,
    CONTACT_LIMIT.perAddress,
    CONTACT_LIMIT.windowSeconds,
  );
  const site = await getSiteSettings(deps);
  const from = `${fullName(msg.firstName, msg.lastName)} <${msg.email}>`;
  await deps.mailer.send({
    to: site.siteEmail,
    replyTo: msg.email,
    subject: `${site.sitePrefix} contact form: ${fullName(msg.firstName, msg.lastName)}`,
    text: [
      `From: ${from}`,
      `Phone: ${msg.phone ?? 'not given'}`,
      '',
      msg.message,
    ].join('\n'),
  });
  return MESSAGES.contactSent;
}
