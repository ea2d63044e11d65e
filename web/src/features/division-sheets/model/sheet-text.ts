import type { Sheet } from '@shared/contract/matchmaking.ts';
import { t } from '@web/lib/i18n.tsx';

// What a sheet says, in words, shared by the printed page and the PDF so the two agree (in the
// page's language: called while rendering or drawing, never at the module's top level).

export type Paper = 'letter' | 'a4';

/** Where the division runs, as the rings say it (decision 050). */
export function ringLine(s: Sheet): string {
  const { ring, queuePosition, status } = s.division;
  if (ring === null) return t('sheets.ring.none');
  if (status === 'current') return t('sheets.ring.running', { ring });
  if (status === 'completed') return t('sheets.ring.completed', { ring });
  return queuePosition === null
    ? t('sheets.ring', { ring })
    : t('sheets.ring.queued', { ring, position: queuePosition });
}

export const eventLine = (s: Sheet) => s.division.eventTypes.map((e) => e.title).join(', ');

/** Judged event types, each with its own panel (the event type's judges, as the tablet scores). */
export const judgedTypes = (s: Sheet) => s.division.eventTypes.filter((e) => e.decidedBy === 'judged');

export type SheetBracket = Sheet['brackets'][number];

export const bracketTitle = (b: SheetBracket) =>
  t('sheets.bracket.of', {
    event: b.title,
    kind: b.kind === 'roundRobin' ? t('sheets.roundRobin') : t('sheets.bracket'),
  });

export function nameOf(s: Sheet, id: number | null, round: number): string {
  if (id !== null) return s.competitors.find((c) => c.id === id)?.name ?? `#${id}`;
  return round === 1 ? t('sheets.bye') : '';
}

export const weightText = (w: number | null) => (w === null ? '' : t('sheets.weight', { weight: w }));
