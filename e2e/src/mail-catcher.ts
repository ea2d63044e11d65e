import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type { ParsedMail };

export interface MailCatcher {
  port: number;
  /** Every message received so far, parsed, in arrival order. */
  messages: ParsedMail[];
  /** The first message (already received or still to come) that matches `pred`. */
  waitFor(pred: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (port picked by the OS) that keeps every message it
 * receives. The server under test talks to it through `SMTP_URL`, so mail goes through
 * nodemailer exactly as in production.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: ParsedMail[] = [];
  const listeners = new Set<(m: ParsedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: without this, nodemailer would upgrade to TLS and refuse
    // the server's self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const listener of listeners) listener(mail);
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  function waitFor(pred: (m: ParsedMail) => boolean, timeoutMs = 10_000): Promise<ParsedMail> {
    const found = messages.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const listener = (m: ParsedMail) => {
        if (!pred(m)) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(m);
      };
      const timer = setTimeout(() => {
        listeners.delete(listener);
        const seen = messages.map((m) => `  to ${addressText(m.to)}: ${m.subject ?? '(no subject)'}`);
        reject(
          new Error(
            `No matching mail within ${timeoutMs} ms. Received ${messages.length}:\n${seen.join('\n') || '  (none)'}`,
          ),
        );
      }, timeoutMs);
      listeners.add(listener);
    });
  }

  return {
    port,
    messages,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The addresses of a parsed To/Cc field as one line ("a@x, b@y"). */
export function addressText(field: ParsedMail['to']): string {
  if (!field) return '';
  const list = Array.isArray(field) ? field : [field];
  return list.map((a) => a.text).join(', ');
}
