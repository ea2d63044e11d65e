import { useState } from 'react';
import { useNow } from '@web/lib/use-now.ts';
import type { SyncDivision, SyncRing } from '@shared/contract/sync-entities.ts';
import {
  previewRebalance,
  type ControlWarning,
  type RebalancePreview,
  type RingStatus,
} from '@shared/domain/matchday/index.ts';
import {
  assignDivision,
  balanceRings,
  setBehindWarning,
  type Mutator,
} from '@shared/domain/mutators/index.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { RebalancePanel } from '@web/components/venue/rebalance-panel.tsx';
import { VenueRefusals } from '@web/components/venue/venue-refusals.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useRingDay } from '@web/lib/tournaments.ts';
import { PAGES } from '@web/app/pages.ts';
import { FirstSyncNotice } from '@web/sync/first-sync-notice.tsx';
import {
  mutate,
  useDevices,
  useHasSynced,
  useHeartbeat,
  useLastSynced,
  useReplica,
} from '@web/sync/hooks.ts';
import type { ReplicaSnapshot } from '@web/sync/replica.ts';
import { behindWarningMinutes, controlView } from '../model/view.ts';

// /admin/control-room (decision 048): the director's live view of every ring on tournament day.
// It reads the device's matchday rows (the venue platform: live on every pull, and the last state
// offline) and the devices a director's pull lists; the rules (progress, ahead or behind,
// estimated ends, warnings, a rebalance's preview) are shared's. Moving a queued division and
// rebalancing are the rings page's matchday mutations.

const CONTROL_MUTATORS: readonly Mutator[] = [assignDivision, balanceRings, setBehindWarning];

