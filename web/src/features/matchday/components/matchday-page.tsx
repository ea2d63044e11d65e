import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { DIRECTOR_ROLES, hasAnyRole } from '@shared/domain/roles.ts';
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
import { ConfirmDialog } from '@web/components/venue/confirm-dialog.tsx';
import { VenueRefusals } from '@web/components/venue/venue-refusals.tsx';
import { cn } from '@web/lib/utils.ts';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { newDrawSeed } from '@web/lib/draw-seed.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useRingDay } from '@web/lib/tournaments.ts';
import { useSession } from '@web/lib/session.ts';
import { FirstSyncNotice } from '@web/sync/first-sync-notice.tsx';
import { useEffect, useState } from 'react';
import { syncEngine } from '@web/sync/engine.ts';
import { mutate, useHasSynced, useHeartbeat, useReplica } from '@web/sync/hooks.ts';
import type { ReplicaSnapshot } from '@web/sync/replica.ts';
import { BracketView } from './bracket-view.tsx';
import { CorrectResult } from './correct-result.tsx';
import { JudgedScores } from './judged-scores.tsx';
import { useRingChoice } from './ring-choice.ts';
import { RingLockPanel } from './ring-lock-panel.tsx';
import { useRingLock } from '../model/ring-lock.ts';
import { absentEntries, estimatedStarts } from '@shared/domain/matchday/index.ts';
import { divisionView, placeLabel, type DivisionView } from '../model/rules.ts';
import { href, mayOpen, PAGES } from '@web/app/pages.ts';

// /admin/matchday (decision 023): a ring official's tablet. Pick the ring (kept on the device),
// see its queue with estimated starts, start the next division, mark no-shows, enter scores
// (judged) or winners (bracket), and complete it; a director corrects a completed result.
// A director may lock the tablet to its ring (decision 042): then only that ring shows, and
// unlocking needs a director's password.
// Everything is a matchday mutation on the replica: it works offline and converges later.

const MATCHDAY_SCREEN_MUTATORS: readonly Mutator[] = [
  startDivision,
  markNoShow,
  recordScore,
  recordMatchWinner,
  completeDivision,
  correctResult,
];

