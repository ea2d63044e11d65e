import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
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
import { PAGES } from '@web/app/pages.ts';
import { useBackToDraft, useChangeToast } from './keep-place.ts';
import { QueryView } from '@web/components/query-view.tsx';

// /admin/matchmaking/{draftId}/split/division/{draftDivisionId} (decision 017): split any division
// by age, weight or level, or by picking competitors; the preview runs the shared rule the server
// applies. Back on the draft page where the director was, the division focused (decision 052).

const HOW: readonly { by: SplitInput['by']; label: MessageKey }[] = [
  { by: 'age', label: 'matchmaking.split.byAge' },
  { by: 'weight', label: 'matchmaking.split.byWeight' },
  { by: 'level', label: 'matchmaking.split.byLevel' },
  { by: 'pick', label: 'matchmaking.split.pick' },
];

function Split({ view, divisionId }: { view: DraftView; divisionId: number }) {
  const back = useBackToDraft(view.draft.id);
  const changed = useChangeToast();
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
  const apply = useAction(async () => {
    const after = await splitDivision(view.draft.id, divisionId, how);
    const before = new Set(view.divisions.map((d) => d.id));
    const first = after.divisions.find((d) => d.id === divisionId);
    const second = after.divisions.find((d) => !before.has(d.id));
    // Not undone from the toast: combining the halves back would widen and mark the division
    // as an override, not give back the division that was split (decision 052).
    changed(
      t('matchmaking.toast.split', {
        division: division ? tm(division.title) : '',
        first: first ? tm(first.title) : '',
        second: second ? tm(second.title) : '',
      }),
    );
  });
  if (!division) return <Alert variant="danger">{t('matchmaking.notFound')}</Alert>;
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
            if (r.ok) back(divisionId);
          }}
        >
          {t('matchmaking.split.apply')}
        </Button>
        <Button variant="outline" onClick={() => back(divisionId)}>
          {t('matchmaking.cancel')}
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
