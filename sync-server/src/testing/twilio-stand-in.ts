import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Twilio's Messages API at its HTTP boundary (decision 024): the server under
// test uses the real `twilio` SDK with TWILIO_API_BASE pointing here. It checks the account's
// basic auth, keeps every SMS it accepts, and answers as Twilio does (201 and the message
// resource; 400 with Twilio's error body for a number told to refuse).

export interface StandInSms {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface TwilioStandIn {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  received: StandInSms[];
  /** Numbers the stand-in refuses, as Twilio refuses one that replied STOP (error 21610). */
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${crypto.randomBytes(16).toString('hex')}`;
  const authToken = crypto.randomBytes(16).toString('hex');
  const from = '+17055550000';
  const received: StandInSms[] = [];
  const refuse = new Set<string>();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: object) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== expectedAuth) {
        reply(401, { code: 20003, message: 'Authenticate', status: 401 });
        return;
      }
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      if (refuse.has(to)) {
        reply(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 });
        return;
      }
      const sms: StandInSms = {
        sid: `SM${crypto.randomBytes(16).toString('hex')}`,
        to,
        from: form.get('From') ?? form.get('MessagingServiceSid') ?? '',
        body: form.get('Body') ?? '',
      };
      received.push(sms);
      const now = new Date().toUTCString();
      reply(201, {
        sid: sms.sid,
        account_sid: accountSid,
        to: sms.to,
        from: sms.from,
        body: sms.body,
        status: 'queued',
        num_segments: '1',
        num_media: '0',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        price: null,
        price_unit: 'USD',
        date_created: now,
        date_updated: now,
        date_sent: null,
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sms.sid}.json`,
        subresource_uris: {},
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    received,
    refuse,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
