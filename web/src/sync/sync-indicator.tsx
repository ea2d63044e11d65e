import { CircleCheck, CloudOff, RefreshCw, TriangleAlert, Wifi } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../components/ui/button.tsx';
import {
  useLastSynced,
  useOnline,
  usePendingCount,
  useRejections,
  useSentReport,
  useSyncState,
} from './hooks.ts';
import { sentSummary } from './sent-summary.ts';
import { cn } from '../lib/utils.ts';
import { t, tm, useFormat } from '../lib/i18n.tsx';
import { OTHER_PERSONS_CHANGES, syncEngine } from './engine.ts';
import { wipeDeviceStore } from './db.ts';

/** The person now signed in drops what another account left unsent on this tablet (after asking). */
async function discardOtherPersonsChanges(): Promise<void> {
  if (!window.confirm(t('common.sync.discardConfirm'))) return;
  await wipeDeviceStore();
  await syncEngine().syncNow();
}

// On every staff screen (admin layout): online/offline, changes not yet sent, last synced, and the
// changes the server refused with its reasons. Offline is normal at a venue (docs/design.md §1), so
// it is said plainly and calmly (decision 028): a blue band with what it means, never a danger
// alert. Back online, it says what reached the server ("3 check-ins sent", decision 028).

export function SyncIndicator({ onlyWhenWaiting = false }: { onlyWhenWaiting?: boolean }) {
  const format = useFormat();
  const online = useOnline();
  const state = useSyncState();
  const pending = usePendingCount();
  const lastSynced = useLastSynced();
  const rejections = useRejections();

  useEffect(() => {
    // Staff data must survive storage pressure on a tablet (docs/design.md §4).
    void navigator.storage?.persist?.().catch(() => false);
  }, []);

  const sent = useSentReport();
  const offline = !online || state.status === 'offline';
  // A screen that does not sync: said only while something waits to be sent or was refused.
  if (onlyWhenWaiting && !pending && rejections.length === 0) return null;
  const sentText = sent && !offline ? sentSummary(sent.counts) : null;
  return (
    <section
      aria-label={t('common.sync.label')}
      className={cn(
        'grid gap-2 rounded-md border px-3 py-2 text-sm',
        offline &&
          'border-2 border-sky-700 bg-sky-50 text-sky-950 dark:border-sky-300 dark:bg-sky-950 dark:text-sky-50',
      )}
      data-testid="sync-indicator"
      data-offline={offline ? 'true' : 'false'}
    >
      {offline && (
        <p className="flex items-start gap-2 text-base" data-testid="offline-notice">
          <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            <strong>{t('common.sync.workingOffline')}</strong> {t('common.sync.offlineExplained')}
          </span>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="inline-flex items-center gap-1 font-medium" data-testid="sync-online">
          {offline ? (
            <CloudOff aria-hidden="true" className="size-4" />
          ) : (
            <Wifi aria-hidden="true" className="size-4" />
          )}
          {offline ? t('common.sync.offline') : t('common.sync.online')}
        </span>
        <span data-testid="sync-pending">
          {/* Never "All changes sent" before the outbox has actually been read. */}
          {pending === undefined
            ? t('common.sync.checking')
            : pending === 0
              ? // "Sent" only beside a "Last synced": never "All changes sent" and "Not synced yet".
                lastSynced
                ? t('common.sync.allSent')
                : t('common.sync.nothingToSend')
              : t('common.sync.pending', { count: pending })}
        </span>
        {/* Always in the page, so screen readers hear it when it fills (a polite live region). */}
        <span role="status" className="empty:hidden">
          {sentText && (
            <span
              className="inline-flex items-center gap-1 font-medium text-success-fg"
              data-testid="sync-sent"
            >
              <CircleCheck aria-hidden="true" className="size-4 text-success" />
              {sentText}
            </span>
          )}
        </span>
        <span className={offline ? undefined : 'text-muted-foreground'} data-testid="sync-last">
          {lastSynced
            ? t('common.sync.lastSynced', { time: format.timeOrDateTime(lastSynced) })
            : t('common.sync.notSynced')}
        </span>
        {state.status === 'syncing' && (
          <span className="text-muted-foreground">{t('common.sync.syncing')}</span>
        )}
        {state.status === 'signed-out' && state.detail === OTHER_PERSONS_CHANGES && (
          <span role="alert" className="font-medium text-destructive">
            {tm(OTHER_PERSONS_CHANGES)}{' '}
            <Button size="sm" variant="outline" onClick={() => void discardOtherPersonsChanges()}>
              {t('common.sync.discard')}
            </Button>
          </span>
        )}
        {state.status === 'signed-out' && state.detail !== OTHER_PERSONS_CHANGES && (
          <span role="alert" className="font-medium text-destructive">
            {t('common.sync.sessionExpired')}
          </span>
        )}
        {state.status === 'error' && state.detail && (
          <span className="text-destructive">{tm(state.detail)}</span>
        )}
        <Button size="sm" variant="ghost" onClick={() => void syncEngine().syncNow()}>
          <RefreshCw aria-hidden="true" />
          {t('common.sync.syncNow')}
        </Button>
      </div>
      {rejections.length > 0 && (
        <details>
          <summary className="inline-flex cursor-pointer items-center gap-1 font-medium text-destructive">
            <TriangleAlert aria-hidden="true" className="size-4" />
            {t('common.sync.refused', { count: rejections.length })}
          </summary>
          <ul className="mt-1 grid gap-1" data-testid="sync-rejections">
            {rejections.map((r) => (
              <li key={r.mutationId}>
                {format.timeOrDateTime(r.at)}: {tm(r.message)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
