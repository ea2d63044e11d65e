import { desc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import {
  IN_USE,
  inUseMessage,
  msg,
  type Division,
  type DivisionInputSchema,
  notFoundText,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import {
  competitorLevels,
  divisionLevels,
  divisions,
  matchmakingDrafts,
  matchmakingPublications,
  tournaments,
} from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { writeAudit } from './audit.ts';
import { draftsUsingRule, readDivisionRules as readDivisions } from './matchmaking/index.ts';
import { reorderList } from './settings-order.ts';

// Division rules (docs/design.md §5; decision 007). Global settings that matchmaking reads.
// Drafts copy a rule's criteria but remember which rule each division came from (decision 017):
// a rule a draft uses cannot be removed, and the refusal names the draft.

type DivisionInput = z.output<typeof DivisionInputSchema>;
const DIVISION_NOT_FOUND = notFoundText('division');

export function adminListDivisions(deps: Deps): Promise<Division[]> {
  return readDivisions(deps.database.db);
}

async function readDivision(db: Db | Tx, id: number): Promise<Division> {
  const [d] = await readDivisions(db, id);
  if (!d) throw notFound(DIVISION_NOT_FOUND);
  return d;
}

async function writeLevels(tx: Tx, divisionId: number, levelIds: readonly number[]) {
  const wanted = [...new Set(levelIds)];
  if (wanted.length) {
    const known = await tx
      .select({ id: competitorLevels.id })
      .from(competitorLevels)
      .where(inArray(competitorLevels.id, wanted));
    if (known.length !== wanted.length) {
      const message = msg('server.unknownLevel');
      throw new DomainError('unknown_level', message, 400, { competitorLevelIds: message });
    }
  }
  await tx.delete(divisionLevels).where(eq(divisionLevels.divisionId, divisionId));
  if (wanted.length) {
    await tx
      .insert(divisionLevels)
      .values(wanted.map((competitorLevelId) => ({ divisionId, competitorLevelId })));
  }
}

const columns = (d: DivisionInput) => ({
  name: d.name,
  minAge: d.minAge,
  maxAge: d.maxAge,
  gender: d.gender,
  minWeight: d.minWeight,
  maxWeight: d.maxWeight,
  minSize: d.minSize,
  maxSize: d.maxSize,
});

export async function createDivision(deps: Deps, caller: Caller, input: DivisionInput): Promise<Division> {
  return deps.database.db.transaction(async (tx) => {
    const [last] = await tx.select({ n: max(divisions.sortOrder) }).from(divisions);
    const [row] = await tx
      .insert(divisions)
      .values({ ...columns(input), sortOrder: (last?.n ?? 0) + 1 })
      .returning({ id: divisions.id });
    if (!row) throw new Error('division insert returned nothing');
    await writeLevels(tx, row.id, input.competitorLevelIds);
    const after = await readDivision(tx, row.id);
    await writeAudit(
      tx,
      caller,
      { entity: 'division', entityId: row.id, action: 'create', before: null, after },
      deps.now(),
    );
    return after;
  });
}

export async function updateDivision(
  deps: Deps,
  caller: Caller,
  id: number,
  input: DivisionInput,
): Promise<Division> {
  return deps.database.db.transaction(async (tx) => {
    const before = await readDivision(tx, id);
    await tx
      .update(divisions)
      .set({ ...columns(input), updatedAt: deps.now() })
      .where(eq(divisions.id, id));
    await writeLevels(tx, id, input.competitorLevelIds);
    const after = await readDivision(tx, id);
    await writeAudit(
      tx,
      caller,
      { entity: 'division', entityId: id, action: 'update', before, after },
      deps.now(),
    );
    return after;
  });
}

export async function deleteDivision(deps: Deps, caller: Caller, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    // Lock the rule first: a draft being made from it now finishes before we count.
    await tx.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, id)).for('update');
    const before = await readDivision(tx, id);
    const drafts = await draftsUsingRule(tx, id);
    const refusal = inUseMessage(
      IN_USE.division(before.name),
      drafts.map((d) => IN_USE.draftDivisions(d.count, d.name, d.tournamentDate)),
    );
    if (refusal) throw new DomainError('in_use', refusal, 409);
    await tx.delete(divisions).where(eq(divisions.id, id));
    await writeAudit(
      tx,
      caller,
      { entity: 'division', entityId: id, action: 'delete', before, after: null },
      deps.now(),
    );
  });
}

