import type { DraftDivision } from '@shared/domain/matchmaking/index.ts';
import type { DraftView } from '@shared/contract/matchmaking.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { t, tm } from '@web/lib/i18n.tsx';
import { typeTitles } from '../model/draft-model.ts';

// The divisions a split or combine would leave, before applying it. Their titles are made here,
// by the shared rules: a generated one is a message reference (shared titles.ts), shown translated.

export function PreviewList({ view, divisions }: { view: DraftView; divisions: readonly DraftDivision[] }) {
  const people = new Map(view.competitors.map((c) => [c.id, c]));
  return (
    <section aria-label={t('matchmaking.preview')} className="grid gap-3 sm:grid-cols-2">
      {divisions.map((d) => (
        <Card key={d.key} data-testid="preview-division">
          <CardHeader>
            <CardTitle as="h3">{tm(d.title)}</CardTitle>
            <p className="text-sm text-muted-foreground">
              {typeTitles(view, d.eventTypeIds)} ·{' '}
              {t('matchmaking.competitors', { count: d.competitorIds.length })}
            </p>
          </CardHeader>
          <CardContent>
            <ul className="text-sm">
              {d.competitorIds.map((id) => {
                const c = people.get(id);
                return <li key={id}>{c ? `${c.firstName} ${c.lastName} (${c.age})` : `#${id}`}</li>;
              })}
            </ul>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
