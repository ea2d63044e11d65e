import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useDrafts } from '../api/matchmaking.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

// /admin/matchmaking (decision 017): each tournament's drafts, newest tournament first, with
// counts and warnings, and "Create draft". One draft per tournament is the published one.

export function MatchmakingPage() {
  usePageMeta(PAGES.matchmaking.title, t('matchmaking.description'));
  const format = useFormat();
  const { data, error, isLoading } = useDrafts();
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-semibold">{t('matchmaking.heading')}</h1>
      <QueryView query={{ data, error, isLoading }}>
        {(data) =>
          data.tournaments.map((tournament) => (
            <section
              key={tournament.id}
              aria-labelledby={`tournament-${tournament.id}`}
              className="grid gap-3"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={`tournament-${tournament.id}`} className="text-lg font-semibold">
                  {t('matchmaking.tournament', {
                    date: format.date(tournament.tournamentDate),
                    city: tournament.city,
                  })}
                </h2>
                <Button asChild size="sm">
                  <Link to={href('createDraft', { tournamentId: tournament.id })}>
                    {t('matchmaking.createDraft')}
                  </Link>
                </Button>
              </div>
              {tournament.drafts.length === 0 ? (
                <p className="text-muted-foreground">{t('matchmaking.noDrafts')}</p>
              ) : (
                <Table aria-labelledby={`tournament-${tournament.id}`}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t('matchmaking.col.draft')}</TableHead>
                      <TableHead>{t('matchmaking.col.status')}</TableHead>
                      <TableHead className="text-right">{t('matchmaking.col.divisions')}</TableHead>
                      <TableHead className="text-right">{t('matchmaking.col.competitors')}</TableHead>
                      <TableHead className="text-right">{t('matchmaking.col.warnings')}</TableHead>
                      <TableHead className="text-right">{t('matchmaking.col.unplaced')}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {tournament.drafts.map((d) => (
                      <TableRow key={d.id}>
                        <TableCell>
                          <Link to={href('draftAll', { draftId: d.id })}>{d.name}</Link>
                          {d.source === 'checkedIn' && (
                            <span className="text-muted-foreground">{t('matchmaking.checkedInOnly')}</span>
                          )}
                        </TableCell>
                        <TableCell>
                          {d.status === 'published' ? (
                            <Badge variant="success">{t('matchmaking.published')}</Badge>
                          ) : (
                            <Badge variant="outline">{t('matchmaking.draft')}</Badge>
                          )}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{d.divisions}</TableCell>
                        <TableCell className="text-right tabular-nums">{d.competitors}</TableCell>
                        <TableCell className="text-right tabular-nums">{d.warnings}</TableCell>
                        <TableCell className="text-right tabular-nums">{d.unplaced}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </section>
          ))
        }
      </QueryView>
    </section>
  );
}
