import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { startMailCatcher, type MailCatcher } from '../testing/mail-catcher.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { until } from '../testing/until.ts';
import { isLoopbackCaller } from './metrics.ts';

// GET /metrics (decision 041): this machine, or the holder of METRICS_TOKEN; the counters it
// shows move with what the server does. And the System page's report and test e-mail.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${mail.port}`, config: { metricsToken: TOKEN } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

const scrape = (headers: Record<string, string> = {}) => t.app.request('/metrics', { headers });
const withToken = { Authorization: `Bearer ${TOKEN}` };

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('who may read /metrics', () => {
  it('refuses a caller off this machine without the token, or with a wrong one, in the error shape', async () => {
    const refused: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer not-the-token-at-all' },
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      const body = (await res.json()) as { message: string };
      expect(body.message).toMatch(/metrics token/);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it("refuses a SuperAdmin's own sign-in token: metrics are not an account's", async () => {
    const admin = await t.createUser('SuperAdmin');
    expect((await scrape({ Authorization: `Bearer ${admin.token}` })).status).toBe(401);
  });

  it('answers Prometheus text with the right token', async () => {
    const res = await scrape(withToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toMatch(/^database_up\{kind="(pglite|postgres)"\} 1$/m);
  });

  it('answers a caller on loopback without a token, but not one a local proxy forwards', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(200);
      expect((await fetch(url, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(401);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('counts loopback only when the visitor behind a trusted proxy is on this machine too', () => {
    expect(isLoopbackCaller('127.0.0.1', {}, [])).toBe(true);
    expect(isLoopbackCaller('::ffff:127.0.0.1', {}, [])).toBe(true);
    expect(isLoopbackCaller('203.0.113.9', {}, [])).toBe(false);
    // A proxy on this machine, TRUSTED_PROXY unset: whoever it forwards is a stranger.
    expect(isLoopbackCaller('127.0.0.1', { forwardedFor: '203.0.113.9' }, [])).toBe(false);
    expect(isLoopbackCaller('127.0.0.1', { realIp: '203.0.113.9' }, [])).toBe(false);
    // TRUSTED_PROXY=loopback: the visitor it names decides, a spoofed first hop included.
    expect(isLoopbackCaller('127.0.0.1', { forwardedFor: '203.0.113.9' }, ['loopback'])).toBe(false);
    expect(isLoopbackCaller('127.0.0.1', { forwardedFor: '127.0.0.1, 203.0.113.9' }, ['loopback'])).toBe(
      false,
    );
    expect(isLoopbackCaller('127.0.0.1', { forwardedFor: '127.0.0.1' }, ['loopback'])).toBe(true);
    // A stranger claiming loopback without being the proxy.
    expect(isLoopbackCaller('203.0.113.9', { forwardedFor: '127.0.0.1' }, ['203.0.113.9'])).toBe(false);
  });
});

describe('what /metrics reports', () => {
  it('counts requests by route pattern and status, never by the raw path', async () => {
    const line = 'http_request_duration_seconds_count{method="GET",route="/api/registration/:id",status="401"}';
    const before = sample(await (await scrape(withToken)).text(), line);
    expect((await t.call('GET', '/api/registration/424242')).status).toBe(401);
    expect((await t.call('GET', '/api/registration/434343')).status).toBe(401);
    const text = await (await scrape(withToken)).text();
    expect(sample(text, line)).toBe(before + 2);
    expect(text).not.toContain('424242');
  });

  it('counts a sent mail, and a mail the SMTP server refuses as failed', async () => {
    const sent = 'mails_sent_total{transport="smtp"}';
    const failed = 'mails_failed_total{transport="smtp"}';
    const admin = await t.createUser('SuperAdmin', { email: 'ops@example.com' });
    const before = await (await scrape(withToken)).text();

    const res = await t.call('POST', '/api/admin/system/test-email', undefined, admin.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ sentTo: 'ops@example.com' });
    const received = mail.messages.find((m) => m.subject?.includes('test e-mail'));
    expect(received?.text).toContain('mail leaves the server');
    const after = await (await scrape(withToken)).text();
    expect(sample(after, sent)).toBe(sample(before, sent) + 1);
    expect(sample(after, failed)).toBe(sample(before, failed));
  });

  it('times sync pushes and pulls, and counts open event streams by scope', async () => {
    const customer = await t.createUser('Customer');
    const push = 'sync_push_duration_seconds_count';
    const pull = 'sync_pull_duration_seconds_count{scope="signage"}';
    const streams = 'sync_event_streams_open{scope="signage"}';
    const before = await (await scrape(withToken)).text();
    const pushed = await t.call(
      'POST',
      '/sync/push',
      { clientGroupId: 'g-metrics', clientId: 'c-metrics', mutations: [] },
      customer.token,
    );
    expect(pushed.status, pushed.text).toBe(200);
    const pulled = await t.call('POST', '/sync/pull', {
      clientGroupId: 'g-metrics',
      clientId: 'c-metrics',
      cookie: null,
      scope: 'signage',
    });
    expect(pulled.status, pulled.text).toBe(200);
    const after = await (await scrape(withToken)).text();
    expect(sample(after, push)).toBe(sample(before, push) + 1);
    expect(sample(after, pull)).toBe(sample(before, pull) + 1);

    const stream = await t.app.request('/sync/events?scope=signage');
    const reader = stream.body!.getReader();
    await reader.read(); // ": connected": the stream is open
    expect(sample(await (await scrape(withToken)).text(), streams)).toBe(sample(before, streams) + 1);
    await reader.cancel();
    await until(
      async () => sample(await (await scrape(withToken)).text(), streams) === sample(before, streams),
      'the closed stream to be counted out',
    );
  });

  it('reports the job queue once it runs', async () => {
    await t.deps.jobs.start();
    const text = await (await scrape(withToken)).text();
    expect(text).toMatch(/^job_queue_up 1$/m);
    expect(text).toMatch(/^jobs_queued\{queue="[^"]+"\} \d+$/m);
    expect(text).toMatch(/^jobs_failed\{queue="[^"]+"\} \d+$/m);
  });
});

describe('the System page (decision 041)', () => {
  it('is for SuperAdmins only', async () => {
    const director = await t.createUser('TournamentDirector');
    expect((await t.call('GET', '/api/admin/system')).status).toBe(401);
    expect((await t.call('GET', '/api/admin/system', undefined, director.token)).status).toBe(403);
    expect((await t.call('POST', '/api/admin/system/test-email', undefined, director.token)).status).toBe(403);
  });

  it('reports the database, mail, queue and disk, and recent errors without personal data', async () => {
    const admin = await t.createUser('SuperAdmin');
    // A line the server would write at error level, naming a person in its message and fields.
    createLogger({ write: () => {} }, 'warn').error(
      { err: Object.assign(new Error('refused kim@example.com'), { code: 'EENVELOPE' }), email: 'kim@example.com' },
      'receipt mail to kim@example.com failed',
    );
    const res = await t.call('GET', '/api/admin/system', undefined, admin.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.database.answers).toBe(true);
    expect(res.json.mail).toMatchObject({ transport: 'smtp', host: '127.0.0.1:' + mail.port, works: true });
    expect(res.json.sms.transport).toBe('dev');
    expect(res.json.errors[0]).toMatchObject({
      level: 'error',
      message: 'receipt mail to [e-mail] failed',
      code: 'EENVELOPE',
    });
    expect(res.text).not.toContain('kim@example.com');
  });

  it('answers 502 in the error shape when the mail server is gone, and counts the failure', async () => {
    const admin = await t.createUser('SuperAdmin');
    await mail.close();
    const failed = 'mails_failed_total{transport="smtp"}';
    const before = sample(await (await scrape(withToken)).text(), failed);
    const res = await t.call('POST', '/api/admin/system/test-email', undefined, admin.token);
    expect(res.status).toBe(502);
    expect(res.json.message).toMatch(/test e-mail could not be sent \(\w+\)/);
    expect(sample(await (await scrape(withToken)).text(), failed)).toBe(before + 1);
    const report = await t.call('GET', '/api/admin/system', undefined, admin.token);
    expect(report.json.mail.works).toBe(false);
    mail = await startMailCatcher(); // afterAll closes it again
  });
});
