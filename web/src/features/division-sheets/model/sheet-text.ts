import type { Sheet } from '@shared/contract/matchmaking.ts';

// What a sheet says, in words, shared by the printed page and the PDF so the two agree.

export type Paper = 'letter' | 'a4';
export type Judges = 3 | 5;

export const ringLine = (s: Sheet) =>
  s.division.ring === null
    ? 'Ring: not assigned yet'
    : `Ring: ${s.division.ring}${s.division.queuePosition === null ? '' : `, number ${s.division.queuePosition} in the queue`}`;

export const eventLine = (s: Sheet) => s.division.eventTypes.map((e) => e.title).join(', ');

export const judgedTypes = (s: Sheet) => s.division.eventTypes.filter((e) => e.decidedBy === 'judged');

export function nameOf(s: Sheet, id: number | null, round: number): string {
  if (id !== null) return s.competitors.find((c) => c.id === id)?.name ?? `#${id}`;
  return round === 1 ? 'bye' : '';
}

export const weightText = (w: number | null) => (w === null ? '' : `${w} kg`);
