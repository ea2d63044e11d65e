import type { SyncDivision } from '@shared/contract/sync-entities.ts';
import type { RebalancePreview } from '@shared/domain/matchday/index.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';

// "Balance rings" asks first (decision 048, shown on the rings page and the control room since
// decision 052): the divisions that would change ring, each open ring's proposed queue, and its
// estimated end before and after; "Apply" then pushes the one balanceRings mutation.

export function RebalancePanel({
  preview,
  divisions,
  ringName,
  onApply,
  onCancel,
}: {
  preview: RebalancePreview;
  divisions: readonly SyncDivision[];
  ringName: (id: number | null) => string;
  onApply: () => void;
  onCancel: () => void;
}) {
  const format = useFormat();
  const end = (iso: string | null) => (iso ? format.clock(iso) : t('control.rebalance.noEnd'));
  return (
    <Card data-testid="rebalance-preview">
      <CardHeader>
        <CardTitle>{t('control.rebalance.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {preview.moves.length === 0 ? (
          <p>{t('control.rebalance.none')}</p>
        ) : (
          <ul className="grid gap-1">
            {preview.moves.map((m) => (
              <li key={m.divisionId} className="break-words">
                {t('control.rebalance.move', {
                  title: tm(divisions.find((d) => d.id === m.divisionId)?.title ?? ''),
                  from: ringName(m.fromRingId),
                  to: ringName(m.toRingId),
                })}
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="rebalance-queues">
          {preview.queues.map((q) => (
            <section key={q.ringId} aria-labelledby={`rebalance-ring-${q.ringId}`} className="grid gap-1">
              <h3 id={`rebalance-ring-${q.ringId}`} className="font-semibold">
                {t('control.rebalance.queue', { ring: ringName(q.ringId), count: q.divisionIds.length })}
              </h3>
              {q.divisionIds.length > 0 && (
                <ol className="list-decimal pl-6 text-sm">
                  {q.divisionIds.map((id) => (
                    <li key={id} className="break-words">
                      {tm(divisions.find((d) => d.id === id)?.title ?? '')}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          ))}
        </div>
        <ul className="grid gap-1 text-sm">
          {preview.ends.map((e) => (
            <li key={e.ringId}>
              {t('control.rebalance.end', {
                ring: ringName(e.ringId),
                before: end(e.before),
                after: end(e.after),
              })}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button size="lg" onClick={onApply} disabled={preview.moves.length === 0}>
            {t('control.rebalance.apply')}
          </Button>
          <Button size="lg" variant="outline" onClick={onCancel}>
            {t('control.rebalance.cancel')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
