import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import {
  combineDivisions as combineRule,
  combineSuggestions,
  type DraftDivision,
} from '@shared/domain/matchmaking/index.ts';
import type { DraftView } from '@shared/contract/matchmaking.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { combineDivision, useDraft } from '../api/matchmaking.ts';
import { idOfKey, toDraftDivision } from '../model/draft-model.ts';
import { PreviewList } from './preview-list.tsx';
import { PAGES } from '@web/app/pages.ts';
import { useBackToDraft, useChangeToast } from './keep-place.ts';
import { QueryView } from '@web/components/query-view.tsx';

// /admin/matchmaking/{draftId}/combine/division/{draftDivisionId} (decision 017): the nearest
// neighbours (same event types; the same gender, then level, then age; never the other gender),
// a preview, then apply, back on the draft page where the director was (decision 052).

function Combine({ view, divisionId }: { view: DraftView; divisionId: number }) {
  const back = useBackToDraft(view.draft.id);
  const changed = useChangeToast();
  const division = view.divisions.find((d) => d.id === divisionId);
  const suggestions = useMemo(
    () =>
      division
        ? combineSuggestions(toDraftDivision(division), view.divisions.map(toDraftDivision), view.levels)
        : [],
    [division, view],
  );
  const [withKey, setWithKey] = useState<string | undefined>(undefined);
  const chosen = suggestions.find((s) => s.division.key === withKey) ?? suggestions[0];
  const apply = useAction(async (other: DraftDivision) => {
    const after = await combineDivision(view.draft.id, divisionId, idOfKey(other.key));
    const result = after.divisions.find((d) => d.id === divisionId);
    // Not undone from the toast: a split cannot give back both divisions' own criteria (decision 052).
    changed(
      t('matchmaking.toast.combined', {
        first: division ? tm(division.title) : '',
        second: tm(other.title),
        division: result ? tm(result.title) : '',
      }),
    );
  });
  if (!division) return <Alert variant="danger">{t('matchmaking.notFound')}</Alert>;
  const combined = chosen ? combineRule(toDraftDivision(division), chosen.division, view.levels) : null;
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">
        {t('matchmaking.combine.heading', { division: tm(division.title) })}
      </h1>
      <p className="text-muted-foreground">
        {t('matchmaking.combine.size', {
          count: division.competitorIds.length,
          min: division.criteria.minSize,
        })}
      </p>
      {suggestions.length === 0 ? (
        <p>{t('matchmaking.combine.none')}</p>
      ) : (
        <fieldset className="grid gap-1">
          <legend className="font-medium">{t('matchmaking.combine.with')}</legend>
          {suggestions.map((s) => (
            <label key={s.division.key} className="flex items-center gap-2">
              <input
                type="radio"
                name="with"
                checked={chosen?.division.key === s.division.key}
                onChange={() => setWithKey(s.division.key)}
              />
              {tm(s.division.title)} ({s.division.competitorIds.length})
            </label>
          ))}
        </fieldset>
      )}
      {combined && <PreviewList view={view} divisions={[combined]} />}
      <div className="flex gap-2">
        <Button
          disabled={!chosen || apply.busy}
          onClick={async () => {
            if (!chosen) return;
            const r = await apply.run(chosen.division);
            if (r.ok) back(divisionId);
          }}
        >
          {t('matchmaking.combine.apply')}
        </Button>
        <Button variant="outline" onClick={() => back(divisionId)}>
          {t('matchmaking.cancel')}
        </Button>
      </div>
    </div>
  );
}

export function CombinePage() {
  const params = useParams();
  const { data, error, isLoading } = useDraft(Number(params.draftId));
  usePageMeta(PAGES.combineDivision.title, t('matchmaking.combine.description'));
  return (
    <section className="grid gap-4">
      <QueryView query={{ data, error, isLoading }}>
        {(data) => <Combine view={data} divisionId={Number(params.draftDivisionId)} />}
      </QueryView>
    </section>
  );
}