export function MatchdayPage() {
  usePageMeta(PAGES.matchday.title, t('matchday.description'));
  const snapshot = useReplica('matchday');
  const synced = useHasSynced('matchday');
  const [chosenRingId, chooseRing] = useRingChoice();
  const [lock, setLock] = useRingLock();
  const roles = useSession()?.user.roles ?? [];
  const rings = [...snapshot.rows('rings')].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  // A locked tablet shows its ring whatever the address or the last choice says.
  const ringId = lock ? lock.ringId : chosenRingId;
  const ring = rings.find((r) => r.id === ringId);
  // The tablet's heartbeat (decision 048): the ring it runs goes with each matchday pull, and it
  // pulls every half minute, so the control room hears from a quiet ring too.
  const runningRingId = ring?.id ?? null;
  useEffect(() => {
    if (!snapshot.loaded) return;
    syncEngine().setDeviceRing(runningRingId);
  }, [snapshot.loaded, runningRingId]);
  useHeartbeat('matchday');

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('matchday.heading')}</h1>
        {mayOpen(href('leaderboard'), roles) && (
          <Button asChild variant="outline" size="lg">
            <Link to={href('leaderboard')}>{t('matchday.leaderboard')}</Link>
          </Button>
        )}
      </div>
      {!snapshot.loaded ? (
        <p>{t('matchday.loading')}</p>
      ) : (
        <>
          {synced === false && rings.length === 0 && <FirstSyncNotice />}
          {lock ? (
            <RingLockPanel lock={lock} onUnlocked={() => setLock(null)} />
          ) : (
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <Label htmlFor="matchday-ring">{t('matchday.ring')}</Label>
                <Select
                  id="matchday-ring"
                  className="h-11 w-64"
                  value={ring ? String(ring.id) : ''}
                  onChange={(e) => chooseRing(e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">{t('matchday.ring.choose')}</option>
                  {rings.map((r) => (
                    <option key={r.id} value={r.id}>
                      {t('matchday.ring.option', { name: r.name, open: String(r.isOpen) })}
                    </option>
                  ))}
                </Select>
              </div>
              {ring && hasAnyRole(roles, DIRECTOR_ROLES) && (
                <Button
                  variant="outline"
                  size="lg"
                  onClick={() => setLock({ ringId: ring.id, ringName: ring.name })}
                >
                  <Lock aria-hidden="true" />
                  {t('matchday.lock.lock', { ring: ring.name })}
                </Button>
              )}
            </div>
          )}
          <VenueRefusals mutators={MATCHDAY_SCREEN_MUTATORS} failing={snapshot.failing} />
          {rings.length === 0 && synced && <p>{t('matchday.noRings')}</p>}
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
  const format = useFormat();
  const divisions = snapshot.rows('divisions').filter((d) => d.ringId === ringId);
  const current = divisions.find((d) => d.status === 'current');
  const queue = divisions
    .filter((d) => d.status === 'upcoming')
    .sort((a, b) => a.queueOrder - b.queueOrder || a.id - b.id);
  const completed = divisions
    .filter((d) => d.status === 'completed')
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  const day = useRingDay();
  const estimates = estimatedStarts(snapshot.rows('divisions'), new Date(), day);

  return (
    <div className="grid gap-4">
      {current ? (
        <CurrentDivision division={current} snapshot={snapshot} />
      ) : (
        <p className="text-lg" data-testid="ring-idle">
          {t('matchday.idle', { ring: ringName })}
          {queue.length > 0 ? t('matchday.idle.next') : ''}
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('matchday.queue.title', { ring: ringName })}</CardTitle>
        </CardHeader>
        <CardContent>
          {queue.length === 0 ? (
            <p>{t('matchday.queue.empty')}</p>
          ) : (
            <ol className="grid gap-2" data-testid="matchday-queue">
              {queue.map((d, i) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 border-t pt-2">
                  <div>
                    <p className="font-medium">{tm(d.title)}</p>
                    <p className="text-sm text-muted-foreground">
                      {d.eventTypes.join(', ')} ·{' '}
                      {t('matchday.queue.competitors', { count: d.competitorCount })}
                      {estimates.get(d.id) ? ` · ${format.about(estimates.get(d.id)!)}` : ''}
                    </p>
                  </div>
                  {i === 0 && !current && <StartDivision division={d} snapshot={snapshot} />}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      {completed.length > 0 && (
        <section className="grid gap-3" aria-labelledby="completed-heading">
          <h2 id="completed-heading" className="text-xl font-semibold">
            {t('matchday.completedOn', { ring: ringName })}
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

/**
 * "Start" for the ring's next division. When some of its competitors (not marked as no-shows)
 * are not checked in, the tablet asks first, naming them (decision 050, "Checked in"): mark them
 * as no-shows and start, or start with everyone; closing the question starts nothing.
 */
function StartDivision({ division, snapshot }: { division: SyncDivision; snapshot: ReplicaSnapshot }) {
  const [absent, setAbsent] = useState<SyncDivisionEntry[] | null>(null);
  const start = () =>
    void mutate(startDivision, {
      divisionId: division.id,
      seed: newDrawSeed(),
      at: new Date().toISOString(),
    });
  const notCheckedIn = () => {
    const competitors = snapshot.map('competitors');
    return absentEntries(
      snapshot.rows('divisionEntries').filter((e) => e.divisionId === division.id),
      (id) => Boolean(competitors.get(id)?.checkedInAt),
    ).sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  };
  const markAndStart = async (entries: readonly SyncDivisionEntry[]) => {
    // In this order in the outbox: the no-shows first, so the start draws without them.
    for (const e of entries)
      await mutate(markNoShow, { divisionId: division.id, competitorId: e.competitorId, noShow: true });
    start();
  };
  return (
    <>
      <Button
        size="lg"
        aria-label={t('matchday.start.label', { title: tm(division.title) })}
        onClick={() => {
          const missing = notCheckedIn();
          if (missing.length === 0) start();
          else setAbsent(missing);
        }}
      >
        {t('matchday.start')}
      </Button>
      {absent && (
        <ConfirmDialog
          title={t('matchday.start.absent.title', { title: tm(division.title) })}
          description={t('matchday.start.absent.text', {
            count: absent.length,
            names: absent.map(nameOf).join(', '),
          })}
          confirm={t('matchday.start.absent.noShows', { count: absent.length })}
          keep={t('matchday.start.absent.keep')}
          other={{
            label: t('matchday.start.absent.everyone'),
            onClick: () => {
              setAbsent(null);
              start();
            },
          }}
          onAnswer={(yes) => {
            setAbsent(null);
            if (yes) void markAndStart(absent);
          }}
        />
      )}
    </>
  );
}

function CurrentDivision({ division, snapshot }: { division: SyncDivision; snapshot: ReplicaSnapshot }) {
  const format = useFormat();
  const view = divisionView(division, snapshot);
  const competitors = snapshot.map('competitors');
  const [confirming, setConfirming] = useState(false);
  const complete = () =>
    void mutate(completeDivision, { divisionId: division.id, at: new Date().toISOString() });
  // Held upright (768x1024), the tablet shows one part at a time, chosen by the buttons above
  // them: the competitors, or one event type's scores or bracket. Sideways, all of them, stacked.
  const parts = [
    { key: 'competitors', label: t('matchday.competitors') },
    ...view.events.map((ev) => ({ key: `event-${ev.rules.eventTypeId}`, label: ev.rules.title })),
  ];
  const [shown, setShown] = useState('competitors');
  const part = parts.some((p) => p.key === shown) ? shown : 'competitors';
  const partClass = (key: string) => cn('grid gap-2', part !== key && 'portrait:hidden');

  return (
    <Card data-testid="current-division">
      <CardHeader>
        <p className="text-sm font-semibold uppercase text-muted-foreground">{t('matchday.runningNow')}</p>
        <CardTitle>{tm(division.title)}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {division.eventTypes.join(', ')}
          {division.startedAt
            ? t('matchday.started', { time: format.timeOrDateTime(division.startedAt) })
            : ''}
        </p>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div
          role="group"
          aria-label={t('matchday.view.label')}
          className="hidden flex-wrap gap-2 portrait:flex"
          data-testid="division-parts"
        >
          {parts.map((p) => (
            <Button
              key={p.key}
              size="lg"
              variant={part === p.key ? 'default' : 'outline'}
              aria-pressed={part === p.key}
              onClick={() => setShown(p.key)}
            >
              {p.label}
            </Button>
          ))}
        </div>
        <section aria-labelledby={`competitors-${division.id}`} className={partClass('competitors')}>
          <h3 id={`competitors-${division.id}`} className="text-lg font-semibold">
            {t('matchday.competitors')}
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
                      <Badge variant="success">{t('matchday.checkedIn')}</Badge>
                    ) : (
                      <Badge variant="outline">{t('matchday.notCheckedIn')}</Badge>
                    )}{' '}
                    {e.noShow && <Badge variant="danger">{t('matchday.noShow')}</Badge>}
                  </div>
                  <Button
                    variant="outline"
                    className="h-11"
                    aria-pressed={e.noShow}
                    aria-label={t('matchday.noShow.label', { name: nameOf(e) })}
                    onClick={() =>
                      void mutate(markNoShow, {
                        divisionId: division.id,
                        competitorId: e.competitorId,
                        noShow: !e.noShow,
                      })
                    }
                  >
                    {e.noShow ? t('matchday.noShow.undo') : t('matchday.noShow.mark')}
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
            className={partClass(`event-${ev.rules.eventTypeId}`)}
          >
            <h3 id={`event-${division.id}-${ev.rules.eventTypeId}`} className="text-lg font-semibold">
              {ev.rules.title}{' '}
              <span className="text-sm font-normal text-muted-foreground">
                {ev.rules.decidedBy === 'judged'
                  ? t('matchday.judges', { count: ev.rules.judges })
                  : t('matchday.bracket')}
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
          <Button
            size="lg"
            disabled={!view.completable}
            onClick={() => setConfirming(true)}
            data-testid="complete-division"
          >
            {t('matchday.complete')}
          </Button>
          {confirming && (
            // It ends the division running on the ring: asked first (there is no undo for it).
            <ConfirmDialog
              title={t('matchday.complete.title', { title: tm(division.title) })}
              description={t('matchday.complete.text')}
              confirm={t('matchday.complete.confirm')}
              keep={t('matchday.complete.keep')}
              onAnswer={(yes) => {
                setConfirming(false);
                if (yes) complete();
              }}
            />
          )}
          {!view.completable && (
            <p className="text-sm text-muted-foreground" data-testid="complete-missing">
              {t('matchday.stillToDecide', {
                events: view.events
                  .filter((e) => !e.placings)
                  .map((e) => e.rules.title)
                  .join(', '),
              })}
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
    <ol className="grid gap-1" aria-label={t('matchday.placings')} data-testid="placings">
      {placings.map((p) => (
        <li key={`${p.place}:${p.competitorId}`}>
          <span className="inline-block w-12 font-semibold">{placeLabel(p.place)}</span>
          {view.name(p.competitorId)}
        </li>
      ))}
    </ol>
  );
}

function CompletedDivision({ division, snapshot }: { division: SyncDivision; snapshot: ReplicaSnapshot }) {
  const format = useFormat();
  const view = divisionView(division, snapshot);
  return (
    <Card data-testid="completed-division">
      <CardHeader>
        <CardTitle as="h3">{tm(division.title)}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {division.completedAt
            ? t('matchday.completedAt', { time: format.timeOrDateTime(division.completedAt) })
            : t('matchday.completed')}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {view.events.map((ev) => (
          <div key={ev.rules.eventTypeId} className="grid gap-2">
            <h4 className="font-semibold">{ev.rules.title}</h4>
            <Placings view={view} placings={ev.result?.placings ?? null} />
            {ev.result?.correctedAt && (
              <p className="text-sm text-muted-foreground">
                {ev.result.correctedByName
                  ? t('matchday.correctedBy', {
                      name: ev.result.correctedByName,
                      time: format.timeOrDateTime(ev.result.correctedAt),
                    })
                  : t('matchday.corrected', { time: format.timeOrDateTime(ev.result.correctedAt) })}
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
