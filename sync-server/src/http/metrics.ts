import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { matchedRoutes } from 'hono/route';
import { msg } from '@tournament/shared';
import type { Deps } from '../deps.ts';
import { DomainError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import {
  backupLastSuccess,
  databasePoolMax,
  databaseSize,
  databaseUp,
  diskFree,
  httpRequestDuration,
  jobQueueUp,
  jobsActive,
  jobsFailed,
  jobsOldestWaiting,
  jobsQueued,
  messagesFailedInARow,
  metricsRegistry,
} from '../lib/metrics.ts';
import { listBackups } from '../services/backups.ts';
import { failedInARow } from '../services/send-pipeline.ts';
import type { AppEnv } from './context.ts';
import { addressBehindProxies } from './client-address.ts';

// GET /metrics (docs/design.md §3; docs/decisions/041-metrics-and-system-page.md): Prometheus
// text for callers on this machine, or anyone with `Authorization: Bearer $METRICS_TOKEN`.
// Not an /api route: no account role opens it, a SuperAdmin's token included.

/** Records each request's duration under its route pattern (never the raw path). */
export function observeRequest(c: Context, started: number): void {
  httpRequestDuration.observe(
    { method: c.req.method, route: routePattern(c), status: String(c.res.status) },
    (performance.now() - started) / 1000,
  );
}

/**
 * The matched route's pattern ("/api/registration/:id"): the first route (not middleware, which
 * Hono registers for every method) the request matched besides the web app's catch-all. A path
 * no route knows is counted under its area ("/api/*", "/sync/*") or as a web page ("*").
 */
function routePattern(c: Context): string {
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL' && r.path !== '*' && r.path !== '/*');
  if (route) return route.path;
  const p = c.req.path;
  if (p === '/api' || p.startsWith('/api/')) return '/api/*';
  if (p === '/sync' || p.startsWith('/sync/')) return '/sync/*';
  return '*';
}

/**
 * Whether the caller is on this machine. The socket's peer must be loopback, and so must the
 * visitor behind it: with TRUSTED_PROXY set, the address X-Forwarded-For names
 * (client-address.ts); without it, a request that carries any forwarding header came through
 * a proxy on this machine on behalf of someone else, so it is not a loopback caller.
 */
export function isLoopbackCaller(
  peer: string,
  headers: { forwardedFor?: string | undefined; forwarded?: string | undefined; realIp?: string | undefined },
  trustedProxies: readonly string[],
): boolean {
  if (!isLoopback(peer)) return false;
  if (!trustedProxies.length) return !headers.forwardedFor && !headers.forwarded && !headers.realIp;
  if (!headers.forwardedFor && (headers.forwarded || headers.realIp)) return false;
  return isLoopback(addressBehindProxies(peer, headers.forwardedFor, trustedProxies));
}

function isLoopback(address: string): boolean {
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || a.startsWith('127.');
}

/** Compares in constant time: both sides hashed first, so their lengths say nothing either. */
function tokenMatches(sent: string, expected: string): boolean {
  const a = createHash('sha256').update(sent).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const METRICS_REFUSED = msg('system.metricsRefused');

/** The /metrics handler: the access rule, the scrape-time measures, the text. */
export function metricsHandler(): MiddlewareHandler<AppEnv> {
  return async (c) => {
    const deps = c.get('deps');
    let peer = 'unknown';
    try {
      peer = getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      // app.request() in tests has no socket: never loopback.
    }
    const local = isLoopbackCaller(
      peer,
      {
        forwardedFor: c.req.header('X-Forwarded-For'),
        forwarded: c.req.header('Forwarded'),
        realIp: c.req.header('X-Real-IP'),
      },
      deps.config.trustedProxies,
    );
    if (!local) {
      const auth = c.req.header('Authorization') ?? '';
      const sent = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
      const expected = deps.config.metricsToken;
      if (!expected || !sent || !tokenMatches(sent, expected))
        throw new DomainError('unauthorized', METRICS_REFUSED, 401, undefined, {
          'WWW-Authenticate': 'Bearer',
        });
    }
    await measureNow(deps);
    return c.body(await metricsRegistry.metrics(), 200, {
      'Content-Type': metricsRegistry.contentType,
      'Cache-Control': 'no-store',
    });
  };
}

/** Sets the gauges read at scrape time: the database, the job queue, the disk, backups, sending. */
async function measureNow(deps: Deps): Promise<void> {
  const kind = deps.database.kind;
  const [ping, size, queues, free, mailFailed, smsFailed] = await Promise.allSettled([
    deps.database.ping(),
    deps.database.size(),
    deps.jobs.health(),
    fs.promises.statfs(deps.config.dataDir),
    failedInARow(deps, 'email'),
    failedInARow(deps, 'sms'),
  ]);
  databaseUp.reset();
  databaseUp.set({ kind }, ping.status === 'fulfilled' ? 1 : 0);
  databaseSize.reset();
  if (size.status === 'fulfilled' && size.value !== undefined) databaseSize.set({ kind }, size.value);
  databasePoolMax.reset();
  if (deps.database.poolMax !== undefined) databasePoolMax.set(deps.database.poolMax);
  for (const gauge of [jobsQueued, jobsActive, jobsFailed, jobsOldestWaiting]) gauge.reset();
  if (queues.status === 'fulfilled' && queues.value) {
    jobQueueUp.set(1);
    for (const q of queues.value) {
      jobsQueued.set({ queue: q.queue }, q.queued);
      jobsActive.set({ queue: q.queue }, q.active);
      jobsFailed.set({ queue: q.queue }, q.failed);
      jobsOldestWaiting.set({ queue: q.queue }, q.oldestWaitingSeconds);
    }
  } else {
    jobQueueUp.set(0);
    if (queues.status === 'rejected')
      logger.warn({ err: queues.reason }, 'metrics: the job queue did not answer');
  }
  diskFree.reset();
  if (free.status === 'fulfilled') diskFree.set(free.value.bavail * free.value.bsize);
  backupLastSuccess.set((listBackups(deps.config)[0]?.createdAt.getTime() ?? 0) / 1000);
  messagesFailedInARow.reset();
  if (mailFailed.status === 'fulfilled')
    messagesFailedInARow.set({ channel: 'email' }, mailFailed.value.count);
  if (smsFailed.status === 'fulfilled') messagesFailedInARow.set({ channel: 'sms' }, smsFailed.value.count);
}
