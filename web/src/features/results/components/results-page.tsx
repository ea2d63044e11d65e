import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CompetitorScheduleEntry, PublicResults } from '@shared/contract/matchday.ts';
import { textMatches } from '@shared/domain/names.ts';
import { nextTournament, utcDay } from '@shared/domain/tournament-status.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useSession } from '@web/lib/session.ts';
import { cn } from '@web/lib/utils.ts';
import { PAGES } from '@web/app/pages.ts';
import { useOwnEntries, useResults, useTournaments } from '../api/results.ts';

// /results (decision 022): public, no login. Completed divisions' placings and the Grand
// Championship leaderboard by group, each person by first name, last initial and school only
// (the server sends nothing more). One column, readable on a phone in the stands.

const RECENT_DAYS = 14;

/**
 * The tournament whose results to show: `?tournamentId=`; else one held in the last two weeks
 * (families look results up after the day); else the next (on its day, today's); else the latest.
 */
function pickTournament<T extends { id: number; tournamentDate: string }>(
  list: readonly T[],
  wanted: number | null,
  now: Date,
): T | undefined {
  if (wanted !== null) return list.find((t) => t.id === wanted);
  const today = utcDay(now);
  const since = utcDay(new Date(now.getTime() - RECENT_DAYS * 24 * 3600 * 1000));
  const byDate = [...list].sort((a, b) => a.tournamentDate.localeCompare(b.tournamentDate));
  const recent = byDate.filter((t) => t.tournamentDate < today && t.tournamentDate >= since).at(-1);
  return recent ?? nextTournament(byDate, now) ?? byDate.at(-1);
}

/** The family's own children as the public results name them, and their placings. */
interface Own {
  names: ReadonlySet<string>;
  /** "divisionId:eventTypeId:place:name" of each of the children's placings. */
  placings: ReadonlySet<string>;
}

function ownOf(entries: readonly CompetitorScheduleEntry[]): Own {
  return {
    names: new Set(entries.map((e) => e.publicName)),
    placings: new Set(
      entries.flatMap((e) =>
        e.placings.map((p) => `${e.divisionId}:${p.eventTypeId}:${p.place}:${e.publicName}`),
      ),
    ),
  };
}

const OWN_ROW = 'bg-amber-100 font-semibold dark:bg-amber-900/60';

