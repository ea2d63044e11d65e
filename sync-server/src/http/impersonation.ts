import type { MiddlewareHandler } from 'hono';
import { USER_CONTEXT_HEADER } from '@tournament/shared';
import { logger } from '../lib/logger.ts';
import { assertMayImpersonate, invalidSubject, viewAs } from '../services/impersonation.ts';
import type { AppEnv } from './context.ts';

// Impersonation (docs/product.md §4 and §7; docs/decisions/014-registrations-desk-and-impersonation.md).
// A TournamentDirector or SuperAdmin may send `UserContext: <customer user id>`; the request then
// acts as that customer (caller = the customer, roles ['Customer']) and the real actor stays on
// the context as `impersonator`. Who may, whom, and the audit entry are the service's
// (services/impersonation.ts); this step reads the header, logs the request and sets the caller.

const ACCOUNT_ROUTES = '/api/users/';

/**
 * The /api caller step after the bearer token: honours `UserContext` as described above.
 * /sync/* never passes through here: a device syncs as its signed-in user (decision 014).
 */
export function impersonation(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.header(USER_CONTEXT_HEADER)?.trim();
    if (raw === undefined || raw === '') return next();
    // The account routes act on the session in their body (sign in, refresh, sign out), never
    // on a caller: a director whose access token just expired must still renew it, not be
    // refused (a 403 would log them out).
    if (c.req.path.startsWith(ACCOUNT_ROUTES)) return next();
    const actor = c.get('caller');
    // Who may comes before what was sent: a customer sending garbage is refused, not corrected.
    assertMayImpersonate(actor);
    if (!/^\d{1,9}$/.test(raw)) throw invalidSubject();
    const { caller, subject } = await viewAs(c.get('deps'), actor, Number(raw));
    logger.info(
      {
        requestId: c.get('requestId'),
        actorId: actor.personId,
        subjectId: subject.userId,
        method: c.req.method,
        path: c.req.path,
      },
      'impersonation',
    );
    c.set('impersonator', actor);
    c.set('caller', caller);
    return next();
  };
}
