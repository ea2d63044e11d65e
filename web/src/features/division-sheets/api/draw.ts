import { drawDivision } from '@shared/domain/mutators/index.ts';
import { newDrawSeed } from '@web/lib/draw-seed.ts';
import { refreshQueries } from '@web/lib/use-query.ts';
import { syncEngine } from '@web/sync/engine.ts';
import { mutate, useReplica } from '@web/sync/hooks.ts';

// A director's "Draw now" on the sheets page (decision 050): the drawDivision mutation on the
// device's matchday replica, sent at once; the sheets are read again once it has gone, so the
// printed pairings are the stored draw the ring tablet will run.

/** The live division's status on this device, or undefined while it is not known here. */
export function useLiveDivisionStatus(divisionId: number) {
  return useReplica('matchday').map('divisions').get(divisionId)?.status;
}

export async function drawNow(divisionId: number, redraw: boolean): Promise<void> {
  await mutate(drawDivision, { divisionId, seed: newDrawSeed(), redraw });
  await syncEngine().syncNow();
  refreshQueries('division-sheets:');
}
