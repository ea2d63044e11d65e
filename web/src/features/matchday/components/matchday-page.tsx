import { Link } from 'react-router';
import type { SyncDivision, SyncDivisionEntry } from '@shared/contract/sync-entities.ts';
import {
  completeDivision,
  correctResult,
  markNoShow,
  recordMatchWinner,
  recordScore,
  startDivision,
  type Mutator,
} from '@shared/domain/mutators/index.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { VenueRefusals } from '@web/components/venue/venue-refusals.tsx';
import { formatAbout, useTimeZone } from '@web/lib/format.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { FirstSyncNotice } from '@web/sync/first-sync-notice.tsx';
import { formatTimeOrDateTime } from '@shared/domain/time.ts';
import { mutate, useHasSynced, useReplica } from '@web/sync/hooks.ts';
import type { ReplicaSnapshot } from '@web/sync/replica.ts';
import { BracketView } from './bracket-view.tsx';
import { CorrectResult } from './correct-result.tsx';
import { JudgedScores } from './judged-scores.tsx';
import { useRingChoice } from './ring-choice.ts';
import { estimatedStarts } from '@shared/domain/matchday/index.ts';
import { divisionView, PLACE_LABEL, type DivisionView } from '../model/rules.ts';
import { href, PAGES } from '@web/app/pages.ts';

// /admin/matchday (decision 023): a ring official's tablet. Pick the ring (kept on the device),
// see its queue with estimated starts, start the next division, mark no-shows, enter scores
// (judged) or winners (bracket), and complete it; a director corrects a completed result.
// Everything is a matchday mutation on the replica: it works offline and converges later.

const MATCHDAY_SCREEN_MUTATORS: readonly Mutator[] = [
  startDivision,
  markNoShow,
  recordScore,
  recordMatchWinner,
  completeDivision,
  correctResult,
];

/** A seed for the draw, made once on this tablet (the server draws the same from it). */
function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! % 2 ** 31;
}

