import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { devMailbox } from '../db/schema.ts';
import { loggablePath, logger } from './logger.ts';
import { mailsFailed, mailsSent } from './metrics.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. `List-Unsubscribe` on communications (decision 024). */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; cid?: string; contentType?: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Real mail only: resolves when the SMTP server answers and accepts our login (the System page). */
  verify?(): Promise<void>;
  close(): void;
}

/** How long the System page waits for the SMTP server to answer. */
const VERIFY_TIMEOUT_MS = 5000;

/**
 * Real mail through SMTP_URL; without it each mail goes to the server log (with its
 * links, so a developer can follow them) and to the dev mailbox a SuperAdmin can read.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: () => Promise<string>;
  db: Db;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: counted('smtp', async (mail) => {
        await transport.sendMail({ from: await opts.from(), ...mail });
      }),
      verify: async () => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error('SMTP server did not answer'), { code: 'ETIMEDOUT' })),
            VERIFY_TIMEOUT_MS,
          );
        });
        try {
          await Promise.race([transport.verify(), late]);
        } finally {
          clearTimeout(timer);
        }
      },
      close: () => transport.close(),
    };
  }
  return {
    send: counted('dev', async (mail) => {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      const [row] = await opts.db
        .insert(devMailbox)
        .values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
        })
        .returning({ id: devMailbox.id });
      // The links only: recipient, subject and body may carry personal data (a contact
      // form's subject holds the sender's name); the dev mailbox keeps the whole mail.
      // An account link's secret is redacted too (decision 018; read it in the dev mailbox).
      logger.info(
        { mailId: row?.id, links: links.map(loggableLink) },
        'mail (no SMTP_URL): kept in the dev mailbox',
      );
    }),
    close: () => {},
  };
}

/** `send`, counted in mails_sent_total or mails_failed_total (lib/metrics.ts). */
function counted(transport: 'smtp' | 'dev', send: (mail: Mail) => Promise<void>): Mailer['send'] {
  return async (mail) => {
    try {
      await send(mail);
    } catch (err) {
      mailsFailed.inc({ transport });
      throw err;
    }
    mailsSent.inc({ transport });
  };
}

/** A mailed link as the log may show it: the secret of a verification or reset link redacted. */
export function loggableLink(link: string): string {
  try {
    const url = new URL(link);
    return `${url.origin}${loggablePath(url.pathname)}`;
  } catch {
    return '[unparsable link]';
  }
}

/**
 * Decision 018: a production server without SMTP_URL still starts (a venue may run it offline),
 * but every mail (verification, reset, receipts) only reaches the dev mailbox, which no
 * family can read. The line bootstrap logs at error level, or undefined when all is well.
 */
export function mailConfigWarning(config: {
  production?: boolean;
  smtpUrl: string | undefined;
}): string | undefined {
  if (!config.production || config.smtpUrl) return undefined;
  return 'NODE_ENV=production without SMTP_URL: NO MAIL LEAVES THIS SERVER. Verification links, password resets and receipts go only to the dev mailbox (GET /api/dev/mailbox, SuperAdmin). Set SMTP_URL.';
}
