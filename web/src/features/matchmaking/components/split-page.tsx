import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { splitDivision as splitRule } from '@shared/domain/matchmaking/index.ts';
import { DomainError } from '@shared/domain/domain-error.ts';
import type { DraftView, SplitInput } from '@shared/contract/matchmaking.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { splitDivision, useDraft } from '../api/matchmaking.ts';
import { competitorsById, toDraftDivision } from '../model/draft-model.ts';
import { PreviewList } from './preview-list.tsx';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

// /admin/matchmaking/{draftId}/split/division/{draftDivisionId} (decision 017): split by age,
// weight or level, or by picking competitors; the preview runs the shared rule the server applies.

const HOW: readonly { by: SplitInput['by']; label: MessageKey }[] = [
  { by: 'age', label: 'matchmaking.split.byAge' },
  { by: 'weight', label: 'matchmaking.split.byWeight' },
  { by: 'level', label: 'matchmaking.split.byLevel' },
  { by: 'pick', label: 'matchmaking.split.pick' },
];

function Split({ view, divisionId }: { view: DraftView; divisionId: number }) {
  const navigate = useNavigate();
  const [by, setBy] = useState<SplitInput['by']>('age');
  const [picked, setPicked] = useState<number[]>([]);
  const division = view.divisions.find((d) => d.id === divisionId);
  const how = useMemo<SplitInput>(
    () => (by === 'pick' ? { by, competitorIds: picked } : { by }),
    [by, picked],
  );
  const preview = useMemo(() => {
    if (!division) return null;
    try {
      return {
        parts: splitRule(toDraftDivision(division), how, competitorsById(view), view.levels),
        error: null,
      };
    } catch (e) {
      return { parts: null, error: e instanceof DomainError ? e.message : String(e) };
    }
  }, [division, how, view]);
  const apply = useAction(() => splitDivision(view.draft.id, divisionId, how));
  if (!division) return <Alert variant="danger">{t('matchmaking.notFound')}</Alert>;
  const back = href('draftAll', { draftId: view.draft.id });
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">
        {t('matchmaking.split.heading', { division: tm(division.title) })}
      </h1>
      <p className="text-muted-foreground">
        {t('matchmaking.split.size', {
          count: division.competitorIds.length,
          max: division.criteria.maxSize,
        })}
      </p>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{t('matchmaking.split.how')}</legend>
        {HOW.map((h) => (
          <label key={h.by} className="flex items-center gap-2">
            <input type="radio" name="by" checked={by === h.by} onChange={() => setBy(h.by)} />
            {t(h.label)}
          </label>
        ))}
      </fieldset>
      {by === 'pick' && (
        <fieldset className="grid gap-1">
          <legend className="font-medium">{t('matchmaking.split.newDivision')}</legend>
          {division.competitorIds.map((id) => {
            const c = view.competitors.find((x) => x.id === id);
            return (
              <label key={id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={picked.includes(id)}
                  onChange={() => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]))}
                />
                {c ? `${c.firstName} ${c.lastName} (${c.age})` : `#${id}`}
              </label>
            );
          })}
        </fieldset>
      )}
      {preview?.error && <p role="alert">{tm(preview.error)}</p>}
      {preview?.parts && <PreviewList view={view} divisions={preview.parts} />}
      <div className="flex gap-2">
        <Button
          disabled={!preview?.parts || apply.busy}
          onClick={async () => {
            const r = await apply.run();
            if (r.ok) void navigate(back);
          }}
        >
          {t('matchmaking.split.apply')}
        </Button>
        <Button asChild variant="outline">
          <Link to={back}>{t('matchmaking.cancel')}</Link>
        </Button>
      </div>
    </div>
  );
}

export function SplitPage() {
  const params = useParams();
  const { data, error, isLoading } = useDraft(Number(params.draftId));
  usePageMeta(PAGES.splitDivision.title, t('matchmaking.split.description'));
  return (
    <section className="grid gap-4">
      <QueryView query={{ data, error, isLoading }}>
        {(data) => <Split view={data} divisionId={Number(params.draftDivisionId)} />}
      </QueryView>
    </section>
  );
}
