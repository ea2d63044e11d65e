import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@tournament/shared';
import { CONTACT_LIMIT } from '../services/contact.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { until } from '../testing/until.ts';
import { english } from '../testing/english.ts';

// PUT /api/email/contactUs: docs/product.md §5 rules and messages, the mail it sends,
// the per-address rate limit.

const valid = {
  firstName: 'Kim',
  lastName: 'Lavoie',
  email: 'kim@example.com',
  phone: '7055550123',
  message: 'When does sparring start?',
};

describe('PUT /api/email/contactUs rules and messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the thank-you message and mails the site address with the sender as reply-to', async () => {
    const res = await t.call('PUT', '/api/email/contactUs', { ...valid, firstName: '  Kim  ' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Thank you! Your message has been sent to our team.' });
    const mail = t.sent.at(-1);
    expect(mail?.to).toBe('info@nomac.example');
    expect(mail?.replyTo).toBe('kim@example.com');
    expect(mail?.subject).toBe('NOMAC contact form: Kim Lavoie');
    expect(mail?.text).toContain('When does sparring start?');
    expect(mail?.text).toContain('7055550123');
  });

  it.each([
    ['firstName', { firstName: '  ' }, english(MESSAGES.required)],
    ['lastName', { lastName: '' }, english(MESSAGES.required)],
    ['email', { email: undefined }, english(MESSAGES.required)],
    ['email', { email: 'kim@' }, 'Value is not a valid email address'],
    ['message', { message: '\n\t ' }, english(MESSAGES.required)],
    ['phone', { phone: '705555012' }, 'Please enter a valid 10 digit phone number'],
    ['phone', { phone: '705-555-01234' }, 'Please enter a valid 10 digit phone number'],
  ])('refuses a bad %s with its message (%j) and sends nothing', async (field, change, message) => {
    const before = t.sent.length;
    const res = await t.call('PUT', '/api/email/contactUs', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors: { [field]: message } });
    expect(t.sent.length).toBe(before);
  });

  it('accepts a message without a phone', async () => {
    const res = await t.call('PUT', '/api/email/contactUs', { ...valid, phone: '' });
    expect(res.status).toBe(200);
    expect(t.sent.at(-1)?.text).toContain('Phone: not given');
  });
});

describe('contact rate limit', () => {
  it(`answers 429 {message} to the message after the ${CONTACT_LIMIT.perAddress}th from one address in the window`, async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < CONTACT_LIMIT.perAddress; i++) {
        expect((await t.call('PUT', '/api/email/contactUs', valid)).status).toBe(200);
      }
      const res = await t.call('PUT', '/api/email/contactUs', valid);
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ message: expect.any(String) });
      expect(t.sent.length).toBe(CONTACT_LIMIT.perAddress);
    } finally {
      await t.close();
    }
  });
});

describe('mail through a real SMTP server (SMTP_URL)', () => {
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers the contact message to the site address, parsed as sent', async () => {
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const res = await t.call('PUT', '/api/email/contactUs', valid);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: english(MESSAGES.contactSent) });
      expect(received).toHaveLength(1);
      const [{ envelopeTo, mail }] = received as [(typeof received)[number]];
      expect(envelopeTo).toEqual(['info@nomac.example']);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([
        'info@nomac.example',
      ]);
      expect(mail.from?.value[0]?.address).toBe('info@nomac.example');
      expect(mail.replyTo?.value[0]?.address).toBe('kim@example.com');
      expect(mail.subject).toBe('NOMAC contact form: Kim Lavoie');
      expect(mail.text).toContain('From: Kim Lavoie <kim@example.com>');
      expect(mail.text).toContain('Phone: 7055550123');
      expect(mail.text).toContain('When does sparring start?');
    } finally {
      t.deps.mailer.close();
      await t.close();
    }
  });

  it("delivers a French account's verification e-mail in French, accents and spacing intact", async () => {
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const res = await t.call(
        'POST',
        '/api/users/register',
        {
          firstName: 'Élodie',
          lastName: 'Gagnon',
          email: 'elodie@example.com',
          password: 'analytical engine',
          confirmPassword: 'analytical engine',
          addressLine1: '1 rue Principale',
          city: 'Sudbury',
          province: 'ON',
          postalCode: 'P3A 1A1',
          phoneNumber: '7055551234',
        },
        undefined,
        { 'Accept-Language': 'fr-CA,fr;q=0.9,en;q=0.8' },
      );
      expect(res.status).toBe(200);
      const delivered = () => received.find((r) => r.envelopeTo.includes('elodie@example.com'));
      await until(() => delivered() !== undefined, 'the verification e-mail');
      const { mail } = delivered()!;
      expect(mail.subject).toMatch(/ veuillez confirmer votre adresse courriel$/);
      expect(mail.text).toMatch(
        /^Bonjour Élodie,\n\nMerci d’avoir créé un compte sur le site .+\. Veuillez suivre ce lien dans les 24 heures pour confirmer votre adresse courriel\u00a0:\n\nhttp:\/\/localhost:3000\/user\/verification\/[\w-]+\n?$/,
      );
    } finally {
      t.deps.mailer.close();
      await t.close();
    }
  });
});