export async function reorderDivisions(deps: Deps, caller: Caller, ids: number[]): Promise<Division[]> {
  await deps.database.db.transaction((tx) =>
    reorderList(tx, caller, deps.now(), { table: divisions, entity: 'division' }, ids),
  );
  return adminListDivisions(deps);
}

/**
 * Copies the division rules a past tournament used (decision 017): the rules as
 * they stood when its published draft (else its latest) was made, appended after the current
 * rules. A rule identical to one in settings is skipped, so copying twice adds nothing; one whose
 * name is taken by a different rule gets the tournament's date after its name.
 */
export async function copyRulesFromTournament(
  deps: Deps,
  caller: Caller,
  tournamentId: number,
): Promise<{ copied: number; skipped: number }> {
  return deps.database.db.transaction(async (tx) => {
    const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId));
    if (!t) throw notFound(notFoundText('tournament'));
    const [pub] = await tx
      .select({ draftId: matchmakingPublications.draftId })
      .from(matchmakingPublications)
      .where(eq(matchmakingPublications.tournamentId, tournamentId))
      .orderBy(desc(matchmakingPublications.id))
      .limit(1);
    const drafts = await tx
      .select({ id: matchmakingDrafts.id, rules: matchmakingDrafts.rules })
      .from(matchmakingDrafts)
      .where(eq(matchmakingDrafts.tournamentId, tournamentId))
      .orderBy(desc(matchmakingDrafts.id));
    const source = drafts.find((d) => d.id === pub?.draftId) ?? drafts[0];
    if (!source) {
      throw new DomainError('nothing_to_copy', msg('server.nothingToCopy'), 409);
    }
    const levelIds = new Set(
      (await tx.select({ id: competitorLevels.id }).from(competitorLevels)).map((l) => l.id),
    );
    const all = await readDivisions(tx);
    const same = (a: DivisionInput, b: DivisionInput) =>
      JSON.stringify({ ...columns(a), levels: [...a.competitorLevelIds].sort() }) ===
      JSON.stringify({ ...columns(b), levels: [...b.competitorLevelIds].sort() });
    const names = new Set(all.map((d) => d.name.trim().toLowerCase()));
    let next = Math.max(0, ...all.map((d) => d.sortOrder));
    let copied = 0;
    let skipped = 0;
    for (const snapshot of [...source.rules].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)) {
      // Levels removed since then are dropped from the copy rather than failing it.
      const rule: DivisionInput = {
        ...snapshot,
        competitorLevelIds: snapshot.competitorLevelIds.filter((id) => levelIds.has(id)),
      };
      if (all.some((d) => same(d, rule))) {
        skipped += 1;
        continue;
      }
      const name = names.has(rule.name.trim().toLowerCase())
        ? `${rule.name} (${t.tournamentDate})`
        : rule.name;
      names.add(name.toLowerCase());
      const [row] = await tx
        .insert(divisions)
        .values({ ...columns({ ...rule, name }), sortOrder: ++next })
        .returning({ id: divisions.id });
      if (!row) throw new Error('division insert returned nothing');
      await writeLevels(tx, row.id, rule.competitorLevelIds);
      await writeAudit(
        tx,
        caller,
        {
          entity: 'division',
          entityId: row.id,
          action: 'create',
          before: null,
          after: await readDivision(tx, row.id),
        },
        deps.now(),
      );
      copied += 1;
    }
    return { copied, skipped };
  });
}
