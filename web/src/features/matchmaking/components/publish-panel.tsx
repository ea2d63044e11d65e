import { useState } from 'react';
import type { DraftView } from '@shared/contract/matchmaking.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { useAction } from '@web/lib/action.ts';
import { publishDraft, usePublishPreview } from '../api/matchmaking.ts';

// Publishing (decision 017): the first time at once; after that, the change list first
// (divisions added, removed, renamed, competitors moved), then "Confirm and publish".

export function PublishPanel({ view }: { view: DraftView }) {
  const [open, setOpen] = useState(false);
  const preview = usePublishPreview(view.draft.id, open);
  const publish = useAction((confirm: boolean) => publishDraft(view.draft.id, confirm), {
    success: (r) =>
      r.familiesToNotify > 0
        ? `Published. ${r.familiesToNotify} families are recorded for a division change notice.`
        : 'Published.',
  });
  return (
    <Card aria-labelledby="publish-title" className="print:hidden">
      <CardHeader>
        <CardTitle as="h2" id="publish-title">
          Publish
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {view.draft.status === 'published'
            ? 'This draft is published: rings run its divisions and sheets print them.'
            : 'Publishing makes these the divisions rings run and sheets print.'}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!open && (
          <div>
            <Button onClick={() => setOpen(true)}>Publish…</Button>
          </div>
        )}
        {open && (
          <QueryView query={preview}>
            {(p) =>
              p.firstPublication ? (
                <div className="flex gap-2">
                  <Button
                    disabled={publish.busy}
                    onClick={() => void publish.run(false).then((r) => r.ok && setOpen(false))}
                  >
                    Publish draft
                  </Button>
                  <Button variant="outline" onClick={() => setOpen(false)}>
                    Cancel
                  </Button>
                </div>
              ) : !p.changed ? (
                <p>Nothing has changed since it was published.</p>
              ) : (
                <section aria-label="Changes since the last publication" className="grid gap-2">
                  <h3 className="font-semibold">Changes since the last publication</h3>
                  <ul className="list-disc pl-6 text-sm" data-testid="publish-changes">
                    {p.diff.added.map((d) => (
                      <li key={`a${d.id}`}>Division added: {d.title}</li>
                    ))}
                    {p.diff.removed.map((d) => (
                      <li key={`r${d.id}`}>Division removed: {d.title}</li>
                    ))}
                    {p.diff.renamed.map((d) => (
                      <li key={`n${d.id}`}>
                        Division renamed: {d.from} → {d.to}
                      </li>
                    ))}
                    {p.diff.moved.map((m) => (
                      <li key={`m${m.competitorId}-${m.fromId}`}>
                        {m.competitorName} moved: {m.fromTitle} → {m.toTitle ?? 'no division'}
                      </li>
                    ))}
                  </ul>
                  {p.familiesToNotify > 0 && (
                    <p className="text-sm">
                      {p.familiesToNotify} families will be recorded for a division change notice.
                    </p>
                  )}
                  <div className="flex gap-2">
                    <Button
                      disabled={publish.busy}
                      onClick={() => void publish.run(true).then((r) => r.ok && setOpen(false))}
                    >
                      Confirm and publish
                    </Button>
                    <Button variant="outline" onClick={() => setOpen(false)}>
                      Cancel
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
