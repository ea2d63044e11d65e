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
  EventTicketRequestSchema,
  EventTicketResponseSchema,
} from '@tournament/shared';
import { msg, translateText, translatorFor } from '@tournament/shared';
import { clientAddress } from '../http/client-address.ts';
import { requestLocale } from '../http/locale.ts';
import { asStored } from '../http/answer-language.ts';
import { currentCaller } from '../services/tokens.ts';
import { issueEventTicket, verifyEventTicket } from '../sync/event-tickets.ts';
import { defineRawRoute } from '../http/define-route.ts';
import type { AppEnv } from '../http/context.ts';
import { router } from '../http/openapi-app.ts';
import { DomainError, unauthorized } from '../lib/errors.ts';
import { syncEventStreams, syncPullDuration, syncPushDuration, timeInto } from '../lib/metrics.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { onEventStreamsEnd, subscribePokes } from '../sync/pokes.ts';
import { recordPushHeard } from '../sync/devices.ts';
import { pull } from '../sync/pull.ts';
import { push } from '../sync/push.ts';
import { assertScopeRole } from '../sync/scope.ts';

// /sync (docs/design.md §4; docs/decisions/011-sync-protocol.md).

const MOUNT = '/sync';

/**
 * Who is calling: a bearer token. (GET /sync/events, opened by EventSource, which cannot send
 * headers, proves its caller with a ticket instead: sync/event-tickets.ts.) A token that does
 * not verify answers 401 here, so a device knows to sign in again instead of silently syncing
 * as a visitor.
 */
const resolveCaller: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.get('deps');
  const auth = c.req.header('Authorization');
  const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
  if (token) {
    const caller = await deps.tokens.verifyAccess(token, deps, deps.now());
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
  429: {
    description: 'Too many new devices for this account today, or too many open streams from this address',
    content: json(ErrorBodySchema),
  },
};

const pushRoute = defineRawRoute(MOUNT, {
  method: 'post',
  path: '/push',
  tags: ['sync'],
  summary: 'Apply queued mutations in id order, each once (docs/design.md §4)',
  request: { body: { required: true, content: json(PushRequestSchema) } },
  responses: {
    200: { description: 'Processed up to lastMutationId', content: json(PushResponseSchema) },
    ...refusals,
  },
});

const pullRoute = defineRawRoute(MOUNT, {
  method: 'post',
  path: '/pull',
  tags: ['sync'],
  summary: "A scope's rows changed since the cookie, or a full reset",
  request: { body: { required: true, content: json(PullRequestSchema) } },
  responses: { 200: { description: 'Patch and new cookie', content: json(PullResponseSchema) }, ...refusals },
});

const ticketRoute = defineRawRoute(MOUNT, {
  method: 'post',
  path: '/events/ticket',
  tags: ['sync'],
  summary: 'A ticket to open the event stream of a scope (valid 60 s; no access token in a URL)',
  request: { body: { required: true, content: json(EventTicketRequestSchema) } },
  responses: { 200: { description: 'The ticket', content: json(EventTicketResponseSchema) }, ...refusals },
});

/**
 * Open streams of scopes open to visitors, per address (decision 018): every TV of a venue shares
 * one address, so the allowance is generous; a script opening thousands is refused.
 */
export const MAX_ANONYMOUS_STREAMS_PER_ADDRESS = 100;
const anonymousStreams = new Map<string, number>();
export const SYNC_EVENT_MESSAGES = {
  tooManyStreams: msg('server.tooManyStreams'),
} as const;

