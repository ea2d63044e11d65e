// Settings (decision 007): a setting that something else uses is never removed silently; the refusal
// says what uses it, so the organizer knows what to change first.

export interface Use {
  count: number;
  /** Singular and plural nouns: ['event', 'events']. */
  noun: readonly [string, string];
}

/** "Cannot remove the event type "Forms": it is used by 3 events and 1 division." or null when unused. */
export function inUseMessage(thing: string, uses: readonly Use[]): string | null {
  const parts = uses
    .filter((u) => u.count > 0)
    .map((u) => `${u.count} ${u.count === 1 ? u.noun[0] : u.noun[1]}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Cannot remove ${thing}: it is used by ${list}. Change or remove those first.`;
}

/** Tournament deletion (decision 007): a tournament with registrations stays. */
export function tournamentDeleteRefusal(registrations: number): string | null {
  if (registrations === 0) return null;
  return `This tournament cannot be deleted: it has ${registrations} ${
    registrations === 1 ? 'registration' : 'registrations'
  }.`;
}
