import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitorInput } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

// Stripe Checkout through the real `stripe` SDK against a local stand-in for the one
// endpoint it calls, and webhooks signed with the SDK's own test-header helper.

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';

interface StandIn {
  url: string;
  requests: { path: string; auth: string | undefined; form: URLSearchParams }[];
  close(): Promise<void>;
}

/** Answers POST /v1/checkout/sessions the way Stripe does (the fields the server reads). */
async function startStripeStandIn(): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({ path: req.url ?? '', auth: req.headers.authorization, form });
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
        );
        return;
      }
      n += 1;
      let total = 0;
      for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
        total +=
          Number(form.get(`line_items[${i}][quantity]`)) *
          Number(form.get(`line_items[${i}][price_data][unit_amount]`));
      }
      const id = `cs_test_${n}`;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': `req_${n}` });
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: 'payment',
          amount_total: total,
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          metadata: { registrationId: form.get('metadata[registrationId]') },
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.get('success_url'),
          url: `https://checkout.stripe.test/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let stand: StandIn;
let forms: number;
let levelId: number;
let tournamentId: number;
const signer = new Stripe('sk_test_signer_only');

/** A Lee child in Forms; no weight or school given (stored as null and ''). */
const competitor = (registrationId: number, firstName: string) =>
  competitorInput(
    registrationId,
    { competitorLevelId: levelId, eventIds: [forms] },
    { firstName, dateOfBirth: '2015-01-02', gender: 1, school: '' },
  );

function paidEvent(sessionId: string, registrationId: number, amountCents: number) {
  return JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        amount_total: amountCents,
        client_reference_id: String(registrationId),
        metadata: { registrationId: String(registrationId) },
        payment_intent: `pi_${sessionId}`,
        payment_status: 'paid',
        status: 'complete',
      },
    },
  });
}

function postWebhook(payload: string, secret = WEBHOOK_SECRET) {
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.call('POST', '/api/registration/stripe-webhook', payload, undefined, {
    'stripe-signature': header,
  });
}

beforeAll(async () => {
  stand = await startStripeStandIn();
  t = await createTestApp({
    now: '2026-11-22T12:00:00Z',
    config: { stripe: { secretKey: 'sk_test_stand_in', webhookSecret: WEBHOOK_SECRET, apiBase: stand.url } },
  });
  tournamentId = (await t.call('GET', '/api/tournaments')).json[0].id;
  const c = await t.createUser('Customer');
  const options = (await t.call('GET', `/api/registration/options/${tournamentId}`, undefined, c.token)).json;
  forms = options.events[0].id;
  levelId = options.competitorLevels[0].id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await stand.close();
});

async function registrationWithTwoChildrenAndTwoSpectators() {
  const c = await t.createUser('Customer', {
    email: `payer${Math.random().toString(36).slice(2)}@example.com`,
  });
  const id = (await t.call('POST', `/api/registration/create/${tournamentId}`, undefined, c.token)).json
    .registrationId as number;
  await t.call('POST', '/api/registration/competitor', competitor(id, 'Ava'), c.token);
  await t.call('POST', '/api/registration/competitor', competitor(id, 'Noah'), c.token);
  await t.call('POST', `/api/registration/spectator/${id}`, undefined, c.token);
  await t.call('POST', `/api/registration/spectator/${id}`, undefined, c.token);
  return { c, id };
}

describe('Stripe Checkout', () => {
  it('creates a session for the server-computed amount, one line per item, and leaves the registration open', async () => {
    const { c, id } = await registrationWithTwoChildrenAndTwoSpectators();
    const res = await t.call('POST', `/api/registration/checkout/${id}`, undefined, c.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      mode: 'stripe',
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
    });
    const req = stand.requests.at(-1);
    expect(req?.auth).toBe('Bearer sk_test_stand_in');
    const lines = [0, 1, 2].map((i) => ({
      name: req?.form.get(`line_items[${i}][price_data][product_data][name]`),
      quantity: req?.form.get(`line_items[${i}][quantity]`),
      unitAmount: req?.form.get(`line_items[${i}][price_data][unit_amount]`),
      currency: req?.form.get(`line_items[${i}][price_data][currency]`),
    }));
    expect(lines).toEqual([
      { name: 'Competitor registration: Ava Lee', quantity: '1', unitAmount: '4500', currency: 'cad' },
      { name: 'Competitor registration: Noah Lee', quantity: '1', unitAmount: '4500', currency: 'cad' },
      { name: 'Spectator pass', quantity: '2', unitAmount: '1000', currency: 'cad' },
    ]);
    expect(req?.form.has('line_items[3][quantity]')).toBe(false);
    expect(req?.form.get('metadata[registrationId]')).toBe(String(id));
    expect(req?.form.get('success_url')).toBe(
      `http://localhost:3000/customer/registration/${id}/confirmation?paid=1`,
    );
    const reg = (await t.call('GET', `/api/registration/${id}`, undefined, c.token)).json;
    expect(reg.isCompleted).toBe(false);
  });

  it('the signed webhook completes the registration and makes one receipt; a replay makes none', async () => {
    const { c, id } = await registrationWithTwoChildrenAndTwoSpectators();
    await t.call('POST', `/api/registration/checkout/${id}`, undefined, c.token);
    const sessionId = `cs_test_replay_${id}`;
    const mailsBefore = t.sent.length;
    const payload = paidEvent(sessionId, id, 11_000);
    const first = await postWebhook(payload);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ received: true, recorded: true });
    const reg = (await t.call('GET', `/api/registration/${id}`, undefined, c.token)).json;
    expect(reg).toMatchObject({ isCompleted: true, cost: 110, amountPaid: 110, balanceOwing: 0 });
    expect(reg.receipt).toMatchObject({
      paymentAmount: 110,
      total: 110,
      balanceOwing: 0,
      title: 'Registration confirmed: paid online',
    });
    expect(t.sent.length).toBe(mailsBefore + 1);
    expect(t.sent.at(-1)?.to).toBe(c.user.email);

    const replay = await postWebhook(payload);
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual({ received: true, recorded: false });
    const again = (await t.call('GET', `/api/registration/${id}`, undefined, c.token)).json;
    expect(again.receipt.receiptId).toBe(reg.receipt.receiptId);
    expect(again.amountPaid).toBe(110);
    expect(t.sent.length).toBe(mailsBefore + 1);
  });

  it('two deliveries of the same event at once still record one payment and one receipt', async () => {
    const { c, id } = await registrationWithTwoChildrenAndTwoSpectators();
    const payload = paidEvent(`cs_test_race_${id}`, id, 11_000);
    const results = await Promise.all([postWebhook(payload), postWebhook(payload)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.json.recorded).sort()).toEqual([false, true]);
    const reg = (await t.call('GET', `/api/registration/${id}`, undefined, c.token)).json;
    expect(reg.amountPaid).toBe(110);
  });

  it('refuses a webhook whose signature does not verify, changing nothing', async () => {
    const { c, id } = await registrationWithTwoChildrenAndTwoSpectators();
    const payload = paidEvent(`cs_test_forged_${id}`, id, 11_000);
    const forged = await postWebhook(payload, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(forged.json.message).toBe('The webhook signature could not be verified.');
    const unsigned = await t.call('POST', '/api/registration/stripe-webhook', payload);
    expect(unsigned.status).toBe(400);
    const reg = (await t.call('GET', `/api/registration/${id}`, undefined, c.token)).json;
    expect(reg.isCompleted).toBe(false);
  });

  it('ignores events that are not a paid checkout', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const res = await postWebhook(payload);
    expect(res.json).toEqual({ received: true, recorded: false });
  });
});

