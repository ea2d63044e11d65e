import {
  assignDivision,
  balanceRings,
  reorderQueue,
  setRingOpen,
  type Mutator,
} from '@shared/domain/mutators/index.ts';
import { useState } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { RebalancePanel } from '@web/components/venue/rebalance-panel.tsx';
import { VenueRefusals } from '@web/components/venue/venue-refusals.tsx';
import { t } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { PAGES } from '@web/app/pages.ts';
import { FirstSyncNotice } from '@web/sync/first-sync-notice.tsx';
import { mutate, useHasSynced, useReplica } from '@web/sync/hooks.ts';
import { useNextTournamentId } from '../api/rings.ts';
import { buildBoard } from '../model/board.ts';
import {
  divisionProgress,
  estimatedStarts,
  previewRebalance,
  type RebalancePreview,
} from '@shared/domain/matchday/index.ts';
import { RingSetup } from './ring-setup.tsx';
import { RingsBoard } from './rings-board.tsx';

// /admin/rings (decision 023): a director sets up the next tournament's rings (over /api) and lays
// the published divisions out on them (matchday mutations, so it works offline): a pool of
// divisions on no ring, each ring's queue with estimated starts, drag and drop (pointer or
// keyboard, dnd-kit) and plain controls that do the same ("Move to ring…", "Up", "Down").
// Divisions that have started stay where they are.

const RING_MUTATORS: readonly Mutator[] = [setRingOpen, assignDivision, reorderQueue, balanceRings];

export function RingsPage() {
  usePageMeta(PAGES.rings.title, t('rings.description'));
  const snapshot = useReplica('matchday');
  const synced = useHasSynced('matchday');
  const nextTournamentId = useNextTournamentId();
  const rings = snapshot.rows('rings');
  const divisions = snapshot.rows('divisions');
  const board = buildBoard(rings, divisions);
  const estimates = estimatedStarts(divisions, new Date());
  const tournamentId = rings[0]?.tournamentId ?? divisions[0]?.tournamentId ?? nextTournamentId;
  // "Balance rings" shows the proposed queues first and applies only when asked (decision 052).
  const [preview, setPreview] = useState<RebalancePreview | null>(null);
  const openRingIds = [...rings]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .filter((r) => r.isOpen)
    .map((r) => r.id);
  const balance = () => setPreview(previewRebalance(divisions, openRingIds, new Date()));
  // The running division's progress, by the control room's rule (docs/decisions/048-control-room.md).
  const progressOf = (division: (typeof divisions)[number]) =>
    divisionProgress(division, {
      entries: snapshot.rows('divisionEntries'),
      scores: snapshot.rows('scores'),
      matchResults: snapshot.rows('matchResults'),
      results: snapshot.rows('divisionResults'),
    });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('rings.heading')}</h1>
        <Button size="lg" onClick={balance} disabled={!rings.some((r) => r.isOpen)}>
          {t('rings.balance')}
        </Button>
      </div>
      <VenueRefusals mutators={RING_MUTATORS} failing={snapshot.failing} />
      {!snapshot.loaded ? (
        <p>{t('rings.loading')}</p>
      ) : (
        <>
          {synced === false && rings.length === 0 && divisions.length === 0 && <FirstSyncNotice />}
          {preview && (
            <RebalancePanel
              preview={preview}
              divisions={divisions}
              ringName={(id) => rings.find((r) => r.id === id)?.name ?? t('control.rebalance.noRing')}
              onApply={() => {
                void mutate(balanceRings, {});
                setPreview(null);
              }}
              onCancel={() => setPreview(null)}
            />
          )}
          <RingSetup rings={board.rings.map((c) => c.ring)} tournamentId={tournamentId} />
          <RingsBoard board={board} estimates={estimates} progressOf={progressOf} />
        </>
      )}
    </div>
  );
}
