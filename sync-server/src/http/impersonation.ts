import { and, desc, eq, gt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import {
  ADMIN_REGISTRATION_MESSAGES as M,
  DIRECTOR_ROLES,
  hasAnyRole,
  isStaff,
  USER_CONTEXT_HEADER,
  type ImpersonationSubject,
} from '@tournament/shared';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';
import { DomainError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { writeAudit } from '../services/audit.ts';
import type { Caller, Deps } from '../deps.ts';
import type { AppEnv } from './context.ts';

// Impersonation (SPEC.md sections 4 and 7; docs/decisions/014-registrations-desk-and-impersonation.md).
// A TournamentDirector or SuperAdmin may send `UserContext: <customer user id>`; the request then
// acts as that customer (caller = the customer, roles ['Customer']) and the real actor stays on
// the context as `impersonator`. Anyone else sending it is refused, a staff subject is refused,
// every honoured request is logged, and the audit log gets one entry per actor and subject per hour.

/** An actor viewing as the same subject again within this time adds no new audit entry. */
export const IMPERSONATION_AUDIT_WINDOW_MS = 60 * 60 * 1000;
export const IMPERSONATION_AUDIT_ENTITY = 'impersonation';
const ACCOUNT_ROUTES = '/api/users/';

const refuse = (message: string, status: 400 | 403 | 404 | 409 = 403) =>
  new DomainError('impersonation_refused', message, status);

/**
 * The customer `subjectId` names, or a 4xx with a clear message. A staff subject is 403 on a
 * request carrying the header; the explicit start call answers 409 instead, since the web
 * signs out on any 403 (SPEC.md section 8) and the director did nothing they may not do.
 */
export async function resolveSubject(
  db: Db,
  actor: Caller | null,
  subjectId: number,
  staffSubjectStatus: 403 | 409 = 403,
): Promise<{ caller: Caller; subject: ImpersonationSubject }> {
  if (!actor || !hasAnyRole(actor.roles, DIRECTOR_ROLES)) throw refuse(M.impersonationNotAllowed);
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: users.roles,
    })
    .from(users)
    .where(eq(users.id, subjectId));
  if (!row) throw refuse(M.impersonationUnknown, 404);
  if (isStaff(row.roles)) throw refuse(M.impersonationStaff, staffSubjectStatus);
  const name = `${row.firstName} ${row.lastName}`.trim();
  return {
    caller: { personId: row.id, roles: ['Customer'], displayName: name },
    subject: { userId: row.id, name, email: row.email },
  };
}

/**
 * Writes "actor started viewing as subject" unless the same actor already has an entry for
 * the same subject within the window (so a page's many requests make one entry, not hundreds).
 */
export async function auditImpersonation(
  deps: Deps,
  actor: Caller,
  subject: ImpersonationSubject,
): Promise<void> {
  const db = deps.database.db;
  const since = new Date(deps.now().getTime() - IMPERSONATION_AUDIT_WINDOW_MS);
  const [recent] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, IMPERSONATION_AUDIT_ENTITY),
        eq(auditLog.entityId, subject.userId),
        eq(auditLog.actorUserId, actor.personId),
        gt(auditLog.at, since),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (recent) return;
  await writeAudit(
    db,
    actor,
    {
      entity: IMPERSONATION_AUDIT_ENTITY,
      entityId: subject.userId,
      action: 'create',
      before: null,
      after: { actorId: actor.personId, subjectId: subject.userId, subjectName: subject.name },
    },
    deps.now(),
  );
}

/**
 * The /api caller step after the bearer token: honours `UserContext` as described above.
 * /sync/* never passes through here: a device syncs as its signed-in user (decision 014).
 */
export function impersonation(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.header(USER_CONTEXT_HEADER);
    if (raw === undefined || raw.trim() === '') return next();
    // The account routes act on the session in their body (sign in, refresh, sign out), never
    // on a caller: a director whose access token just expired must still renew it, not be
    // refused (a 403 would log them out).
    if (c.req.path.startsWith(ACCOUNT_ROUTES)) return next();
    const actor = c.get('caller');
    if (!actor || !hasAnyRole(actor.roles, DIRECTOR_ROLES)) throw refuse(M.impersonationNotAllowed);
    if (!/^\d{1,9}$/.test(raw.trim())) throw refuse(M.impersonationInvalid, 400);
    const deps = c.get('deps');
    const { caller, subject } = await resolveSubject(deps.database.db, actor, Number(raw.trim()));
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
    await auditImpersonation(deps, actor, subject);
    c.set('impersonator', actor);
    c.set('caller', caller);
    return next();
  };
}
