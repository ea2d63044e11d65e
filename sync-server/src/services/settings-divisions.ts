import { asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Division, DivisionInputSchema } from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { competitorLevels, divisionLevels, divisions } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { writeAudit } from './audit.ts';
import { reorderList } from './settings-order.ts';

// Division rules (DESIGN.md section 5; issue 8). Global settings that matchmaking reads;
// nothing stores a reference to a rule yet (drafts copy what they need), so a rule can be
// removed freely. Whatever comes to reference one must add its count to `deleteDivision`.

type DivisionInput = z.output<typeof DivisionInputSchema>;
const DIVISION_NOT_FOUND = 'The division was not found';

async function readDivisions(db: Db | Tx, id?: number): Promise<Division[]> {
  const rows = await db
    .select()
    .from(divisions)
    .where(id === undefined ? undefined : eq(divisions.id, id))
    .orderBy(asc(divisions.sortOrder), asc(divisions.id));
  const links = rows.length
    ? await db
        .select()
        .from(divisionLevels)
        .where(
          inArray(
            divisionLevels.divisionId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    minAge: r.minAge,
    maxAge: r.maxAge,
    gender: r.gender === 1 || r.gender === 2 ? r.gender : null,
    competitorLevelIds: links
      .filter((l) => l.divisionId === r.id)
      .map((l) => l.competitorLevelId)
      .sort((a, b) => a - b),
    minWeight: r.minWeight,
    maxWeight: r.maxWeight,
    minSize: r.minSize,
    maxSize: r.maxSize,
    sortOrder: r.sortOrder,
  }));
}

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
      const message = 'One of the chosen competitor levels no longer exists';
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
    const before = await readDivision(tx, id);
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
