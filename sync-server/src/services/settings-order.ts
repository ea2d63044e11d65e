import { DomainError } from '../lib/errors.ts';

export const REORDER_MESSAGE = 'The new order must list every item exactly once';

/**
 * Checks that `ids` is a permutation of `current` (so a stale page cannot drop or invent
 * items) and answers each id's new 1-based sort order.
 */
export function newOrder(current: readonly number[], ids: readonly number[]): Map<number, number> {
  const same =
    ids.length === current.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => current.includes(id));
  if (!same) throw new DomainError('bad_order', REORDER_MESSAGE, 400, { ids: REORDER_MESSAGE });
  return new Map(ids.map((id, i) => [id, i + 1]));
}
