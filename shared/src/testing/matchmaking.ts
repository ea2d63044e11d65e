import type { MatchCompetitor, MatchEventType, MatchLevel, MatchRule } from '../domain/matchmaking/types.ts';

// Small factories for the matchmaking rules' tests (docs/style.md §4).

export const LEVELS: MatchLevel[] = [
  { id: 1, name: 'Beginner', sortOrder: 1 },
  { id: 2, name: 'Intermediate', sortOrder: 2 },
  { id: 3, name: 'Advanced', sortOrder: 3 },
  { id: 4, name: 'Black Belt', sortOrder: 4 },
];

export const EVENT_TYPES: MatchEventType[] = [
  { id: 1, title: 'Forms', sortOrder: 1, decidedBy: 'judged' },
  { id: 2, title: 'Sparring', sortOrder: 2, decidedBy: 'bracket' },
  { id: 3, title: 'Weapons', sortOrder: 3, decidedBy: 'judged' },
  { id: 4, title: 'Self-Defense', sortOrder: 4, decidedBy: 'judged' },
];

let nextRule = 1;
export function makeRule(over: Partial<MatchRule> = {}): MatchRule {
  const id = over.id ?? nextRule++;
  return {
    id,
    name: `Rule ${id}`,
    sortOrder: id,
    minAge: 10,
    maxAge: 11,
    gender: 2,
    competitorLevelIds: [2],
    minWeight: null,
    maxWeight: null,
    minSize: 2,
    maxSize: 8,
    ...over,
  };
}

let nextCompetitor = 1;
export function makeCompetitor(over: Partial<MatchCompetitor> = {}): MatchCompetitor {
  const id = over.id ?? nextCompetitor++;
  return {
    id,
    registrationId: 100 + id,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    age: 10,
    gender: 2,
    competitorLevelId: 2,
    weight: 35,
    school: 'Elliot Lake Karate',
    checkedIn: false,
    eventTypeIds: [1],
    ...over,
  };
}