export function MatchdayPage() {
  usePageMeta(PAGES.matchday.title, 'Run a ring: its queue, scores, brackets and placings.');
  const snapshot = useReplica('matchday');
  const synced = useHasSynced('matchday');
  const [ringId, chooseRing] = useRingChoice();
  const rings = [...snapshot.rows('rings')].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const ring = rings.find((r) => r.id === ringId);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Matchday</h1>
        <Button asChild variant="outline" size="lg">
          <Link to={href('leaderboard')}>Leaderboard</Link>
        </Button>
      </div>
      {!snapshot.loaded ? (
        <p>Loading…</p>
      ) : (
        <>
          {synced === false && rings.length === 0 && <FirstSyncNotice />}
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor="matchday-ring">Ring</Label>
              <Select
                id="matchday-ring"
                className="h-11 w-64"
                value={ring ? String(ring.id) : ''}
                onChange={(e) => chooseRing(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">Choose this tablet's ring</option>
                {rings.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                    {r.isOpen ? '' : ' (closed)'}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <VenueRefusals mutators={MATCHDAY_SCREEN_MUTATORS} failing={snapshot.failing} />
          {rings.length === 0 && synced && <p>No rings yet: a director adds them on the Rings page.</p>}
          {ring && <RingRun ringId={ring.id} ringName={ring.name} snapshot={snapshot} />}
        </>
      )}
    </div>
  );
}

function RingRun({
  ringId,
  ringName,
  snapshot,
}: {
  ringId: number;
  ringName: string;
  snapshot: ReplicaSnapshot;
}) {
  const timeZone = useTimeZone();
  const divisions = snapshot.rows('divisions').filter((d) => d.ringId === ringId);
  const current = divisions.find((d) => d.status === 'current');
  const queue = divisions
    .filter((d) => d.status === 'upcoming')
    .sort((a, b) => a.queueOrder - b.queueOrder || a.id - b.id);
  const completed = divisions
    .filter((d) => d.status === 'completed')
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  const estimates = estimatedStarts(snapshot.rows('divisions'), new Date());

  return (
    <div className="grid gap-4">
      {current ? (
        <CurrentDivision division={current} snapshot={snapshot} />
      ) : (
        <p className="text-lg" data-testid="ring-idle">
          Nothing is running on {ringName}.
          {queue.length > 0 ? ' Start the next division when it is ready.' : ''}
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Queue of {ringName}</CardTitle>
        </CardHeader>
        <CardContent>
          {queue.length === 0 ? (
            <p>No divisions waiting on this ring.</p>
          ) : (
            <ol className="grid gap-2" data-testid="matchday-queue">
              {queue.map((d, i) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 border-t pt-2">
                  <div>
                    <p className="font-medium">{d.title}</p>
                    <p className="text-sm text-muted-foreground">
                      {d.eventTypes.join(', ')} · {d.competitorCount} competitors
                      {estimates.get(d.id) ? ` · ${formatAbout(estimates.get(d.id)!, timeZone)}` : ''}
                    </p>
                  </div>
                  {i === 0 && !current && (
                    <Button
                      size="lg"
                      aria-label={`Start ${d.title}`}
                      onClick={() =>
                        void mutate(startDivision, {
                          divisionId: d.id,
                          seed: newSeed(),
                          at: new Date().toISOString(),
                        })
                      }
                    >
                      Start
                    </Button>
                  )}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      {completed.length > 0 && (
        <section className="grid gap-3" aria-labelledby="completed-heading">
          <h2 id="completed-heading" className="text-xl font-semibold">
            Completed on {ringName}
          </h2>
          {completed.map((d) => (
            <CompletedDivision key={d.id} division={d} snapshot={snapshot} />
          ))}
        </section>
      )}
    </div>
  );
}

const nameOf = (e: Pick<SyncDivisionEntry, 'firstName' | 'lastName'>) => `${e.firstName} ${e.lastName}`;

function CurrentDivision({ division, snapshot }: { division: SyncDivision; snapshot: ReplicaSnapshot }) {
  const timeZone = useTimeZone();
  const view = divisionView(division, snapshot);
  const competitors = snapshot.map('competitors');
  const complete = () =>
    void mutate(completeDivision, { divisionId: division.id, at: new Date().toISOString() });

  return (
    <Card data-testid="current-division">
      <CardHeader>
        <p className="text-sm font-semibold uppercase text-muted-foreground">Running now</p>
        <CardTitle>{division.title}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {division.eventTypes.join(', ')}
          {division.startedAt ? ` · started ${formatTimeOrDateTime(division.startedAt, timeZone)}` : ''}
        </p>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby={`competitors-${division.id}`} className="grid gap-2">
          <h3 id={`competitors-${division.id}`} className="text-lg font-semibold">
            Competitors
          </h3>
          <ul className="grid gap-1">
            {view.entries.map((e) => {
              const checkedIn = competitors.get(e.competitorId)?.checkedInAt;
              return (
                <li
                  key={e.id}
                  className="flex flex-wrap items-center justify-between gap-2 border-t pt-1"
                  data-testid="division-competitor"
                >
                  <div>
                    <span className={e.noShow ? 'font-medium line-through' : 'font-medium'}>{nameOf(e)}</span>{' '}
                    <span className="text-sm text-muted-foreground">{e.school}</span>{' '}
                    {checkedIn ? (
                      <Badge variant="success">✓ Checked in</Badge>
                    ) : (
                      <Badge variant="outline">Not checked in</Badge>
                    )}{' '}
                    {e.noShow && <Badge variant="danger">No-show</Badge>}
                  </div>
                  <Button
                    variant="outline"
                    className="h-11"
                    aria-pressed={e.noShow}
                    aria-label={`No-show: ${nameOf(e)}`}
                    onClick={() =>
                      void mutate(markNoShow, {
                        divisionId: division.id,
                        competitorId: e.competitorId,
                        noShow: !e.noShow,
                      })
                    }
                  >
                    {e.noShow ? 'Undo no-show' : 'Mark no-show'}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
        {view.events.map((ev) => (
          <section
            key={ev.rules.eventTypeId}
            aria-labelledby={`event-${division.id}-${ev.rules.eventTypeId}`}
            className="grid gap-2"
          >
            <h3 id={`event-${division.id}-${ev.rules.eventTypeId}`} className="text-lg font-semibold">
              {ev.rules.title}{' '}
              <span className="text-sm font-normal text-muted-foreground">
                {ev.rules.decidedBy === 'judged' ? `${ev.rules.judges} judges` : 'Bracket'}
              </span>
            </h3>
            {ev.kind === 'judged' ? (
              <JudgedScores division={division} event={ev} view={view} />
            ) : (
              <BracketView division={division} event={ev} view={view} />
            )}
            <Placings view={view} placings={ev.placings} />
          </section>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button size="lg" disabled={!view.completable} onClick={complete} data-testid="complete-division">
            Complete division
          </Button>
          {!view.completable && (
            <p className="text-sm text-muted-foreground" data-testid="complete-missing">
              Still to decide:{' '}
              {view.events
                .filter((e) => !e.placings)
                .map((e) => e.rules.title)
                .join(', ')}
              .
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Placings({
  view,
  placings,
}: {
  view: DivisionView;
  placings: readonly { competitorId: number; place: number }[] | null;
}) {
  if (!placings) return null;
  return (
    <ol className="grid gap-1" aria-label="Placings" data-testid="placings">
      {placings.map((p) => (
        <li key={`${p.place}:${p.competitorId}`}>
          <span className="inline-block w-12 font-semibold">{PLACE_LABEL[p.place]}</span>
          {view.name(p.competitorId)}
        </li>
      ))}
    </ol>
  );
}

function CompletedDivision({ division, snapshot }: { division: SyncDivision; snapshot: ReplicaSnapshot }) {
  const timeZone = useTimeZone();
  const view = divisionView(division, snapshot);
  return (
    <Card data-testid="completed-division">
      <CardHeader>
        <CardTitle as="h3">{division.title}</CardTitle>
        <p className="text-sm text-muted-foreground">
          Completed{division.completedAt ? ` at ${formatTimeOrDateTime(division.completedAt, timeZone)}` : ''}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {view.events.map((ev) => (
          <div key={ev.rules.eventTypeId} className="grid gap-2">
            <h4 className="font-semibold">{ev.rules.title}</h4>
            <Placings view={view} placings={ev.result?.placings ?? null} />
            {ev.result?.correctedAt && (
              <p className="text-sm text-muted-foreground">
                Corrected{ev.result.correctedByName ? ` by ${ev.result.correctedByName}` : ''} at{' '}
                {formatTimeOrDateTime(ev.result.correctedAt, timeZone)}
              </p>
            )}
            <CorrectResult
              division={division}
              eventTypeId={ev.rules.eventTypeId}
              view={view}
              current={ev.result?.placings ?? []}
            />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