describe('the family chooses how to pay (decision 027)', () => {
  it('the options say card payment is offered', async () => {
    const c = await t.createUser('Customer', { email: 'chooser@example.com' });
    const options = (await t.call('GET', `/api/registration/options/${tournamentId}`, undefined, c.token))
      .json;
    expect(options.cardPayments).toBe(true);
  });

  it('"pay at the door" completes now with the whole online total owing, and opens no Checkout Session', async () => {
    const { c, id } = await registrationWithTwoChildrenAndTwoSpectators();
    const sessionsBefore = stand.requests.length;
    const res = await t.call('POST', `/api/registration/checkout/${id}?payment=door`, undefined, c.token);
    expect(res.status).toBe(200);
    expect(res.json.mode).toBe('door');
    // 2 x online price 45 + 2 x spectator 10: paying at the door does not make it the door price.
    expect(res.json.registration.balanceOwing).toBe(110);
    expect(stand.requests.length).toBe(sessionsBefore);
  });

  it('"pay now by card" opens a Checkout Session; an unknown choice is refused and changes nothing', async () => {
    const { c, id } = await registrationWithTwoChildrenAndTwoSpectators();
    const bad = await t.call('POST', `/api/registration/checkout/${id}?payment=cash`, undefined, c.token);
    expect(bad.status).toBe(400);
    const card = await t.call('POST', `/api/registration/checkout/${id}?payment=card`, undefined, c.token);
    expect(card.json.mode).toBe('stripe');
    const reg = (await t.call('GET', `/api/registration/${id}`, undefined, c.token)).json;
    expect(reg.isCompleted).toBe(false);
  });
});

describe('without Stripe configured', () => {
  it('card payment is not offered; choosing it is refused and leaves the registration open', async () => {
    const plain = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    try {
      const tid = (await plain.call('GET', '/api/tournaments')).json[0].id;
      const c = await plain.createUser('Customer');
      const options = (await plain.call('GET', `/api/registration/options/${tid}`, undefined, c.token)).json;
      expect(options.cardPayments).toBe(false);
      const id = (await plain.call('POST', `/api/registration/create/${tid}`, undefined, c.token)).json
        .registrationId;
      await plain.call('POST', `/api/registration/spectator/${id}`, undefined, c.token);
      const res = await plain.call(
        'POST',
        `/api/registration/checkout/${id}?payment=card`,
        undefined,
        c.token,
      );
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(
        'Paying by card is not available right now. Please choose to pay at the door.',
      );
      const reg = (await plain.call('GET', `/api/registration/${id}`, undefined, c.token)).json;
      expect(reg.isCompleted).toBe(false);
    } finally {
      await plain.close();
    }
  }, 60_000);

  it('the webhook route answers 404', async () => {
    const plain = await createTestApp({ now: '2026-11-22T12:00:00Z' });
    try {
      const payload = paidEvent('cs_x', 1, 100);
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await plain.call('POST', '/api/registration/stripe-webhook', payload, undefined, {
        'stripe-signature': header,
      });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  }, 60_000);
});
