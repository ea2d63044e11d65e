import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  fullName,
  type AccessEntry,
  type AccessKind,
  type AccessLog,
  type AccessLogQuerySchema,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { accessLog, users } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { getSiteSettings } from './site-settings.ts';

// Who looked (docs/decisions/045-data-export-and-access-log.md): staff views of a family's
// details, CSV exports, impersonation, file downloads, and the family's own data export, each
// recorded by the server where it answers, never by the browser.

export interface AccessRecord {
  kind: AccessKind;
  /** The account that owns the data (the registration's owner). */
  familyUserId: number;
  registrationId?: number | null;
  detail?: string;
}

/** Writes one entry per family seen; `records` empty writes nothing. */
export async function recordAccess(
  db: Db | Tx,
  actor: Pick<Caller, 'personId' | 'displayName'>,
  records: readonly AccessRecord[],
  at: Date,
): Promise<void> {
  if (records.length === 0) return;
  await db.insert(accessLog).values(
    records.map((r) => ({
      at,
      actorUserId: actor.personId,
      actorName: actor.displayName,
      kind: r.kind,
      familyUserId: r.familyUserId,
      registrationId: r.registrationId ?? null,
      detail: r.detail ?? '',
    })),
  );
}

/** The access-log rows about one family, oldest first (its data export lists them). */
export async function accessEntriesOf(db: Db | Tx, familyUserId: number) {
  return db
    .select({
      at: accessLog.at,
      actorName: accessLog.actorName,
      kind: accessLog.kind,
      registrationId: accessLog.registrationId,
      detail: accessLog.detail,
    })
    .from(accessLog)
    .where(eq(accessLog.familyUserId, familyUserId))
    .orderBy(accessLog.id);
}

/** GET /api/admin/access-log: the newest entries first, filtered, and everyone who has an entry. */
export async function listAccessLog(
  deps: Deps,
  query: z.output<typeof AccessLogQuerySchema>,
): Promise<AccessLog> {
  const db = deps.database.db;
  const { timeZone } = await getSiteSettings(deps);
  const where: SQL[] = [];
  if (query.actorId) where.push(eq(accessLog.actorUserId, query.actorId));
  if (query.kind) where.push(eq(accessLog.kind, query.kind));
  if (query.before) where.push(lt(accessLog.id, query.before));
  // Days in the site's time zone, both ends included.
  const localDay = sql`(${accessLog.at} at time zone ${timeZone})::date`;
  if (query.from) where.push(sql`${localDay} >= ${query.from}::date`);
  if (query.to) where.push(sql`${localDay} <= ${query.to}::date`);
  if (query.family) {
    const like = `%${query.family.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const filter = or(
      ilike(users.email, like),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
    );
    if (filter) where.push(filter);
  }
  const [rows, actors] = await Promise.all([
    db
      .select({
        id: accessLog.id,
        at: accessLog.at,
        actorUserId: accessLog.actorUserId,
        actorName: accessLog.actorName,
        kind: accessLog.kind,
        registrationId: accessLog.registrationId,
        detail: accessLog.detail,
        familyId: users.id,
        familyFirst: users.firstName,
        familyLast: users.lastName,
        familyEmail: users.email,
      })
      .from(accessLog)
      .leftJoin(users, eq(users.id, accessLog.familyUserId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(accessLog.id))
      .limit(query.limit),
    db
      .selectDistinct({ id: accessLog.actorUserId, name: accessLog.actorName })
      .from(accessLog)
      .where(sql`${accessLog.actorUserId} is not null`)
      .orderBy(accessLog.actorName),
  ]);
  const entries: AccessEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: { id: r.actorUserId, name: r.actorName },
    family:
      r.familyId === null
        ? null
        : { id: r.familyId, name: fullName(r.familyFirst ?? '', r.familyLast), email: r.familyEmail ?? '' },
    kind: r.kind,
    registrationId: r.registrationId,
    detail: r.detail,
  }));
  // One name per account (a renamed staff member keeps the newest-sorted name).
  const byId = new Map<number, string>();
  for (const a of actors) if (a.id !== null && !byId.has(a.id)) byId.set(a.id, a.name);
  return { entries, actors: [...byId].map(([id, name]) => ({ id, name })) };
}
