import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table.tsx';
import { formatDate } from '@web/lib/format.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useDrafts } from '../api/matchmaking.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';

// /admin/matchmaking (decision 017): each tournament's drafts, newest tournament first, with
// counts and warnings, and "Create draft". One draft per tournament is the published one.

export function MatchmakingPage() {
  usePageMeta(PAGES.matchmaking.title, 'Drafts of each tournament’s divisions');
  const { data, error, isLoading } = useDrafts();
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-semibold">Matchmaking</h1>
      <QueryView query={{ data, error, isLoading }}>
        {(data) =>
          data.tournaments.map((t) => (
            <section key={t.id} aria-labelledby={`tournament-${t.id}`} className="grid gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={`tournament-${t.id}`} className="text-lg font-semibold">
                  {formatDate(t.tournamentDate)}, {t.city}
                </h2>
                <Button asChild size="sm">
                  <Link to={href('createDraft', { tournamentId: t.id })}>Create draft</Link>
                </Button>
              </div>
              {t.drafts.length === 0 ? (
                <p className="text-muted-foreground">No drafts yet.</p>
              ) : (
                <Table aria-labelledby={`tournament-${t.id}`}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Draft</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead className="text-right">Divisions</TableHead>
                      <TableHead className="text-right">Competitors</TableHead>
                      <TableHead className="text-right">With warnings</TableHead>
                      <TableHead className="text-right">Not in a division</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {t.drafts.map((d) => (
                      <TableRow key={d.id}>
                        <TableCell>
                          <Link to={href('draftAll', { draftId: d.id })}>{d.name}</Link>
                          {d.source === 'checkedIn' && (
                            <span className="text-muted-foreground"> (checked in only)</span>
                          )}
                        </TableCell>
                        <TableCell>
                          {d.status === 'published' ? (
                            <Badge variant="success">Published</Badge>
                          ) : (
                            <Badge variant="outline">Draft</Badge>
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
