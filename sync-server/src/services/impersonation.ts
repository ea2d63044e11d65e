import { and, desc, eq, gt } from 'drizzle-orm';
import {
  ADMIN_REGISTRATION_MESSAGES as M,
  DIRECTOR_ROLES,
  fullName,
  hasAnyRole,
  isStaff,
  type ImpersonationSubject,
} from '@tournament/shared';
import { auditLog, users } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError } from '../lib/errors.ts';
import { recordAccess } from './access-log.ts';
import { writeAudit } from './audit.ts';

// Impersonation, "view as this customer" (docs/product.md §4 and §7;
// docs/decisions/014-registrations-desk-and-impersonation.md): who may, whom, and the audit
// entry. The UserContext header is read by the thin middleware in http/impersonation.ts and
// the explicit start by POST /api/admin/impersonation/{userId}; both come here.

/** An actor viewing as the same subject again within this time adds no new audit entry. */
export const IMPERSONATION_AUDIT_WINDOW_MS = 60 * 60 * 1000;
export const IMPERSONATION_AUDIT_ENTITY = 'impersonation';

const refuse = (message: string, status: 400 | 403 | 404 | 409 = 403) =>
  new DomainError('impersonation_refused', message, status);

/** Only a TournamentDirector or SuperAdmin may view the site as a customer. */
export function assertMayImpersonate(actor: Caller | null): asserts actor is Caller {
  if (!actor || !hasAnyRole(actor.roles, DIRECTOR_ROLES)) throw refuse(M.impersonationNotAllowed);
}

/** A UserContext value that is not a user id: bad input. */
export const invalidSubject = () => refuse(M.impersonationInvalid, 400);

/**
 * The customer `subjectId` names, or a 4xx with a clear message. A staff subject is 403 on a
 * request carrying the header; the explicit start call answers 409 instead, since the web
 * signs out on any 403 (docs/product.md §8) and the director did nothing they may not do.
 */
async function resolveSubject(
  deps: Deps,
  actor: Caller | null,
  subjectId: number,
  staffSubjectStatus: 403 | 409,
): Promise<{ caller: Caller; subject: ImpersonationSubject }> {
  assertMayImpersonate(actor);
  const [row] = await deps.database.db
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
  const name = fullName(row.firstName, row.lastName);
  return {
    caller: { personId: row.id, roles: ['Customer'], displayName: name },
    subject: { userId: row.id, name, email: row.email },
  };
}

/**
 * Writes "actor started viewing as subject" unless the same actor already has an entry for
 * the same subject within the window (so a page's many requests make one entry, not hundreds).
 */
async function auditImpersonation(deps: Deps, actor: Caller, subject: ImpersonationSubject): Promise<void> {
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
  // The access log too (decision 045), as often as the audit entry: once an hour per actor and family.
  await recordAccess(db, actor, [{ kind: 'impersonation', familyUserId: subject.userId }], deps.now());
}

/**
 * A request carrying `UserContext: subjectId` from `actor`: the customer it acts as, audited
 * (a staff subject is 403 here).
 */
export async function viewAs(
  deps: Deps,
  actor: Caller | null,
  subjectId: number,
): Promise<{ caller: Caller; subject: ImpersonationSubject }> {
  assertMayImpersonate(actor);
  const resolved = await resolveSubject(deps, actor, subjectId, 403);
  await auditImpersonation(deps, actor, resolved.subject);
  return resolved;
}

/** POST /api/admin/impersonation/{userId}: checks the account and audits the start (staff: 409). */
export async function startImpersonation(
  deps: Deps,
  actor: Caller,
  subjectId: number,
): Promise<ImpersonationSubject> {
  const { subject } = await resolveSubject(deps, actor, subjectId, 409);
  await auditImpersonation(deps, actor, subject);
  return subject;
}
