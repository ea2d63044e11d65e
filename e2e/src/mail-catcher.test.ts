import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addressText, startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { freePort } from './stack.ts';

/** A bare SMTP client: each command waits for the server's final reply line. */
async function sendMail(port: number, to: string, subject: string, text: string): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  let waiting: ((line: string) => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\r\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (/^\d{3} /.test(line)) waiting?.(line);
  });
  const reply = () => new Promise<string>((resolve) => (waiting = resolve));
  const command = async (line: string, expected: string) => {
    const answer = reply();
    socket.write(`${line}\r\n`);
    expect(await answer).toMatch(new RegExp(`^${expected}`));
  };
  expect(await reply()).toMatch(/^220/);
  await command('EHLO test', '250');
  await command('MAIL FROM:<site@nomac.example>', '250');
  await command(`RCPT TO:<${to}>`, '250');
  await command('DATA', '354');
  await command(`To: ${to}\r\nSubject: ${subject}\r\n\r\n${text}\r\n.`, '250');
  await command('QUIT', '221');
  socket.end();
}

describe('the mail catcher', () => {
  let catcher: MailCatcher | undefined;
  afterEach(async () => {
    await catcher?.close();
    catcher = undefined;
  });

  it('hands a test the parsed message it was waiting for when it arrives', async () => {
    catcher = await startMailCatcher();
    const waiting = catcher.waitFor((m) => m.subject === 'Your receipt');
    await sendMail(catcher.port, 'other@example.com', 'Something else', 'not this one');
    await sendMail(catcher.port, 'parent@example.com', 'Your receipt', 'Thank you for registering.');
    const mail = await waiting;
    expect(addressText(mail.to)).toBe('parent@example.com');
    expect(mail.text?.trim()).toBe('Thank you for registering.');
    expect(catcher.messages.map((m) => m.subject)).toEqual(['Something else', 'Your receipt']);
  });

  it('finds a message that arrived before the test asked for it', async () => {
    catcher = await startMailCatcher();
    await sendMail(catcher.port, 'a@example.com', 'Verify your account', 'link');
    const mail = await catcher.waitFor((m) => addressText(m.to) === 'a@example.com');
    expect(mail.subject).toBe('Verify your account');
  });

  it('fails with the list of what did arrive when no message matches', async () => {
    catcher = await startMailCatcher();
    await sendMail(catcher.port, 'a@example.com', 'Welcome', 'hello');
    await expect(catcher.waitFor((m) => m.subject === 'Reset your password', 300)).rejects.toThrow(
      /Received 1:\n {2}to a@example.com: Welcome/,
    );
  });
});

describe('freePort', () => {
  it('gives a port a server can listen on', async () => {
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    expect((server.address() as net.AddressInfo).port).toBe(port);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