function Leaderboard({
  sections,
  own,
  query,
}: {
  sections: PublicResults['leaderboard'];
  own: Own;
  query: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('public.home.grandChampionship')}</CardTitle>
        <p className="text-sm text-muted-foreground">{t('public.results.pointsExplained')}</p>
      </CardHeader>
      <CardContent className="grid gap-6">
        {sections.length === 0 && <p>{t('public.results.noPoints')}</p>}
        {sections.map((s) => (
          <section key={s.groupId} aria-labelledby={`group-${s.groupId}`} data-testid="leaderboard-group">
            <h3 id={`group-${s.groupId}`} className="mb-1 text-lg font-semibold">
              {s.label}
            </h3>
            {s.rows.length === 0 ? (
              <p className="text-muted-foreground">{t('public.results.noPoints')}</p>
            ) : (
              <Table className="text-base">
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-16">{t('public.results.rank')}</TableHead>
                    <TableHead>{t('public.results.name')}</TableHead>
                    <TableHead className="text-right">{t('public.results.points')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {s.rows
                    .filter((r) => textMatches(`${tm(r.name)} ${r.school}`, query))
                    .map((r, i) => (
                      <TableRow
                        key={`${r.rank}-${r.name}-${i}`}
                        className={cn(own.names.has(r.name) && OWN_ROW)}
                        data-own={own.names.has(r.name) || undefined}
                      >
                        <TableCell>
                          {r.tied ? (
                            <>
                              <span aria-hidden="true">={r.rank}</span>
                              <span className="sr-only">{t('public.results.tied', { rank: r.rank })}</span>
                            </>
                          ) : (
                            r.rank
                          )}
                        </TableCell>
                        <TableCell>
                          <span className="font-medium">{tm(r.name)}</span>
                          <span className="block text-sm text-muted-foreground">{r.school}</span>
                        </TableCell>
                        <TableCell className="text-right font-semibold">{r.points}</TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            )}
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

/** A division the search keeps: all of it when its title matches, else its matching placings. */
function searched(
  d: PublicResults['divisions'][number],
  query: string,
): PublicResults['divisions'][number] | null {
  if (textMatches(`${tm(d.title)} ${d.eventTypes.join(' ')}`, query)) return d;
  const results = d.results
    .map((r) => ({
      ...r,
      placings: r.placings.filter((p) => textMatches(`${tm(p.name)} ${p.school}`, query)),
    }))
    .filter((r) => r.placings.length > 0);
  return results.length > 0 ? { ...d, results } : null;
}

function Divisions({
  divisions,
  own,
  query,
}: {
  divisions: PublicResults['divisions'];
  own: Own;
  query: string;
}) {
  const done = divisions
    .flatMap((d) => searched(d, query) ?? [])
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('public.results.divisions')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {done.length === 0 && (
          <p>{divisions.length === 0 ? t('public.results.noneFinished') : t('public.results.noMatch')}</p>
        )}
        {done.map((d) => (
          <section
            key={d.divisionId}
            aria-labelledby={`division-${d.divisionId}`}
            data-testid="division-result"
          >
            <h3 id={`division-${d.divisionId}`} className="text-lg font-semibold leading-tight">
              {tm(d.title)}
            </h3>
            {d.results.map((r) => (
              <div key={r.eventTypeId} className="mt-1">
                {d.results.length > 1 && <h4 className="font-medium text-muted-foreground">{r.eventType}</h4>}
                <ol className="grid gap-0.5">
                  {[...r.placings]
                    .sort((a, b) => a.place - b.place)
                    .map((p, i) => {
                      const mine = own.placings.has(`${d.divisionId}:${r.eventTypeId}:${p.place}:${p.name}`);
                      return (
                        <li
                          key={`${p.place}-${i}`}
                          className={cn(mine && `rounded-sm ${OWN_ROW}`)}
                          data-own={mine || undefined}
                        >
                          <span className="inline-block w-10 font-semibold">
                            {t('public.results.place', { place: p.place })}
                          </span>
                          {tm(p.name)}
                          <span className="text-muted-foreground">, {p.school}</span>
                        </li>
                      );
                    })}
                </ol>
              </div>
            ))}
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

/** `/results`: public. */
export function ResultsPage() {
  usePageMeta(PAGES.results.title, t('public.results.description'));
  const format = useFormat();
  const [params] = useSearchParams();
  const idParam = params.get('tournamentId');
  const wanted = idParam && /^\d{1,9}$/.test(idParam) ? Number(idParam) : null;
  const tournaments = useTournaments();
  const tournament = tournaments.data ? pickTournament(tournaments.data, wanted, new Date()) : undefined;
  const results = useResults(tournament?.id);
  const session = useSession();
  const ownEntries = useOwnEntries(tournament?.id, session !== null);
  const own = useMemo(() => ownOf(ownEntries.data ?? []), [ownEntries.data]);
  const [query, setQuery] = useState('');

  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <h1 className="text-2xl font-bold">{tm(PAGES.results.title)}</h1>
      {tournaments.isLoading || (tournament && results.isLoading && !results.data) ? (
        <Spinner />
      ) : !tournament ? (
        <p>{t('public.results.none')}</p>
      ) : results.error && !results.data ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">
          {tm(results.error.message)}
        </p>
      ) : (
        <>
          <p>
            {t('public.results.dateIn', {
              date: format.date(tournament.tournamentDate),
              city: tournament.city,
              venue: tournament.venue,
            })}
          </p>
          <div className="grid gap-1">
            <Label htmlFor="results-search">{t('public.results.search')}</Label>
            <Input
              id="results-search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('public.results.searchHint')}
            />
          </div>
          {own.names.size > 0 && (
            <p className="text-sm">
              <span className={cn('rounded-sm px-1', OWN_ROW)}>{t('public.results.ownHighlighted')}</span>
            </p>
          )}
          {results.data && <Divisions divisions={results.data.divisions} own={own} query={query} />}
          {results.data && <Leaderboard sections={results.data.leaderboard} own={own} query={query} />}
        </>
      )}
    </div>
  );
}
