import { nextTournament } from '@shared/domain/tournament-status.ts';
import type { FamilyDayLine } from '@shared/domain/family-day.ts';
import type { Formatters } from '@shared/i18n/format.ts';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useNow } from '@web/lib/use-now.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { useFamilyDay, useTournaments } from '../api/day.ts';

// `/customer/day` (docs/decisions/051-family-day-page.md): each child's divisions, ring and live
// status, moving with the rings without a reload.

const STATUS = {
  queued: { label: 'day.status.queued', badge: 'outline' },
  upNext: { label: 'day.status.upNext', badge: 'secondary' },
  now: { label: 'day.status.now', badge: 'default' },
  // The TV's own word for a ring closed mid-division.
  paused: { label: 'signage.paused', badge: 'secondary' },
  completed: { label: 'day.status.completed', badge: 'success' },
  toBeAnnounced: { label: 'day.status.toBeAnnounced', badge: 'outline' },
} as const;

/** What the family reads under the division's name: where, and when or how it went. */
function detail(line: FamilyDayLine, format: Formatters): string {
  const ring = line.ringName ?? '';
  switch (line.status) {
    case 'queued':
    case 'upNext':
      return t('day.detail.waiting', { ring, when: line.startsAt ? format.clock(line.startsAt) : 'soon' });
    case 'now':
      return t('day.detail.now', { ring });
    case 'paused':
      return t('day.detail.paused', { ring });
    case 'completed':
      if (!line.placingsKnown) return t('day.detail.placingsComing');
      return line.placings.length === 0
        ? t('day.detail.noPlacing')
        : line.placings
            .map((p) =>
              t('day.detail.placing', {
                eventType: p.eventType,
                place: t('public.results.place', { place: p.place }),
              }),
            )
            .join(', ');
    case 'toBeAnnounced':
      return line.ringClosed ? t('day.detail.ringClosed', { ring }) : t('day.detail.noRing');
  }
}

function DivisionLine({ line, format }: { line: FamilyDayLine; format: Formatters }) {
  const what = [line.eventTypes.join(' & '), tm(line.title)].filter(Boolean).join(', ');
  return (
    <li
      data-testid="day-division"
      data-division-id={line.divisionId}
      className="grid gap-1 border-t pt-3 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-words font-medium">{what}</span>
        <Badge variant={STATUS[line.status].badge} data-testid="day-status">
          {t(STATUS[line.status].label)}
        </Badge>
      </div>
      <p className="break-words">{detail(line, format)}</p>
      {line.movedFrom && line.ringName && line.status !== 'completed' && (
        <p role="status" className="text-sm font-semibold">
          {t('day.moved', { from: line.movedFrom, ring: line.ringName })}
        </p>
      )}
    </li>
  );
}

export function DayPage() {
  usePageMeta(PAGES.customerDay.title, t('day.description'));
  const format = useFormat();
  const now = useNow(15_000);
  const tournaments = useTournaments();
  const next = tournaments.data ? nextTournament(tournaments.data, now) : undefined;
  const day = useFamilyDay(next ?? undefined, now);

  if (tournaments.isLoading || (next && day.loading)) return <Spinner />;
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <h1 className="text-2xl font-bold">{tm(PAGES.customerDay.title)}</h1>
      {next && <p className="text-muted-foreground">{next.venue}</p>}
      {day.children.length === 0 ? (
        <p>{day.error ? t('day.notLoaded') : t('day.none')}</p>
      ) : (
        day.children.map((child) => (
          <Card key={child.competitorId} data-testid="day-child">
            <CardHeader>
              <CardTitle as="h2">{child.firstName}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-3">
                {child.divisions.map((line) => (
                  <DivisionLine key={line.divisionId} line={line} format={format} />
                ))}
              </ul>
            </CardContent>
          </Card>
        ))
      )}
      <p className="text-sm text-muted-foreground">{t('registration.schedule.estimates')}</p>
      <p className="flex flex-wrap gap-x-4">
        <Link to={href('results')} className="inline-flex min-h-11 items-center">
          {tm(PAGES.results.title)}
        </Link>
        <Link to={href('customerHome')} className="inline-flex min-h-11 items-center">
          {t('day.backHome')}
        </Link>
      </p>
    </div>
  );
}
