import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { devMailbox } from '../db/schema.ts';
import { logger } from './logger.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; cid?: string; contentType?: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

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
      async send(mail) {
        await transport.sendMail({ from: await opts.from(), ...mail });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(mail) {
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
      logger.info({ mailId: row?.id, links }, 'mail (no SMTP_URL): kept in the dev mailbox');
    },
    close: () => {},
  };
}
