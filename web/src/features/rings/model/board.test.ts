import { describe, expect, it } from 'vitest';
import { syncDivision, syncRing } from '@shared/testing/matchday-rows.ts';
import { buildBoard, moveFor, POOL, stepMove } from './board.ts';

const rings = [
  syncRing({ id: 2, name: 'Ring 2', sortOrder: 2 }),
  syncRing({ id: 1, name: 'Ring 1', sortOrder: 1 }),
];
const divisions = [
  syncDivision({ id: 10, title: 'B pool', ringId: null }),
  syncDivision({ id: 11, title: 'A pool', ringId: null }),
  syncDivision({ id: 20, ringId: 1, queueOrder: 2 }),
  syncDivision({ id: 21, ringId: 1, queueOrder: 1 }),
  syncDivision({ id: 22, ringId: 1, queueOrder: 3 }),
  syncDivision({ id: 23, ringId: 1, status: 'current', startedAt: '2026-11-21T14:00:00Z' }),
  syncDivision({ id: 24, ringId: 1, status: 'completed', completedAt: '2026-11-21T13:00:00Z' }),
  syncDivision({ id: 30, ringId: 2, queueOrder: 1 }),
];
const board = buildBoard(rings, divisions);

describe('the rings board', () => {
  it('lays out the pool by title and each ring by its order, its queue by queue order, running and completed apart', () => {
    expect(board.pool.map((d) => d.id)).toEqual([11, 10]);
    expect(board.rings.map((c) => c.ring.name)).toEqual(['Ring 1', 'Ring 2']);
    expect(board.rings[0]!.queue.map((d) => d.id)).toEqual([21, 20, 22]);
    expect(board.rings[0]!.current?.id).toBe(23);
    expect(board.rings[0]!.completed.map((d) => d.id)).toEqual([24]);
  });

  it('a drop within a ring reorders its queue; a drop where it already is changes nothing', () => {
    expect(moveFor(board, 22, 'ring-1', 0)).toEqual({
      kind: 'reorder',
      ringId: 1,
      divisionIds: [22, 21, 20],
    });
    expect(moveFor(board, 21, 'ring-1', 0)).toBeNull();
    expect(moveFor(board, 10, POOL)).toBeNull();
  });

  it('a drop on another ring assigns at the place dropped, or at the end; to the pool takes it off its ring', () => {
    expect(moveFor(board, 10, 'ring-1', 1)).toEqual({
      kind: 'assign',
      divisionId: 10,
      ringId: 1,
      position: 1,
    });
    expect(moveFor(board, 10, 'ring-2')).toEqual({ kind: 'assign', divisionId: 10, ringId: 2 });
    expect(moveFor(board, 30, POOL)).toEqual({ kind: 'assign', divisionId: 30, ringId: null });
  });

  it('running and completed divisions do not move', () => {
    expect(moveFor(board, 23, 'ring-2')).toBeNull();
    expect(moveFor(board, 24, POOL)).toBeNull();
  });

  it('Up and Down step one place, and not past either end', () => {
    expect(stepMove(board, 20, -1)).toEqual({ kind: 'reorder', ringId: 1, divisionIds: [20, 21, 22] });
    expect(stepMove(board, 20, 1)).toEqual({ kind: 'reorder', ringId: 1, divisionIds: [21, 22, 20] });
    expect(stepMove(board, 21, -1)).toBeNull();
    expect(stepMove(board, 22, 1)).toBeNull();
    expect(stepMove(board, 10, 1)).toBeNull();
  });
});
