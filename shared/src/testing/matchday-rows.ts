import type {
  MatchdayRules,
  SyncDivision,
  SyncDivisionEntry,
  SyncDivisionResult,
  SyncRing,
} from '../contract/sync-entities.ts';

// Test fixtures of the matchday scope's rows: Ring 1 and Ring 2, a judged Forms division (event
// type 1) and a bracket Sparring division (event type 2); tests pass the fields they care
// about. Not exported from the package index: tests import this module directly.

export const FORMS: MatchdayRules = {
  eventTypeId: 1,
  title: 'Forms',
  decidedBy: 'judged',
  judges: 5,
  scoreMin: 0,
  scoreMax: 10,
  minutesPerPerformance: 2,
  minutesPerMatch: 3,
  thirdPlace: 'shared',
};

export const SPARRING: MatchdayRules = { ...FORMS, eventTypeId: 2, title: 'Sparring', decidedBy: 'bracket' };

export function syncRing(over: Partial<SyncRing> = {}): SyncRing {
  return { id: 1, tournamentId: 1, name: 'Ring 1', isOpen: true, sortOrder: 1, version: 1, ...over };
}

export function syncDivision(over: Partial<SyncDivision> = {}): SyncDivision {
  return {
    id: 100,
    tournamentId: 1,
    title: 'Forms, Girls 10-11',
    eventTypeIds: [1],
    eventTypes: ['Forms'],
    rules: [FORMS],
    competitorCount: 4,
    ringId: null,
    queueOrder: 0,
    status: 'upcoming',
    startedAt: null,
    completedAt: null,
    version: 1,
    ...over,
  };
}

export function syncEntry(divisionId: number, competitorId: number, over: Partial<SyncDivisionEntry> = {}): SyncDivisionEntry {
  return {
    id: `${divisionId}:${competitorId}`,
    divisionId,
    competitorId,
    firstName: `Kid${competitorId}`,
    lastName: 'Lee',
    school: `School ${competitorId % 3}`,
    gender: 2,
    age: 10,
    noShow: false,
    version: 1,
    ...over,
  };
}

export function syncResult(divisionId: number, eventTypeId: number, over: Partial<SyncDivisionResult> = {}): SyncDivisionResult {
  return {
    id: `${divisionId}:${eventTypeId}`,
    divisionId,
    eventTypeId,
    draw: null,
    placings: null,
    completedAt: null,
    correctedAt: null,
    correctedByName: null,
    version: 1,
    ...over,
  };
}
