import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { PatchOp, PullRequest, PullResponse, Rejection } from '@tournament/shared';
import { syncClients, syncMutationResults, syncTombstones } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { makeCookie, parseCookie } from './cookie.ts';
import { competitorRows, paymentRows, registrationRows } from './rows.ts';
import { assertScopeRole } from './scope.ts';
import { readVersion } from './versions.ts';

// POST /sync/pull (DESIGN.md section 4): the rows of a scope changed since the cookie's
// version, or, for no cookie, a malformed one, another scope's or tournament's, or one older
// than the pruned tombstones, a full reset: `clear`, then every row.

export async function pull(deps: Deps, caller: Caller | null, req: PullRequest): Promise<PullResponse> {
  assertScopeRole(caller, req.scope);
  const db = deps.database.db;
  const tournament = await getNextTournament(deps);
  const tournamentId = tournament?.id ?? 0;
  const sent = parseCookie(req.cookie);
  // The version is read before the rows: a row committed meanwhile comes now and again next
  // time (puts are idempotent), never not at all.
  const { version, prunedThrough } = tournament
    ? await readVersion(db, tournamentId)
    : { version: 0, prunedThrough: 0 };
  const incremental =
    sent !== null &&
    sent.scope === req.scope &&
    sent.tournamentId === tournamentId &&
    sent.version <= version &&
    sent.version >= prunedThrough;
  const since = incremental ? sent.version : undefined;

  const patch: PatchOp[] = incremental ? [] : [{ op: 'clear' }];
  if (tournament && caller && (req.scope === 'checkin' || req.scope === 'customer')) {
    const owner = req.scope === 'customer' ? { ownerUserId: caller.personId } : {};
    if (since !== undefined) {
      const gone = await db
        .select({ entity: syncTombstones.entity, id: syncTombstones.entityId })
        .from(syncTombstones)
        .where(and(eq(syncTombstones.tournamentId, tournamentId), gt(syncTombstones.version, since)))
        .orderBy(asc(syncTombstones.version));
      for (const entity of ['competitors', 'registrations'] as const) {
        const ids = gone.filter((g) => g.entity === entity).map((g) => g.id);
        if (ids.length > 0) patch.push({ op: 'del', entity, ids });
      }
    }
    const filter = { tournament, sinceVersion: since, ...owner };
    const regs = await registrationRows(db, filter);
    let comps = await competitorRows(db, filter);
    if (req.scope === 'customer')
      comps = comps.map((c) => ({ ...c, checkedInBy: null, checkedInByName: null }));
    if (regs.length > 0) patch.push({ op: 'put', entity: 'registrations', rows: regs });
    if (comps.length > 0) patch.push({ op: 'put', entity: 'competitors', rows: comps });
    // Payments (who took what, voids and their reasons) are for staff: the checkin scope only.
    if (req.scope === 'checkin') {
      const pays = await paymentRows(db, filter);
      if (pays.length > 0) patch.push({ op: 'put', entity: 'payments', rows: pays });
    }
  }
  // signage and matchday carry no entities yet (rings, divisions): a valid cookie, no rows.

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
  return {
    cookie: makeCookie({ scope: req.scope, tournamentId, version, acked: lastMutationId }),
    patch,
    lastMutationIds: { [req.clientId]: lastMutationId },
    rejections,
  };
}
