import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  ErrorBodySchema,
  PullRequestSchema,
  PullResponseSchema,
  PushRequestSchema,
  PushResponseSchema,
  SYNC_HEARTBEAT_MS,
  SYNC_POKE_EVENT,
  SyncEventsQuerySchema,
} from '@tournament/shared';
import { defineRoute } from '../http/define-route.ts';
import type { AppEnv } from '../http/context.ts';
import { router } from '../http/openapi-app.ts';
import { unauthorized } from '../lib/errors.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { onEventStreamsEnd, subscribePokes } from '../sync/pokes.ts';
import { pull } from '../sync/pull.ts';
import { push } from '../sync/push.ts';
import { assertScopeRole } from '../sync/scope.ts';

// /sync (DESIGN.md section 4; docs/decisions/011-sync-protocol.md).

const MOUNT = '/sync';

/**
 * Who is calling: a bearer token, or, on GET /sync/events only, `?token=` (EventSource cannot
 * send headers). A token that does not verify answers 401 here, so a device knows to sign in
 * again instead of silently syncing as a visitor.
 */
const resolveCaller: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.get('deps');
  const auth = c.req.header('Authorization');
  const token = auth?.startsWith('Bearer ')
    ? auth.slice(7).trim()
    : c.req.method === 'GET' && c.req.path === `${MOUNT}/events`
      ? c.req.query('token')
      : undefined;
  if (token) {
    const caller = await deps.tokens.verifyAccess(token, deps.database.db, deps.now());
    if (!caller) throw unauthorized();
    c.set('caller', caller);
  }
  await next();
};

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const refusals = {
  400: { description: 'Invalid', content: json(ErrorBodySchema) },
  401: {
    description: 'Not signed in, or the token expired: sign in again; keep the outbox',
    content: json(ErrorBodySchema),
  },
  403: { description: 'The role may not use this scope or mutator', content: json(ErrorBodySchema) },
};

const pushRoute = defineRoute(MOUNT, {
  method: 'post',
  path: '/push',
  tags: ['sync'],
  summary: 'Apply queued mutations in id order, each once (DESIGN.md section 4)',
  request: { body: { required: true, content: json(PushRequestSchema) } },
  responses: {
    200: { description: 'Processed up to lastMutationId', content: json(PushResponseSchema) },
    ...refusals,
  },
});

const pullRoute = defineRoute(MOUNT, {
  method: 'post',
  path: '/pull',
  tags: ['sync'],
  summary: "A scope's rows changed since the cookie, or a full reset",
  request: { body: { required: true, content: json(PullRequestSchema) } },
  responses: { 200: { description: 'Patch and new cookie', content: json(PullResponseSchema) }, ...refusals },
});

const eventsRoute = defineRoute(MOUNT, {
  method: 'get',
  path: '/events',
  tags: ['sync'],
  summary: 'Server-sent events: `poke` when the scope may have changed; a comment every 15 s',
  request: { query: SyncEventsQuerySchema },
  responses: {
    200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...refusals,
  },
});

export const syncRoutes = router();
syncRoutes.use('*', resolveCaller);

syncRoutes
  .openapi(pushRoute, async (c) => {
    const caller = c.get('caller');
    if (!caller) throw unauthorized();
    return c.json(await push(c.get('deps'), caller, c.req.valid('json')), 200);
  })
  .openapi(pullRoute, async (c) =>
    c.json(await pull(c.get('deps'), c.get('caller'), c.req.valid('json')), 200),
  )
  .openapi(eventsRoute, async (c) => {
    const { scope } = c.req.valid('query');
    assertScopeRole(c.get('caller'), scope);
    const deps = c.get('deps');
    const tournamentId = (await getNextTournament(deps))?.id;
    return streamSSE(c, async (stream) => {
      let ended = false;
      let wake: () => void = () => {};
      const closed = new Promise<void>((resolve) => {
        wake = () => {
          ended = true;
          resolve();
        };
        stream.onAbort(wake);
      });
      // A server shutting down ends its streams, so in-flight requests can finish in time.
      const stopOnShutdown = onEventStreamsEnd(wake);
      const unsubscribe = await subscribePokes(deps.database, (poke) => {
        if (poke.tournamentId !== tournamentId) return;
        if (poke.scopes && !poke.scopes.includes(scope)) return;
        stream.writeSSE({ event: SYNC_POKE_EVENT, data: JSON.stringify(poke) }).catch(() => wake());
      });
      try {
        // Listening from here on: the client pulls now, then on every poke.
        await stream.write(': connected\n\n');
        while (!ended && !stream.aborted) {
          let timer: ReturnType<typeof setTimeout> | undefined;
          await Promise.race([closed, new Promise<void>((r) => (timer = setTimeout(r, SYNC_HEARTBEAT_MS)))]);
          clearTimeout(timer);
          if (ended || stream.aborted || stream.closed) break;
          await stream.write(': heartbeat\n\n');
        }
      } finally {
        stopOnShutdown();
        unsubscribe();
      }
    }) as never;
  });
