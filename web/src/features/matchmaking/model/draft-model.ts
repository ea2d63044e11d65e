import type { DraftDivision, MatchCompetitor } from '@shared/domain/matchmaking/index.ts';
import type { DraftView } from '@shared/contract/matchmaking.ts';

// The draft page's answer turned into the shapes the shared rules take, so previews of split
// and combine run the very functions the server applies (docs/decisions/017-matchmaking.md).

export type DivisionView = DraftView['divisions'][number];

export const toDraftDivision = (d: DivisionView): DraftDivision => ({
  key: `d${d.id}`,
  ruleId: d.ruleId,
  title: d.title,
  criteria: d.criteria,
  eventTypeIds: d.eventTypeIds,
  competitorIds: d.competitorIds,
  locked: d.locked,
  note: d.note,
  overrides: d.overrides,
});

export const idOfKey = (key: string) => Number(key.slice(1));

export function competitorsById(view: DraftView): Map<number, MatchCompetitor> {
  return new Map(view.competitors.map((c) => [c.id, c]));
}

export const typeTitles = (view: DraftView, ids: readonly number[]) =>
  view.eventTypes
    .filter((t) => ids.includes(t.id))
    .map((t) => t.title)
    .join(', ');

export const levelName = (view: DraftView, id: number | null) =>
  view.levels.find((l) => l.id === id)?.name ?? '';

export const isOver = (d: DivisionView) => d.warnings.some((w) => w.kind === 'tooLarge');
export const isUnder = (d: DivisionView) => d.warnings.some((w) => w.kind === 'tooSmall');
