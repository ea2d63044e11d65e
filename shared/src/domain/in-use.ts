import { listOf, msg } from '../i18n/message-ref.ts';

// Settings (decision 007): a setting that something else uses is never removed silently; the refusal
// says what uses it, so the organizer knows what to change first. Every part is a message
// reference (docs/decisions/037-english-and-french.md): the thing and each count are said in the
// reader's language, with French genders and plurals, never glued from English nouns.

export interface Use {
  count: number;
  /** The count with its noun, a message reference: "3 events". */
  text: string;
}

/** The settings a refusal names, and what may use them. */
export const IN_USE = {
  eventType: (name: string) => msg('inUse.thing.eventType', { name }),
  competitorLevel: (name: string) => msg('inUse.thing.competitorLevel', { name }),
  event: (name: string) => msg('inUse.thing.event', { name }),
  division: (name: string) => msg('inUse.thing.division', { name }),
  events: (count: number): Use => ({ count, text: msg('inUse.events', { count }) }),
  competitors: (count: number): Use => ({ count, text: msg('inUse.competitors', { count }) }),
  divisions: (count: number): Use => ({ count, text: msg('inUse.divisions', { count }) }),
  /** `day`: the draft's tournament day as written ("2026-11-28"). */
  draftDivisions: (count: number, draft: string, day: string): Use => ({
    count,
    text: msg('inUse.draftDivisions', { count, draft, day }),
  }),
} as const;

/**
 * "Cannot remove the event type "Forms": it is used by 3 events and 1 division." or null when
 * unused. `thing` is one of IN_USE's things.
 */
export function inUseMessage(thing: string, uses: readonly Use[]): string | null {
  const parts = uses.filter((u) => u.count > 0).map((u) => u.text);
  if (parts.length === 0) return null;
  return msg('inUse.refusal', { thing, list: listOf(parts) });
}

/** Tournament deletion (decision 007): a tournament with registrations stays. */
export function tournamentDeleteRefusal(registrations: number): string | null {
  if (registrations === 0) return null;
  return msg('inUse.tournament', { count: registrations });
}
