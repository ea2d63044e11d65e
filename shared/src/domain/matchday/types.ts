// Matchday rules shared by the tablets and the server (decision 021; docs/design.md §5, "Rings
// and matchday"). Everything here is pure and deterministic: the same mutation runs on the
// device and again on the server, so no clock and no Math.random (randomness comes in as a seed).

export type DecidedBy = 'judged' | 'bracket';
/** Third place shared by both semi-final losers, or decided by a match (set per event type). */
export type ThirdPlace = 'shared' | 'match';

export interface Placing {
  competitorId: number;
  place: 1 | 2 | 3 | 4;
}

/** How one event type is run at matchday (settings per event type). */
export interface EventTypeRules {
  eventTypeId: number;
  title: string;
  decidedBy: DecidedBy;
  judges: 3 | 5;
  scoreMin: number;
  scoreMax: number;
  minutesPerPerformance: number;
  minutesPerMatch: number;
  thirdPlace: ThirdPlace;
}

export const DEFAULT_EVENT_TYPE_RULES: Omit<EventTypeRules, 'eventTypeId' | 'title' | 'decidedBy'> = {
  judges: 5,
  scoreMin: 0,
  scoreMax: 10,
  minutesPerPerformance: 2,
  minutesPerMatch: 3,
  thirdPlace: 'shared',
};

/** Places 1 to 4 are awarded (issue text: "Placings 1st to 4th"). */
export const LAST_AWARDED_PLACE = 4;
