import { hasAnyRole, SYNC_SCOPE_ROLES, type SyncScope } from '@tournament/shared';
import type { Caller } from '../http/context.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

/** 401 for a visitor, 403 for a caller without a role of the scope (SYNC_SCOPE_ROLES). */
export function assertScopeRole(caller: Caller | null, scope: SyncScope): void {
  const roles = SYNC_SCOPE_ROLES[scope] as readonly string[];
  if (roles.includes('Unauthenticated')) return;
  if (!caller) throw unauthorized();
  if (!hasAnyRole(caller.roles, roles)) throw forbidden();
}
