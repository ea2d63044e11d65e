import type { Sheet } from '@shared/contract/matchmaking.ts';
import { t } from '@web/lib/i18n.tsx';

// What a sheet says, in words, shared by the printed page and the PDF so the two agree (in the
// page's language: called while rendering or drawing, never at the module's top level).

export type Paper = 'letter' | 'a4';
export type Judges = 3 | 5;

export const ringLine = (s: Sheet) =>
  s.division.ring === null
    ? t('sheets.ring.none')
    : s.division.queuePosition === null
      ? t('sheets.ring', { ring: s.division.ring })
      : t('sheets.ring.queued', { ring: s.division.ring, position: s.division.queuePosition });

export const eventLine = (s: Sheet) => s.division.eventTypes.map((e) => e.title).join(', ');

export const judgedTypes = (s: Sheet) => s.division.eventTypes.filter((e) => e.decidedBy === 'judged');

export function nameOf(s: Sheet, id: number | null, round: number): string {
  if (id !== null) return s.competitors.find((c) => c.id === id)?.name ?? `#${id}`;
  return round === 1 ? t('sheets.bye') : '';
}

export const weightText = (w: number | null) => (w === null ? '' : t('sheets.weight', { weight: w }));
