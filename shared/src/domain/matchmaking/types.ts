import type { DivisionRule } from '../division-rules.ts';

// Matchmaking (decision 017; docs/design.md §5; docs/decisions/017-matchmaking.md): the shapes the
// pure rules work on. The server reads them from the database, runs the rules, and stores the
// result; the web app shows the same shapes. Nothing here knows about SQL or HTTP.

export interface MatchLevel {
  id: number;
  name: string;
  sortOrder: number;
}

export interface MatchEventType {
  id: number;
  title: string;
  sortOrder: number;
  decidedBy: 'judged' | 'bracket';
}

/** A division rule of the settings, with what orders it. */
export interface MatchRule extends DivisionRule {
  id: number;
  name: string;
  sortOrder: number;
}

/** A competitor as matchmaking sees one: age on tournament day and the event types entered. */
export interface MatchCompetitor {
  id: number;
  registrationId: number;
  firstName: string;
  lastName: string;
  age: number;
  gender: 1 | 2;
  competitorLevelId: number | null;
  weight: number | null;
  school: string;
  checkedIn: boolean;
  eventTypeIds: readonly number[];
}

/**
 * A division of a draft. `criteria` starts as its rule's and changes only by a split (narrowed)
 * or a combine (widened, which counts as an override). `key` identifies it within a draft; the
 * server uses the row id ("d12").
 */
export interface DraftDivision {
  key: string;
  ruleId: number | null;
  title: string;
  criteria: DivisionRule;
  /** Event types this group runs, in event-type order (signage shows them together). */
  eventTypeIds: readonly number[];
  /** Competitor ids, ascending. */
  competitorIds: readonly number[];
  locked: boolean;
  note: string;
  /** What a director did beyond the rule, shown on the division and its sheet. */
  overrides: readonly string[];
}

/** A competitor's entry in an event type that no division holds, and why. */
export interface Unplaced {
  competitorId: number;
  eventTypeId: number;
  reason: string;
}

/** The code of a refusal of a matchmaking rule (a DomainError); the server answers it as a 409. */
export const MATCHMAKING_REFUSED = 'matchmaking_refused';
