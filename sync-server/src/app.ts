import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './http/context.ts';
import type { Deps } from './deps.ts';
import { impersonation } from './http/impersonation.ts';
import { webApp } from './http/web-app.ts';
import { publicPages } from './http/public-pages.ts';
import { visitorPublicReads } from './http/public-read.ts';
import {
  MAX_FILE_BYTES,
  FILE_MESSAGES,
  PUBLIC_PATHS,
  UPLOAD_PATHS,
  NOT_FOUND_TEXT,
  msg,
} from '@tournament/shared';
import { getSiteSettings, peekSiteSettings } from './services/site-settings.ts';
import { listEventTypes, listTournaments, peekEventTypes, peekTournaments } from './services/tournaments.ts';
import { logRequest } from './lib/request-log.ts';
import { requestContext } from './lib/logger.ts';
import { warnIfForwardedUntrusted } from './http/client-address.ts';
import { idempotency } from './http/idempotency.ts';
import { metricsHandler, observeRequest } from './http/metrics.ts';
import { httpRequestDuration } from './lib/metrics.ts';
import { answerInReaderLanguage, translateAnswer } from './http/answer-language.ts';
import { DomainError, onError } from './lib/errors.ts';
import { devRoutes } from './routes/dev.ts';
import { emailRoutes } from './routes/email.ts';
import { healthRoutes } from './routes/health.ts';
import { publicRoutes } from './routes/public.ts';
import { registrationRoutes } from './routes/registration.ts';
import { adminTournamentRoutes } from './routes/admin-tournaments.ts';
import { adminSettingsRoutes } from './routes/admin-settings.ts';
import { adminRegistrationRoutes } from './routes/admin-registrations.ts';
import { adminReportRoutes } from './routes/admin-reports.ts';
import { adminMatchmakingRoutes } from './routes/admin-matchmaking.ts';
import { matchdayRoutes } from './routes/matchday.ts';
import {
  adminCommunicationRoutes,
  devSmsRoutes,
  publicCommunicationRoutes,
} from './routes/communications.ts';
import { userRoutes } from './routes/users.ts';
import { syncRoutes } from './routes/sync.ts';
import { systemRoutes } from './routes/system.ts';
import { fileRoutes } from './routes/files.ts';
import { operatorRoutes } from './routes/operator.ts';
import { dataAccessRoutes } from './routes/data-access.ts';
import { staffRoutes } from './routes/staff.ts';
import { backupRoutes } from './routes/backups.ts';
import { privacyRoutes } from './routes/privacy.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** A file upload's body: the largest file plus room for the multipart framing and form fields. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_FILE_BYTES + 64 * 1024;

