import { describe, expect, it } from 'vitest';
import type { PullResponse } from '@tournament/shared';
import { DeskTablet } from './actors.ts';
import { Replica, SyncClient } from './client.ts';
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

/**
 * A Sparring division of four played to the end (third place fought): draw [11, 12, 13, 14],
 * so 11 meets 14 and 12 meets 13; 11 wins the final over 12, 13 the third-place match over 14.
 */
function bracketDay() {
  const { desk, state } = day();
  const ring = new SyncClient('http://127.0.0.1:1');
  const winners: [string, number][] = [
    ['r1m1', 11],
    ['r1m2', 12],
    ['third', 13],
    ['r2m1', 11],
  ];
  for (const [k, [matchId, winnerId]] of winners.entries()) {
    ring.sent.set(k + 1, {
      id: k + 1,
      name: 'recordMatchWinner@1',
      args: { divisionId: 40, eventTypeId: 2, matchId, winnerId, at: `2026-06-01T10:0${k}:00Z` },
      status: 'applied',
      acknowledged: true,
    });
    state.results.push({ client_id: ring.clientId, mutation_id: String(k + 1), status: 'applied' });
  }
  const rules = {
    eventTypeId: 2,
    title: 'Sparring',
    decidedBy: 'bracket',
    judges: 3,
    scoreMin: 0,
    scoreMax: 10,
    minutesPerPerformance: 2,
    minutesPerMatch: 3,
    thirdPlace: 'match',
  };
  const entry = (competitorId: number) => ({
    id: `40:${competitorId}`,
    divisionId: 40,
    competitorId,
    firstName: 'Kid',
    lastName: `Family${competitorId}`,
    school: 'Dojo',
    gender: null,
    age: null,
    noShow: false,
    version: 0,
  });
  state.matchday.apply({
    cookie: 'm1',
    lastMutationIds: {},
    rejections: [],
    patch: [
      {
        op: 'put',
        entity: 'divisions',
        rows: [{ id: 40, title: 'Boys 8-9', rules: [rules], status: 'completed', ringId: 1 }],
      },
      { op: 'put', entity: 'divisionEntries', rows: [11, 12, 13, 14].map(entry) },
      {
        op: 'put',
        entity: 'divisionResults',
        rows: [
          {
            id: '40:2',
            divisionId: 40,
            eventTypeId: 2,
            draw: [11, 12, 13, 14],
            placings: [
              { competitorId: 11, place: 1 },
              { competitorId: 12, place: 2 },
              { competitorId: 13, place: 3 },
              { competitorId: 14, place: 4 },
            ],
          },
        ],
      },
      {
        op: 'put',
        entity: 'matchResults',
        rows: winners.map(([matchId, winnerId]) => ({
          id: `40:2:${matchId}`,
          divisionId: 40,
          eventTypeId: 2,
          matchId,
          winnerId,
        })),
      },
    ],
  } as unknown as PullResponse);
  return { clients: [desk, ring], desk, state };
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

  it('finds nothing when a played bracket is stored with its placings', () => {
    const { clients, desk, state } = bracketDay();
    expect(compare(clients, [desk], state)).toEqual([]);
  });

  it('names the match whose acknowledged winner is not on the server', () => {
    const { clients, desk, state } = bracketDay();
    state.matchday.rows.matchResults!.delete('40:2:third');
    expect(compare(clients, [desk], state)[0]).toMatchObject({
      what: 'match winner 40:2:third',
      expected: 13,
      actual: 'missing',
    });
  });

  it('names the bracket event whose stored placings are not those of its bracket', () => {
    const { clients, desk, state } = bracketDay();
    state.matchday.get('divisionResults', '40:2')!.placings = [
      { competitorId: 11, place: 1 },
      { competitorId: 12, place: 2 },
      { competitorId: 14, place: 3 },
      { competitorId: 13, place: 4 },
    ];
    expect(compare(clients, [desk], state)[0]).toMatchObject({
      what: 'placings of 40:2',
      expected: [
        { competitorId: 11, place: 1 },
        { competitorId: 12, place: 2 },
        { competitorId: 13, place: 3 },
        { competitorId: 14, place: 4 },
      ],
    });
  });

  it('names the bracket event whose stored draw leaves out a competitor it runs', () => {
    const { clients, desk, state } = bracketDay();
    state.matchday.get('divisionResults', '40:2')!.draw = [11, 12, 13];
    expect(compare(clients, [desk], state)[0]?.what).toBe('draw of 40:2 (the competitors it runs)');
  });
});
