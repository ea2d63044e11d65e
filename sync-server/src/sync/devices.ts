import { asc, eq, sql } from 'drizzle-orm';
import { DIRECTOR_ROLES, hasAnyRole, type SyncDevice } from '@tournament/shared';
import { syncDevices, users } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { MAX_NEW_CLIENTS_PER_DAY } from './push.ts';

// Each device's last contact (docs/decisions/048-control-room.md): a matchday pull reports the
// ring the device runs and its unsent changes, a push that it is alive. Directors' matchday
// pulls carry every device of the tournament, so the control room shows when each ring's tablet
// was last heard from. Not a synced entity: no version, no poke; the whole list each time.

export interface Heard {
  clientId: string;
  tournamentId: number;
  /** Undefined: keep what the device reported before (a push says nothing of its ring). */
  ringId?: number | null | undefined;
  outboxDepth?: number | undefined;
}

/**
 * Records that `caller`'s device was heard from now. A device id another person's device already
 * uses is left alone, and an account past its day's allowance of new devices adds no row (the
 * push's limit): a heartbeat is never a reason to refuse a pull or a push.
 */
export async function recordHeard(deps: Deps, caller: Caller, heard: Heard): Promise<void> {
  const now = deps.now();
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  // One statement, as the heartbeat of every push and pull: the row is written when the device
  // is known (its person's, or the conflict's condition leaves it alone) or its person is within
  // the day's allowance of new devices.
  const ringGiven = heard.ringId !== undefined;
  const depthGiven = heard.outboxDepth !== undefined;
  await deps.database.db.execute(sql`
    insert into sync_devices (client_id, tournament_id, user_id, last_heard_at, ring_id, outbox_depth)
    select ${heard.clientId}::text, ${heard.tournamentId}::integer, ${caller.personId}::integer, ${now.toISOString()}::timestamptz,
      ${heard.ringId ?? null}::integer, ${heard.outboxDepth ?? 0}::integer
    where exists (select 1 from sync_devices where client_id = ${heard.clientId}::text)
      or (select count(*) from sync_devices
          where user_id = ${caller.personId}::integer and last_heard_at > ${since.toISOString()}::timestamptz) < ${MAX_NEW_CLIENTS_PER_DAY}
    on conflict (client_id) do update set
      tournament_id = excluded.tournament_id,
      last_heard_at = excluded.last_heard_at,
      ring_id = case when ${ringGiven}::boolean then excluded.ring_id else sync_devices.ring_id end,
      outbox_depth = case when ${depthGiven}::boolean then excluded.outbox_depth else sync_devices.outbox_depth end
    where sync_devices.user_id = ${caller.personId}::integer`);
}

/**
 * How often a push records its device's heartbeat, at most: a tablet entering scores pushes
 * several times a minute, and the control room counts a silence in minutes (two before it
 * warns). Pulls, which carry the ring and the unsent count, are recorded every time.
 */
export const PUSH_HEARTBEAT_MS = 15_000;
const pushHeard = new WeakMap<Deps, Map<string, number>>();

/** `recordHeard` for a push: skipped when this server recorded the device's push lately. */
export async function recordPushHeard(deps: Deps, caller: Caller, heard: Heard): Promise<void> {
  let last = pushHeard.get(deps);
  if (!last) pushHeard.set(deps, (last = new Map()));
  const now = deps.now().getTime();
  const before = last.get(heard.clientId);
  if (before !== undefined && now >= before && now - before < PUSH_HEARTBEAT_MS) return;
  // Bounded: a server meets a few hundred devices a day; forgetting them costs one write each.
  if (last.size >= 10_000) last.clear();
  last.set(heard.clientId, now);
  await recordHeard(deps, caller, heard);
}

/** Whether a pull of this scope carries the devices: a director's matchday pull. */
export function seesDevices(caller: Caller | null, scope: string): boolean {
  return scope === 'matchday' && caller !== null && hasAnyRole(caller.roles, DIRECTOR_ROLES);
}

/** Every device heard from for the tournament, the most recently heard first. */
export async function devicesOf(deps: Deps, tournamentId: number): Promise<SyncDevice[]> {
  const rows = await deps.database.db
    .select({
      id: syncDevices.id,
      ringId: syncDevices.ringId,
      outboxDepth: syncDevices.outboxDepth,
      lastHeardAt: syncDevices.lastHeardAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(syncDevices)
    .innerJoin(users, eq(users.id, syncDevices.userId))
    .where(eq(syncDevices.tournamentId, tournamentId))
    .orderBy(asc(syncDevices.id));
  return rows
    .map((r) => ({
      id: r.id,
      ringId: r.ringId,
      personName: `${r.firstName} ${r.lastName}`.trim(),
      lastHeardAt: r.lastHeardAt.toISOString(),
      outboxDepth: r.outboxDepth,
    }))
    .sort((a, b) => b.lastHeardAt.localeCompare(a.lastHeardAt) || a.id - b.id);
}