export function ControlRoomPage() {
  usePageMeta(PAGES.controlRoom.title, t('control.description'));
  const snapshot = useReplica('matchday');
  const synced = useHasSynced('matchday');
  const devices = useDevices();
  // Fresh devices while the page is open, poked or not; and minutes that move on their own.
  useHeartbeat('matchday');
  const now = useNow(15_000);
  const [preview, setPreview] = useState<RebalancePreview | null>(null);
  const rings = [...snapshot.rows('rings')].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const divisions = snapshot.rows('divisions');
  // The devices are as of this device's last sync: offline, a tablet is not called silent for it;
  // and before any sync, an empty list says no ring lacks a tablet.
  const lastSynced = useLastSynced();
  const day = useRingDay();
  const view = controlView(snapshot, devices, now, lastSynced ? new Date(lastSynced) : undefined, day);
  const ringName = (id: number | null) =>
    rings.find((r) => r.id === id)?.name ?? t('control.rebalance.noRing');
  const openRingIds = rings.filter((r) => r.isOpen).map((r) => r.id);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('control.heading')}</h1>
        <Button
          size="lg"
          variant="outline"
          disabled={openRingIds.length === 0}
          onClick={() => setPreview(previewRebalance(divisions, openRingIds, new Date(), day))}
        >
          {t('control.rebalance.preview')}
        </Button>
      </div>
      <VenueRefusals mutators={CONTROL_MUTATORS} failing={snapshot.failing} />
      {!snapshot.loaded ? (
        <p>{t('control.loading')}</p>
      ) : (
        <>
          {synced === false && rings.length === 0 && <FirstSyncNotice />}
          {preview && (
            <RebalancePanel
              preview={preview}
              divisions={divisions}
              ringName={ringName}
              onApply={() => {
                void mutate(balanceRings, {});
                setPreview(null);
              }}
              onCancel={() => setPreview(null)}
            />
          )}
          <section aria-labelledby="control-warnings" className="grid gap-2">
            <h2 id="control-warnings" className="text-xl font-semibold">
              {t('control.warnings')}
            </h2>
            {view.warnings.length === 0 ? (
              <p className="text-muted-foreground">{t('control.warnings.none')}</p>
            ) : (
              <ul className="grid gap-1" data-testid="control-warnings">
                {view.warnings.map((w) => (
                  <li
                    key={`${w.kind}:${w.ringId}:${'divisionId' in w ? w.divisionId : 'deviceId' in w ? w.deviceId : ''}`}
                    className="rounded-md border border-destructive/50 bg-danger-bg px-3 py-2 text-danger-fg"
                  >
                    <WarningText warning={w} ringName={ringName} divisions={divisions} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {rings.length === 0 && synced && <p>{t('control.noRings')}</p>}
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {view.rings.map((status) => (
              <RingCard
                key={status.ring.id}
                status={status}
                rings={rings}
                queue={divisions
                  .filter((d) => d.ringId === status.ring.id && d.status === 'upcoming')
                  .sort((a, b) => a.queueOrder - b.queueOrder || a.id - b.id)}
              />
            ))}
          </div>
          <ThresholdSetting snapshot={snapshot} tournamentId={rings[0]?.tournamentId ?? null} />
        </>
      )}
    </div>
  );
}

function WarningText({
  warning: w,
  ringName,
  divisions,
}: {
  warning: ControlWarning;
  ringName: (id: number | null) => string;
  divisions: readonly SyncDivision[];
}) {
  const format = useFormat();
  const ring = ringName(w.ringId);
  switch (w.kind) {
    case 'behind':
      return <>{t('control.warning.behind', { ring, minutes: w.minutes })}</>;
    case 'closedWithQueue':
      return <>{t('control.warning.closedWithQueue', { ring, count: w.queued })}</>;
    case 'notCheckedIn': {
      const title = divisions.find((d) => d.id === w.divisionId)?.title ?? '';
      return <>{t('control.warning.notCheckedIn', { ring, title: tm(title), count: w.missing })}</>;
    }
    case 'silentTablet':
      return (
        <>
          {t('control.warning.silentTablet', {
            ring,
            name: w.personName,
            time: format.clock(w.lastHeardAt),
          })}
        </>
      );
    case 'noTablet':
      return <>{t('control.warning.noTablet', { ring })}</>;
  }
}

function RingCard({
  status,
  rings,
  queue,
}: {
  status: RingStatus;
  rings: readonly SyncRing[];
  queue: readonly SyncDivision[];
}) {
  const format = useFormat();
  const { ring, current, devices } = status;
  const schedule =
    status.behindMinutes === null
      ? t('control.notStarted')
      : status.behindMinutes > 0
        ? t('control.behind', { minutes: status.behindMinutes })
        : status.behindMinutes < 0
          ? t('control.ahead', { minutes: -status.behindMinutes })
          : t('control.onTime');
  return (
    <Card data-testid={`control-ring-${ring.id}`} className="min-w-0">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center justify-between gap-2">
          <span>{ring.name}</span>
          <Badge variant={ring.isOpen ? 'success' : 'secondary'}>
            {ring.isOpen ? t('control.ring.open') : t('control.ring.closed')}
          </Badge>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {current ? (
          <div className="grid gap-1" data-testid="control-current">
            <p className="text-base font-medium break-words">
              {t('control.now', { title: tm(current.title) })}
            </p>
            {current.progress.competitors && (
              <p data-testid="control-scored">
                {t('control.scored', {
                  done: current.progress.competitors.done,
                  total: current.progress.competitors.total,
                })}
              </p>
            )}
            {current.progress.matches && (
              <p data-testid="control-matches">
                {t('control.matches', {
                  done: current.progress.matches.done,
                  total: current.progress.matches.total,
                })}
              </p>
            )}
            {current.startedAt && (
              <p>
                {t('control.timing', {
                  time: format.clock(current.startedAt),
                  elapsed: current.elapsedMinutes,
                  estimate: current.estimatedMinutes,
                })}
              </p>
            )}
          </div>
        ) : (
          <p className="text-base">{t('control.idle')}</p>
        )}
        <p data-testid="control-schedule">{schedule}</p>
        <p>
          {t('control.queue', { count: status.queued })}
          {status.estimatedEnd ? ` · ${t('control.ends', { time: format.clock(status.estimatedEnd) })}` : ''}
        </p>
        {/* Every device on the ring, one line each, the most recently heard first: a director's
            tablet opened on the ring hides neither the official's unsent changes nor its silence. */}
        {devices.length === 0 ? (
          <p data-testid="control-tablet" className="text-muted-foreground">
            {t('control.tablet.none')}
          </p>
        ) : (
          <ul
            className="grid gap-1 text-muted-foreground"
            aria-label={t('control.tablets', { ring: ring.name })}
          >
            {devices.map((device) => (
              <li key={device.id} data-testid="control-tablet" className="break-words">
                {t('control.tablet', { name: device.personName, time: format.clock(device.lastHeardAt) })}
                {device.outboxDepth > 0 && (
                  <span className="font-medium text-foreground">
                    {` · ${t('control.tablet.unsent', { count: device.outboxDepth })}`}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {queue.length > 0 && (
          <details>
            <summary className="cursor-pointer py-1">{t('control.queueOf', { ring: ring.name })}</summary>
            <ol className="grid gap-2 pt-1">
              {queue.map((d) => (
                <li key={d.id} className="grid gap-1 border-t pt-2">
                  <span className="break-words">{tm(d.title)}</span>
                  <Select
                    aria-label={t('control.move.label', { title: tm(d.title) })}
                    className="h-11 w-full"
                    value=""
                    onChange={(e) => {
                      if (e.target.value)
                        void mutate(assignDivision, { divisionId: d.id, ringId: Number(e.target.value) });
                    }}
                  >
                    <option value="">{t('control.move.choose')}</option>
                    {rings
                      .filter((r) => r.id !== ring.id)
                      .map((r) => (
                        <option key={r.id} value={r.id}>
                          {r.name}
                        </option>
                      ))}
                  </Select>
                </li>
              ))}
            </ol>
          </details>
        )}
      </CardContent>
    </Card>
  );
}

function ThresholdSetting({
  snapshot,
  tournamentId,
}: {
  snapshot: ReplicaSnapshot;
  tournamentId: number | null;
}) {
  const saved = behindWarningMinutes(snapshot);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (tournamentId === null) return null;
  const value = text ?? String(saved);
  const save = () => {
    const minutes = Number(value);
    if (!/^\d+$/.test(value.trim()) || minutes < 1 || minutes > 240) {
      setError(t('control.threshold.invalid'));
      return;
    }
    setError(null);
    setText(null);
    void mutate(setBehindWarning, { tournamentId, minutes });
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor="behind-warning">{t('control.threshold.label')}</Label>
        <Input
          id="behind-warning"
          inputMode="numeric"
          className="h-11 w-28"
          value={value}
          aria-invalid={error !== null}
          aria-describedby={error ? 'behind-warning-error' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <Button type="submit" size="lg" variant="outline">
        {t('control.threshold.save')}
      </Button>
      {error && (
        <p id="behind-warning-error" className="w-full text-sm text-danger-fg">
          {error}
        </p>
      )}
    </form>
  );
}
