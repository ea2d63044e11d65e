import { hasAnyRole, SYNC_SCOPE_ROLES, type Role, type SyncScope } from '@tournament/shared';
import type { Caller } from '../deps.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

/**
 * 401 for a visitor, 403 for a caller without a role of the scope (SYNC_SCOPE_ROLES), or,
 * when a mutator narrows it (`roles`, e.g. voidPayment@1: SuperAdmin), without one of those.
 */
export function assertScopeRole(caller: Caller | null, scope: SyncScope, narrower?: readonly Role[]): void {
  const roles = SYNC_SCOPE_ROLES[scope] as readonly string[];
  if (roles.includes('Unauthenticated') && !narrower) return;
  if (!caller) throw unauthorized();
  if (!roles.includes('Unauthenticated') && !hasAnyRole(caller.roles, roles)) throw forbidden();
  if (narrower && !hasAnyRole(caller.roles, narrower)) throw forbidden();
}
