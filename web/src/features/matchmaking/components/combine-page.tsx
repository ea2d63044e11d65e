import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { combineDivisions as combineRule, combineSuggestions } from '@shared/domain/matchmaking/index.ts';
import type { DraftView } from '@shared/contract/matchmaking.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { combineDivision, useDraft } from '../api/matchmaking.ts';
import { idOfKey, toDraftDivision } from '../model/draft-model.ts';
import { PreviewList } from './preview-list.tsx';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

// /admin/matchmaking/{draftId}/combine/division/{draftDivisionId} (decision 017): the nearest
// neighbours (same event types, adjacent ages and levels), a preview, then apply.

function Combine({ view, divisionId }: { view: DraftView; divisionId: number }) {
  const navigate = useNavigate();
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
  const apply = useAction((other: number) => combineDivision(view.draft.id, divisionId, other));
  if (!division) return <Alert variant="danger">{t('matchmaking.notFound')}</Alert>;
  const back = href('draftAll', { draftId: view.draft.id });
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
            const r = await apply.run(idOfKey(chosen.division.key));
            if (r.ok) void navigate(back);
          }}
        >
          {t('matchmaking.combine.apply')}
        </Button>
        <Button asChild variant="outline">
          <Link to={back}>{t('matchmaking.cancel')}</Link>
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
