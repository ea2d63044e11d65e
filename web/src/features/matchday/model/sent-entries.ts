import { MATCHDAY_MESSAGES } from '@shared/domain/mutators/index.ts';
import type { SyncMatchResult, SyncScore } from '@shared/contract/sync-entities.ts';

// What this tablet entered, by score or match id (kept on the device), so a cell can say when
// another tablet's later entry replaced it: the push's 'superseded' note in the screen's place
// (decision 021, "the later entry wins"). Compared by the time of the tap, as the server does.

const KEY = 'matchday-sent-entries';
type Sent = Record<string, { at: string; value: number }>;

let cache: Sent | null = null;
function load(): Sent {
  if (cache) return cache;
  try {
    cache = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Sent;
  } catch {
    cache = {};
  }
  return cache;
}

export function rememberEntry(id: string, at: string, value: number): void {
  const sent = load();
  sent[id] = { at, value };
  try {
    localStorage.setItem(KEY, JSON.stringify(sent));
  } catch {
    // Full or private: this tablet just will not say so after a reload.
  }
}

/** Forgets every entry (tests). */
export function forgetEntries(): void {
  cache = {};
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

const later = (standing: { enteredAt: string }, mine: { at: string }) =>
  Date.parse(standing.enteredAt) > Date.parse(mine.at);

/** "A later score (9.1, by Dana Door) was kept." when another entry replaced this tablet's. */
export function supersededScore(standing: SyncScore | undefined): string | null {
  if (!standing) return null;
  const mine = load()[standing.id];
  if (!mine || !later(standing, mine)) return null;
  return MATCHDAY_MESSAGES.supersededScore(standing.value, standing.enteredByName);
}

export function supersededWinner(standing: SyncMatchResult | undefined): string | null {
  if (!standing) return null;
  const mine = load()[standing.id];
  if (!mine || !later(standing, mine) || mine.value === standing.winnerId) return null;
  return MATCHDAY_MESSAGES.supersededWinner(standing.enteredByName);
}
