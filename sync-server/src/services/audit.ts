import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditAction, AuditEntity, AuditEntry, AuditQuerySchema } from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Caller } from '../deps.ts';

export interface AuditRecord {
  entity: AuditEntity;
  entityId: number | null;
  action: AuditAction;
  before: unknown;
  after: unknown;
}

/**
 * Writes who changed what, before and after (decision 007). Called inside the change's own
 * transaction, so a change and its audit entry land together or not at all.
 */
export async function writeAudit(
  tx: Tx | Db,
  caller: Pick<Caller, 'personId' | 'displayName'>,
  record: AuditRecord,
  at: Date,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: caller.personId,
    actorName: caller.displayName,
    at,
    entity: record.entity,
    entityId: record.entityId,
    action: record.action,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** The newest entries first, optionally of one entity (and id), paged back by `before`. */
export async function listAudit(db: Db, query: z.output<typeof AuditQuerySchema>): Promise<AuditEntry[]> {
  const where: SQL[] = [];
  if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
  if (query.before) where.push(lt(auditLog.id, query.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actorUserId: r.actorUserId,
    actorName: r.actorName,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    before: r.before,
    after: r.after,
  }));
}
