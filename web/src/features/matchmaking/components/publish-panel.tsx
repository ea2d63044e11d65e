import { useState } from 'react';
import type { DraftView } from '@shared/contract/matchmaking.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import { publishDraft, usePublishPreview } from '../api/matchmaking.ts';

// Publishing (decision 017): the open warnings first (decision 052), then the first time at once;
// after that, the change list (divisions added, removed, renamed, competitors moved), then
// "Confirm and publish".

/** Every warning still open on the draft, division by division, before anyone confirms. */
function OpenWarnings({ view }: { view: DraftView }) {
  const open = view.divisions.flatMap((d) => d.warnings.map((w) => ({ d, w })));
  if (open.length === 0) return <p className="text-sm">{t('matchmaking.publish.noWarnings')}</p>;
  return (
    <section aria-labelledby="publish-warnings" className="grid gap-1">
      <h3 id="publish-warnings" className="font-semibold">
        {t('matchmaking.publish.warnings', { count: open.length })}
      </h3>
      <ul className="list-disc pl-6 text-sm" data-testid="publish-warnings">
        {open.map(({ d, w }) => (
          <li key={`${d.id}:${w.message}`}>
            {t('matchmaking.publish.warning', { division: tm(d.title), warning: tm(w.message) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PublishPanel({ view }: { view: DraftView }) {
  const [open, setOpen] = useState(false);
  const preview = usePublishPreview(view.draft.id, open);
  const publish = useAction((confirm: boolean) => publishDraft(view.draft.id, confirm), {
    success: (r) =>
      r.familiesToNotify > 0
        ? t('matchmaking.publish.published', { count: r.familiesToNotify })
        : t('matchmaking.publish.done'),
  });
  return (
    <Card aria-labelledby="publish-title" className="print:hidden">
      <CardHeader>
        <CardTitle as="h2" id="publish-title">
          {t('matchmaking.publish.title')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {view.draft.status === 'published'
            ? t('matchmaking.publish.isPublished')
            : t('matchmaking.publish.hint')}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!open && (
          <div>
            <Button onClick={() => setOpen(true)}>{t('matchmaking.publish.open')}</Button>
          </div>
        )}
        {open && <OpenWarnings view={view} />}
        {open && (
          <QueryView query={preview}>
            {(p) =>
              p.firstPublication ? (
                <div className="flex gap-2">
                  <Button
                    disabled={publish.busy}
                    onClick={() => void publish.run(false).then((r) => r.ok && setOpen(false))}
                  >
                    {t('matchmaking.publish.first')}
                  </Button>
                  <Button variant="outline" onClick={() => setOpen(false)}>
                    {t('matchmaking.cancel')}
                  </Button>
                </div>
              ) : !p.changed ? (
                <p>{t('matchmaking.publish.unchanged')}</p>
              ) : (
                <section aria-label={t('matchmaking.publish.changes')} className="grid gap-2">
                  <h3 className="font-semibold">{t('matchmaking.publish.changes')}</h3>
                  <ul className="list-disc pl-6 text-sm" data-testid="publish-changes">
                    {p.diff.added.map((d) => (
                      <li key={`a${d.id}`}>{t('matchmaking.publish.added', { title: tm(d.title) })}</li>
                    ))}
                    {p.diff.removed.map((d) => (
                      <li key={`r${d.id}`}>{t('matchmaking.publish.removed', { title: tm(d.title) })}</li>
                    ))}
                    {p.diff.renamed.map((d) => (
                      <li key={`n${d.id}`}>
                        {t('matchmaking.publish.renamed', { from: tm(d.from), to: tm(d.to) })}
                      </li>
                    ))}
                    {p.diff.moved.map((m) => (
                      <li key={`m${m.competitorId}-${m.fromId}`}>
                        {t('matchmaking.publish.moved', {
                          name: m.competitorName,
                          from: tm(m.fromTitle),
                          to: m.toTitle === null ? t('matchmaking.publish.noDivision') : tm(m.toTitle),
                        })}
                      </li>
                    ))}
                  </ul>
                  {p.familiesToNotify > 0 && (
                    <p className="text-sm">
                      {t('matchmaking.publish.families', { count: p.familiesToNotify })}
                    </p>
                  )}
                  <div className="flex gap-2">
                    <Button
                      disabled={publish.busy}
                      onClick={() => void publish.run(true).then((r) => r.ok && setOpen(false))}
                    >
                      {t('matchmaking.publish.confirm')}
                    </Button>
                    <Button variant="outline" onClick={() => setOpen(false)}>
                      {t('matchmaking.cancel')}
                    </Button>
                  </div>
                </section>
              )
            }
          </QueryView>
        )}
      </CardContent>
    </Card>
  );
}