/** The whole HTTP surface: /api, /sync and the web app. `index.ts` only starts it. */
export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>();
  // public/boot.js is sent inline in server-rendered pages, allowed by its hash (decision 020).
  const bootScript = readBootScript(deps.config.webDist);

  // A visitor's public read skips the middleware chain (decision 020): registered
  // first, its middleware answers before the chain runs, with the chain's own headers; with
  // the cache warm it is answered ahead of the router, synchronously (the fetch below).
  const visitorReads = visitorPublicReads(
    {
      [PUBLIC_PATHS.tournaments]: { peek: () => peekTournaments(deps), load: () => listTournaments(deps) },
      [PUBLIC_PATHS.eventTypes]: { peek: () => peekEventTypes(deps), load: () => listEventTypes(deps) },
      [PUBLIC_PATHS.settings]: { peek: () => peekSiteSettings(deps), load: () => getSiteSettings(deps) },
    },
    (entry) => {
      logRequest(entry);
      // Answered ahead of the router: its route is one of the three fixed public paths.
      httpRequestDuration.observe(
        { method: entry.method, route: entry.path, status: String(entry.status) },
        entry.ms / 1000,
      );
    },
    (header) => warnIfForwardedUntrusted(header('x-forwarded-for'), deps.config.trustedProxies),
  );
  for (const path of visitorReads.paths) app.get(path, visitorReads.middleware(path));
  // Every request enters here, `app.request()` in tests included; index.ts serves `app.fetch`.
  const routed = app.fetch;
  app.fetch = (request, env, executionCtx) =>
    visitorReads.ahead(request, env, app.getPath) ?? routed(request, env, executionCtx);
  app.use(requestId());
  // Every {message} and {errors} answer in the reader's language (decision 037).
  app.use(answerInReaderLanguage());
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('caller', null);
    c.set('impersonator', null);
    const started = performance.now();
    warnIfForwardedUntrusted(c.req.header('X-Forwarded-For'), deps.config.trustedProxies);
    // Every line logged while answering carries the request id (lib/logger.ts).
    await requestContext.run({ requestId: c.get('requestId') }, next);
    observeRequest(c, started);
    logRequest({
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.use(
    secureHeaders({
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
      xContentTypeOptions: 'nosniff',
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...(bootScript ? [`'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`] : []),
          'https://accounts.google.com/gsi/client',
        ],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        frameSrc: ['https:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  );
  // No /api answer is kept by a browser or proxy cache (most carry personal data; decision 018);
  // a route that sets its own Cache-Control keeps it. No /sync answer is stored either: the
  // check-in scope holds children's names and confirmation codes, and the event stream is a
  // live feed (Hono's SSE helper says only no-cache, which still lets a cache store it).
  // Registered ahead of the body limits and the routes, so their refusals carry it too.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('/sync/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  const limitBody = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: () => {
      throw new DomainError('too_large', msg('server.tooLarge'), 413);
    },
  });
  // File sharing (decision 025): the two upload routes take files up to 10 MB; an oversize body is
  // refused from its Content-Length, or once that many bytes have streamed in, before it is read whole.
  const limitUpload = bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT_BYTES,
    onError: () => {
      throw new DomainError('too_large', FILE_MESSAGES.tooLarge, 413);
    },
  });
  const uploads = new Set(UPLOAD_PATHS);
  for (const prefix of ['/api/*', '/sync/*']) {
    // GET and HEAD carry no body that anything reads; skipping them also spares the
    // node adapter building a full Request per read (bodyLimit touches `raw.body`).
    app.use(prefix, (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      return c.req.method === 'POST' && uploads.has(c.req.path) ? limitUpload(c, next) : limitBody(c, next);
    });
  }
  // Who is calling: a valid bearer token sets the caller; anything else is a visitor.
  app.use('/api/*', async (c, next) => {
    const auth = c.req.header('Authorization');
    if (auth?.startsWith('Bearer ')) {
      c.set('caller', await deps.tokens.verifyAccess(auth.slice(7).trim(), deps, deps.now()));
    }
    await next();
  });
  // UserContext: a director acting as a customer (docs/product.md §7; decision 014). Not on /sync.
  app.use('/api/*', impersonation());
  // Idempotency-Key: a retried POST gets the first answer, with one effect (decision 034).
  app.use('/api/*', idempotency());

  app.route('/api', healthRoutes);
  app.route('/api', publicRoutes);
  app.route('/api/registration', registrationRoutes);
  app.route('/api/admin', adminTournamentRoutes);
  app.route('/api/admin', adminSettingsRoutes);
  app.route('/api/admin', adminRegistrationRoutes);
  app.route('/api/admin', adminReportRoutes);
  app.route('/api/admin', adminMatchmakingRoutes);
  app.route('/api/admin', systemRoutes);
  app.route('/api', matchdayRoutes);
  app.route('/api', fileRoutes);
  app.route('/api/admin', adminCommunicationRoutes);
  app.route('/api/communications', publicCommunicationRoutes);
  app.route('/api/dev', devSmsRoutes);
  app.route('/api/email', emailRoutes);
  app.route('/api/dev', devRoutes);
  app.route('/api/users', userRoutes);
  app.route('/api/admin', backupRoutes);
  app.route('/api', dataAccessRoutes);
  app.route('/api/admin', privacyRoutes);
  app.route('/api', staffRoutes);
  app.route('/sync', syncRoutes);
  app.route('/operator', operatorRoutes);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Northern Ontario Martial Arts Championship API', version: '1.0.0' },
  });

  app.all('/api/*', () => {
    throw new DomainError('not_found', NOT_FOUND_TEXT, 404);
  });
  app.all('/sync/*', () => {
    throw new DomainError('not_found', NOT_FOUND_TEXT, 404);
  });
  // The public pages arrive rendered with the cached public reads (decision 020).
  const pages = publicPages(
    path.join(deps.config.webDist, '..', 'dist-ssr', 'entry-server.js'),
    async () => {
      const [settings, tournaments, eventTypes] = await Promise.all([
        getSiteSettings(deps),
        listTournaments(deps),
        listEventTypes(deps),
      ]);
      return { settings, tournaments, eventTypes };
    },
    bootScript,
    deps.config.publicUrl,
  );
  // Prometheus text for this machine or METRICS_TOKEN's holder (decision 041); not an /api route.
  app.get('/metrics', metricsHandler());
  app.get('*', webApp(deps.config.webDist, pages));
  app.onError(onError);
  app.notFound((c) => c.json(translateAnswer(c, { message: NOT_FOUND_TEXT }), 404));
  return app;
}

/** The built public/boot.js, or undefined before the web app is built. */
function readBootScript(webDist: string): string | undefined {
  try {
    const text = fs.readFileSync(path.join(webDist, 'boot.js'), 'utf8');
    return text.includes('</script') ? undefined : text;
  } catch {
    return undefined;
  }
}

export type App = ReturnType<typeof createApp>;