const eventsRoute = defineRawRoute(MOUNT, {
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
    const done = timeInto(syncPushDuration);
    const request = c.req.valid('json');
    const deps = c.get('deps');
    const answer = await push(deps, caller, request);
    done();
    // A push is a heartbeat too (decision 048): the device is alive; its ring is what it last pulled with.
    const tournament = await getNextTournament(deps);
    if (tournament)
      await recordPushHeard(deps, caller, { clientId: request.clientId, tournamentId: tournament.id });
    // A refusal's message may be a reference (a rule's field message, decision 037): the
    // pusher reads it in its language; the recorded result keeps the reference.
    const reader = translatorFor(requestLocale(c));
    const results = answer.results.map((r) =>
      r.message ? { ...r, message: translateText(reader, r.message) } : r,
    );
    return c.json({ ...answer, results }, 200);
  })
  .openapi(pullRoute, async (c) => {
    const request = c.req.valid('json');
    const done = timeInto(syncPullDuration, { scope: request.scope });
    const answer = await pull(c.get('deps'), c.get('caller'), request);
    done();
    // The rows go as stored (a generated division title stays a reference): the device keeps
    // them and shows them in its page's language (docs/decisions/037-english-and-french.md).
    // Rejections' messages are read now, in the request's language.
    return c.json({ ...answer, patch: asStored(answer.patch) }, 200);
  })
  .openapi(ticketRoute, async (c) => {
    const caller = c.get('caller');
    if (!caller) throw unauthorized();
    const { scope } = c.req.valid('json');
    assertScopeRole(caller, scope);
    const deps = c.get('deps');
    const token = (c.req.header('Authorization') ?? '').slice(7).trim();
    return c.json(await issueEventTicket(deps.tokens.key, caller, token, scope, deps.now()), 200);
  })
  .openapi(eventsRoute, async (c) => {
    const { scope, ticket: ticketText } = c.req.valid('query');
    const deps = c.get('deps');
    const ticket = ticketText ? await verifyEventTicket(deps.tokens.key, ticketText, deps, deps.now()) : null;
    if (ticketText && (!ticket || ticket.scope !== scope)) throw unauthorized();
    assertScopeRole(ticket?.caller ?? null, scope);
    const address = ticket ? null : clientAddress(c);
    if (address !== null) {
      const open = anonymousStreams.get(address) ?? 0;
      if (open >= MAX_ANONYMOUS_STREAMS_PER_ADDRESS)
        throw new DomainError('too_many_streams', SYNC_EVENT_MESSAGES.tooManyStreams, 429);
      anonymousStreams.set(address, open + 1);
    }
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
      // A signed-in stream ends when the access token it was opened with would have expired.
      const expiry = ticket
        ? setTimeout(wake, Math.max(0, ticket.endsAt.getTime() - deps.now().getTime()))
        : undefined;
      // A server shutting down ends its streams, so in-flight requests can finish in time.
      const stopOnShutdown = onEventStreamsEnd(wake);
      // Pokes missed while the database was away: the stream ends, and the client's new one
      // starts with a pull.
      const unsubscribe = await subscribePokes(
        deps.database,
        (poke) => {
          if (poke.tournamentId !== tournamentId) return;
          if (poke.scopes && !poke.scopes.includes(scope)) return;
          stream.writeSSE({ event: SYNC_POKE_EVENT, data: JSON.stringify(poke) }).catch(() => wake());
        },
        wake,
      );
      syncEventStreams.inc({ scope });
      try {
        // Listening from here on: the client pulls now, then on every poke.
        await stream.write(': connected\n\n');
        while (!ended && !stream.aborted) {
          let timer: ReturnType<typeof setTimeout> | undefined;
          await Promise.race([closed, new Promise<void>((r) => (timer = setTimeout(r, SYNC_HEARTBEAT_MS)))]);
          clearTimeout(timer);
          if (ended || stream.aborted || stream.closed) break;
          // Revoked meanwhile (password changed, signed out everywhere; the server's copy of the
          // account is dropped when it changes, decision 057), or the account cannot be read
          // (no copy here and the database away): the stream ends, and the client reconnects and
          // pulls. Pokes missed while the database was away restart it too (sync/pokes.ts).
          if (
            ticket &&
            !(await currentCaller(deps, ticket.caller.personId, ticket.tokenVersion).catch(() => null))
          )
            break;
          await stream.write(': heartbeat\n\n');
        }
      } finally {
        syncEventStreams.dec({ scope });
        clearTimeout(expiry);
        stopOnShutdown();
        unsubscribe();
        if (address !== null) {
          const left = (anonymousStreams.get(address) ?? 1) - 1;
          if (left > 0) anonymousStreams.set(address, left);
          else anonymousStreams.delete(address);
        }
      }
    }) as never;
  });
