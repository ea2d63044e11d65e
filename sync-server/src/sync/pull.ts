import { and, asc, eq, gt, lte } from 'drizzle-orm';
import {
  entitiesOfScope,
  SYNC_SCOPE_ROLES,
  type PatchOp,
  type PullRequest,
  type PullResponse,
  type Rejection,
} from '@tournament/shared';
import { syncClients, syncMutationResults, syncTombstones } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { makeCookie, parseCookie } from './cookie.ts';
import { devicesOf, recordHeard, seesDevices } from './devices.ts';
import { APP_SYNC_MODEL, type SyncModel } from './entities.ts';
import { assertScopeRole } from './scope.ts';
import { sharedAnswer, type SharedAnswer } from './shared-pulls.ts';
import { readVersion } from './versions.ts';

// POST /sync/pull (docs/design.md §4): the rows of a scope's entities (the registry's
// `scopes`, read by each entity's access in entities.ts) changed since the cookie's
// version, or, for no cookie, a malformed one, another scope's or tournament's, or one older
// than the pruned tombstones, a full reset: `clear`, then every row.

export async function pull(
  deps: Deps,
  caller: Caller | null,
  req: PullRequest,
  model: SyncModel = APP_SYNC_MODEL,
): Promise<PullResponse> {
  assertScopeRole(caller, req.scope);
  const db = deps.database.db;
  const tournament = await getNextTournament(deps);
  const tournamentId = tournament?.id ?? 0;
  const sent = parseCookie(req.cookie);
  const fromVersion =
    sent !== null && sent.scope === req.scope && sent.tournamentId === tournamentId
      ? sent.version
      : undefined;
  // A scope whose roles include visitors (signage) carries no personal data, so no caller is
  // needed; its answer is the same for every screen at the same cookie, and shared.
  const open = SYNC_SCOPE_ROLES[req.scope].some((r) => r === 'Unauthenticated');
  const answer = async (): Promise<SharedAnswer> => {
    // The version is read before the rows: a row committed meanwhile comes now and again next
    // time (puts are idempotent), never not at all.
    const { version, prunedThrough } = tournament
      ? await readVersion(db, tournamentId)
      : { version: 0, prunedThrough: 0 };
    const since =
      fromVersion !== undefined && fromVersion <= version && fromVersion >= prunedThrough
        ? fromVersion
        : undefined;
    const patch: PatchOp[] = since !== undefined ? [] : [{ op: 'clear' }];
    if (!tournament || !(caller || open)) return { version, patch };
    const entities = entitiesOfScope(req.scope, model.registry);
    if (since !== undefined) {
      const gone = await db
        .select({ entity: syncTombstones.entity, id: syncTombstones.entityId })
        .from(syncTombstones)
        .where(and(eq(syncTombstones.tournamentId, tournamentId), gt(syncTombstones.version, since)))
        .orderBy(asc(syncTombstones.version));
      for (const e of entities) {
        const ids = gone
          .filter((g) => g.entity === e.name)
          .map((g) => (e.key === 'number' ? Number(g.id) : g.id));
        if (ids.length > 0) patch.push({ op: 'del', entity: e.name, ids } as PatchOp);
      }
    }
    for (const e of entities) {
      const access = model.access[e.name];
      if (!access) throw new Error(`No row reader for the synced entity "${e.name}"`);
      const rows = await access.pull(db, { tournament, scope: req.scope, caller, sinceVersion: since });
      if (rows.length > 0) patch.push({ op: 'put', entity: e.name, rows } as PatchOp);
    }
    return { version, patch };
  };
  const { version, patch } =
    !caller && open && model === APP_SYNC_MODEL
      ? await sharedAnswer(
          deps.database,
          req.scope,
          `${tournamentId}:${req.scope}:${fromVersion ?? 'full'}`,
          answer,
        )
      : await answer();

  let lastMutationId = 0;
  let rejections: Rejection[] = [];
  if (caller) {
    const [client] = await db.select().from(syncClients).where(eq(syncClients.clientId, req.clientId));
    if (client && client.userId === caller.personId) {
      lastMutationId = client.lastMutationId;
      const acked = sent?.acked ?? 0;
      const rows = await db
        .select()
        .from(syncMutationResults)
        .where(
          and(
            eq(syncMutationResults.clientId, req.clientId),
            eq(syncMutationResults.status, 'rejected'),
            gt(syncMutationResults.mutationId, acked),
            lte(syncMutationResults.mutationId, lastMutationId),
          ),
        )
        .orderBy(asc(syncMutationResults.mutationId));
      rejections = rows.map((r) => ({
        mutationId: r.mutationId,
        name: r.name,
        code: r.code ?? 'rejected',
        message: r.message ?? '',
        at: r.at.toISOString(),
      }));
    }
  }
  // The device's heartbeat (decision 048): a ring tablet's matchday pull says it is alive.
  if (caller && tournament && req.scope === 'matchday')
    await recordHeard(deps, caller, {
      clientId: req.clientId,
      tournamentId,
      ringId: req.ringId,
      outboxDepth: req.outboxDepth,
    });
  return {
    cookie: makeCookie({ scope: req.scope, tournamentId, version, acked: lastMutationId }),
    patch,
    lastMutationIds: { [req.clientId]: lastMutationId },
    rejections,
    ...(tournament && seesDevices(caller, req.scope) ? { devices: await devicesOf(deps, tournamentId) } : {}),
  };
}
