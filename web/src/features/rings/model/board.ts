import type { SyncDivision, SyncRing } from '@shared/contract/sync-entities.ts';
import { tm } from '@web/lib/i18n.tsx';

// The rings board as the screen lays it out (decision 023): the pool of published divisions on no
// ring, and per ring its running division, its queue of upcoming ones and those completed. Only
// upcoming divisions move (the mutators refuse the others); where a drop lands is said as the
// intent the mutators take: reorder the ring's queue, or assign to a ring at a position.

export const POOL = 'pool';
export type ColumnId = typeof POOL | `ring-${number}`;

interface RingColumn {
  ring: SyncRing;
  current: SyncDivision | undefined;
  queue: SyncDivision[];
  completed: SyncDivision[];
}

export interface Board {
  pool: SyncDivision[];
  rings: RingColumn[];
}

const byQueue = (a: SyncDivision, b: SyncDivision) => a.queueOrder - b.queueOrder || a.id - b.id;
/** By title as the reader reads it (a generated title is a message reference), then id. */
function byTitle(list: SyncDivision[]): SyncDivision[] {
  const text = new Map(list.map((d) => [d.id, tm(d.title)]));
  return list.sort((a, b) => text.get(a.id)!.localeCompare(text.get(b.id)!) || a.id - b.id);
}

export function buildBoard(rings: readonly SyncRing[], divisions: readonly SyncDivision[]): Board {
  const sorted = [...rings].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const ids = new Set(sorted.map((r) => r.id));
  return {
    // A division on a ring this device no longer holds waits in the pool like an unassigned one.
    pool: byTitle(
      divisions.filter((d) => d.status === 'upcoming' && (d.ringId === null || !ids.has(d.ringId))),
    ),
    rings: sorted.map((ring) => {
      const mine = divisions.filter((d) => d.ringId === ring.id);
      return {
        ring,
        current: mine.find((d) => d.status === 'current'),
        queue: mine.filter((d) => d.status === 'upcoming').sort(byQueue),
        completed: mine
          .filter((d) => d.status === 'completed')
          .sort((a, b) => (a.completedAt ?? '').localeCompare(b.completedAt ?? '') || a.id - b.id),
      };
    }),
  };
}

export const columnOf = (ringId: number | null): ColumnId => (ringId === null ? POOL : `ring-${ringId}`);
const ringIdOf = (column: ColumnId): number | null => (column === POOL ? null : Number(column.slice(5)));
export const itemId = (divisionId: number) => `division-${divisionId}`;
export const divisionIdOf = (id: string | number): number | null => {
  const m = /^division-(\d+)$/.exec(String(id));
  return m ? Number(m[1]) : null;
};

export function columnItems(board: Board, column: ColumnId): SyncDivision[] {
  if (column === POOL) return board.pool;
  const ringId = ringIdOf(column);
  return board.rings.find((r) => r.ring.id === ringId)?.queue ?? [];
}

/** Which column holds an upcoming division on the board. */
export function columnHolding(board: Board, divisionId: number): ColumnId | undefined {
  if (board.pool.some((d) => d.id === divisionId)) return POOL;
  const col = board.rings.find((r) => r.queue.some((d) => d.id === divisionId));
  return col ? columnOf(col.ring.id) : undefined;
}

export type Move =
  | { kind: 'reorder'; ringId: number; divisionIds: number[] }
  | { kind: 'assign'; divisionId: number; ringId: number | null; position?: number };

/**
 * The intent of putting `divisionId` in `target` at `index` (its place in the target list once
 * there; undefined: the end). Nothing when it would stay where it is or cannot move.
 */
export function moveFor(board: Board, divisionId: number, target: ColumnId, index?: number): Move | null {
  const from = columnHolding(board, divisionId);
  if (!from) return null;
  const list = columnItems(board, target);
  if (from === target) {
    if (target === POOL) return null;
    const rest = list.filter((d) => d.id !== divisionId);
    const at = Math.max(0, Math.min(index ?? rest.length, rest.length));
    const ids = rest.map((d) => d.id);
    ids.splice(at, 0, divisionId);
    if (ids.every((id, i) => id === list[i]?.id)) return null;
    return { kind: 'reorder', ringId: ringIdOf(target)!, divisionIds: ids };
  }
  const ringId = ringIdOf(target);
  if (ringId === null) return { kind: 'assign', divisionId, ringId: null };
  return index === undefined || index >= list.length
    ? { kind: 'assign', divisionId, ringId }
    : { kind: 'assign', divisionId, ringId, position: Math.max(0, index) };
}

/** One place up (-1) or down (+1) in its ring's queue. */
export function stepMove(board: Board, divisionId: number, step: -1 | 1): Move | null {
  const column = columnHolding(board, divisionId);
  if (!column || column === POOL) return null;
  const list = columnItems(board, column);
  const at = list.findIndex((d) => d.id === divisionId);
  const to = at + step;
  if (to < 0 || to >= list.length) return null;
  return moveFor(board, divisionId, column, to);
}
