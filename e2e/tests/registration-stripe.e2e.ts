import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressText, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// Paying online (decision 009): the server's real Stripe SDK talks to a local stand-in for
// api.stripe.com; the stand-in's "checkout page" is where the browser lands; the test then
// delivers the signed checkout.session.completed webhook (twice: a replay) and the family
// returns to the confirmation page, which waits for the receipt.
const WEBHOOK_SECRET = 'whsec_e2e_stand_in';
const parent = {
  email: 'online@example.com',
  password: 'online-pass-2026',
  role: 'Customer' as const,
  first: 'Olive',
};

interface StandIn {
  url: string;
  sessions: Map<string, URLSearchParams>;
  close(): Promise<void>;
}

async function startStripeStandIn(): Promise<StandIn> {
  const sessions = new Map<string, URLSearchParams>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const id = `cs_test_e2e_${sessions.size + 1}`;
        sessions.set(id, form);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'unpaid',
            status: 'open',
            metadata: { registrationId: form.get('metadata[registrationId]') },
            url: `${address()}/pay/${id}`,
          }),
        );
        return;
      }
      if (req.method === 'GET' && req.url?.startsWith('/pay/')) {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><title>Stripe stand-in</title><h1>Stripe stand-in checkout</h1>');
        return;
      }
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: address(),
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('paying online through Stripe Checkout (stand-in)', () => {
  let stack: Stack;
  let browser: Browser;
  let stand: StandIn;

  beforeAll(async () => {
    stand = await startStripeStandIn();
    [stack, browser] = await Promise.all([
      startStack({
        users: [parent],
        env: {
          STRIPE_SECRET_KEY: 'sk_test_e2e',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: stand.url,
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await stand?.close();
  });

  it('pays the server-computed total, the webhook completes once, and the receipt shows it paid', async () => {
    const token = await stack.signIn(parent.email, parent.password);
    const tournamentId = (await stack.api<{ id: number }[]>('GET', '/api/tournaments')).json[0]?.id;
    const reg = await stack.api<{ registrationId: number }>(
      'POST',
      `/api/registration/create/${tournamentId}`,
      undefined,
      token,
    );
    const id = reg.json.registrationId;
    const options = await stack.api<{ events: { id: number }[]; competitorLevels: { id: number }[] }>(
      'GET',
      `/api/registration/options/${tournamentId}`,
      undefined,
      token,
    );
    const added = await stack.api(
      'POST',
      '/api/registration/competitor',
      {
        registrationId: id,
        firstName: 'Iris',
        lastName: 'Online',
        dateOfBirth: '2012-06-01',
        gender: 2,
        competitorLevelId: options.json.competitorLevels[0]?.id,
        emergencyContactName: 'Olive Online',
        emergencyContactPhone: '7055550111',
        emergencyContactRelationship: 'Parent',
        guardianConsent: true,
        eventIds: [options.json.events[0]?.id],
      },
      token,
    );
    expect(added.status).toBe(200);
    await stack.api('POST', `/api/registration/spectator/${id}`, undefined, token);

    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/user/login');
    await page.getByLabel('Email').fill(parent.email);
    await page.getByLabel(/^Password/).fill(parent.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`**/customer/registration/${id}`);
    await page.getByRole('button', { name: 'Continue to confirmation' }).click();
    await expect.poll(() => page.getByTestId('registration-total').textContent()).toBe('Total: $55');
    await page.getByRole('button', { name: /^Pay now by card/ }).click();
    await page.getByRole('heading', { name: 'Stripe stand-in checkout' }).waitFor();

    const [sessionId, form] = [...stand.sessions.entries()].at(-1) ?? [];
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('4500');
    expect(form?.get('line_items[1][price_data][product_data][name]')).toBe('Spectator pass');
    const successUrl = form?.get('success_url') ?? '';
    expect(successUrl).toBe(`${stack.baseUrl}/customer/registration/${id}/confirmation?paid=1`);

    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          amount_total: 5500,
          metadata: { registrationId: String(id) },
          client_reference_id: String(id),
          payment_intent: `pi_${sessionId}`,
          payment_status: 'paid',
          status: 'complete',
        },
      },
    });
    const deliver = async () => {
      const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      });
      const res = await fetch(`${stack.baseUrl}/api/registration/stripe-webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      });
      return { status: res.status, json: (await res.json()) as { recorded: boolean } };
    };

    // The family comes back before the webhook has arrived: the page waits for it.
    await page.goto(successUrl);
    await page.getByText(/We are confirming your payment/).waitFor();
    expect(await deliver()).toEqual({ status: 200, json: { received: true, recorded: true } });
    await page.waitForURL(`**/customer/registration/${id}/receipt`);
    await page.getByRole('heading', { name: 'Registration confirmed: paid online' }).waitFor();
    expect(await page.getByTestId('balance-owing').textContent()).toBe('$0');

    // A replayed delivery changes nothing: still one receipt, one mail.
    expect(await deliver()).toEqual({ status: 200, json: { received: true, recorded: false } });
    const mail = await stack.mail.waitFor(
      (m) => addressText(m.to).includes(parent.email) && /receipt/i.test(m.subject ?? ''),
    );
    expect(mail.text).toContain('Paid: $55');
    const after = await stack.api<{ amountPaid: number; receipt: { paymentAmount: number } }>(
      'GET',
      `/api/registration/${id}`,
      undefined,
      token,
    );
    expect(after.json.amountPaid).toBe(55);
    expect(stack.mail.messages.filter((m) => addressText(m.to).includes(parent.email))).toHaveLength(1);
  });
});
