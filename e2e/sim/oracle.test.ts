import { describe, expect, it } from 'vitest';
import type { PullResponse } from '@tournament/shared';
import { DeskTablet } from './actors.ts';
import { Replica } from './client.ts';
import { compare, type ServerState } from './oracle.ts';

// The simulator's oracle fails a day where an acknowledged change is missing or recorded twice,
// and passes one where the server holds what the tablets were told.

function day() {
  const desk = new DeskTablet('http://127.0.0.1:1');
  desk.sent.set(1, {
    id: 1,
    name: 'checkInCompetitor@1',
    args: { competitorId: 7 },
    status: 'applied',
    acknowledged: true,
  });
  desk.expectCheckedIn.set(7, true);
  const checkin = new Replica('checkin');
  const competitor = { id: 7, registrationId: 3, firstName: 'Kid', lastName: 'Family', checkedInBy: 1 };
  checkin.apply({
    cookie: 'c1',
    lastMutationIds: {},
    rejections: [],
    patch: [
      { op: 'put', entity: 'competitors', rows: [{ ...competitor, checkedInAt: '2026-06-01T09:00:00Z' }] },
    ],
  } as unknown as PullResponse);
  const state: ServerState = {
    results: [{ client_id: desk.clientId, mutation_id: '1', status: 'applied' }],
    checkin,
    matchday: new Replica('matchday'),
    publicResults: { tournamentId: 1, divisions: [], leaderboard: [] },
  };
  return { desk, state };
}

describe('the simulated day oracle', () => {
  it('finds nothing when the server holds every acknowledged check-in once', () => {
    const { desk, state } = day();
    expect(compare([desk], [desk], state)).toEqual([]);
  });

  it('names the mutation the server recorded twice', () => {
    const { desk, state } = day();
    state.results.push({ ...state.results[0]! });
    expect(compare([desk], [desk], state)[0]).toMatchObject({
      what: `mutation ${desk.clientId}#1 (checkInCompetitor@1) recorded`,
      actual: '2 times',
    });
  });

  it('names the competitor whose acknowledged check-in is not on the server', () => {
    const { desk, state } = day();
    state.checkin.get('competitors', 7)!.checkedInAt = null;
    expect(compare([desk], [desk], state)[0]).toMatchObject({
      what: 'competitor 7 checked in',
      expected: true,
      actual: false,
    });
  });

  it('names a mutation never acknowledged', () => {
    const { desk, state } = day();
    desk.sent.get(1)!.acknowledged = false;
    expect(compare([desk], [desk], state)[0]?.what).toBe(
      `mutation ${desk.clientId}#1 (checkInCompetitor@1) acknowledged`,
    );
  });
});
