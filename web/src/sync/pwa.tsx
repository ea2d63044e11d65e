import { useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { Button } from '../components/ui/button.tsx';
import { t } from '../lib/i18n.tsx';
import { onBeforeLogout, onForcedLogout, onLogout, useSession } from '../lib/session.ts';

// Main bundle (keep it small: the device store loads only when needed). Registers the
// service worker (sw/src/sw.ts), shows "Update available" for a new version and activates it
// only when the outbox is empty or the user confirms; guards and wipes local data on logout.

async function pendingCount(): Promise<number> {
  const { deviceDb } = await import('./db.ts');
  return deviceDb().outbox.count();
}

const pendingQuestion = (n: number, question: 'update' | 'logout') =>
  `${t('common.pwa.pending', { count: n })} ${
    question === 'update'
      ? t('common.pwa.updateQuestion', { count: n })
      : t('common.pwa.logoutQuestion', { count: n })
  }`;

let waiting: Workbox | null = null;
const listeners = new Set<() => void>();
function setWaiting(wb: Workbox | null) {
  waiting = wb;
  for (const l of listeners) l();
}

/**
 * How long the new version may take to take control after "Update" before the page reloads
 * anyway. It normally takes control at once and `controllerchange` reloads the page; a worker
 * still busy with a request can hold it back, and the tablet must not sit on an Update button
 * that did nothing. The reload lets the old version go (its page leaves), and the new one,
 * already told to skip waiting, takes over; if it still cannot, the banner shows again.
 */
const TAKEOVER_MS = 10_000;

function UpdateBanner() {
  const wb = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting,
  );
  const [updating, setUpdating] = useState(false);
  if (!wb) return null;
  const update = async () => {
    const n = await pendingCount();
    if (n > 0 && !window.confirm(pendingQuestion(n, 'update'))) return;
    setUpdating(true);
    wb.messageSkipWaiting();
    window.setTimeout(() => window.location.reload(), TAKEOVER_MS);
  };
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-4 z-50 mx-auto flex w-fit items-center gap-3 rounded-md border bg-background px-4 py-2 text-sm shadow-lg"
    >
      <span>{t('common.pwa.updateAvailable')}</span>
      <Button size="sm" onClick={() => void update()} disabled={updating} aria-busy={updating}>
        {updating ? t('common.pwa.updating') : t('common.pwa.update')}
      </Button>
    </div>
  );
}

/** Registers the service worker and mounts the update banner (production builds only). */
export function startPwa(): void {
  guardLogout();
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <>
      <UpdateBanner />
      <UnsentChangesNotice />
    </>,
  );
  // A new version waits for the user's "Update" (which checks the outbox first).
  // A signage TV (decision 022) has nobody to tap it: it updates itself when nothing is queued.
  wb.addEventListener('waiting', () => {
    if (!window.location.pathname.startsWith('/signage/')) return setWaiting(wb);
    void pendingCount().then(
      (n) => (n === 0 ? wb.messageSkipWaiting() : setWaiting(wb)),
      () => setWaiting(wb),
    );
  });
  // Reload into the new version once it takes control of a page an older version controlled
  // (after this tab's Update, or another tab's). Workbox's `isUpdate` is not enough: it is false
  // for a page that loaded before the first worker and was claimed by it afterwards.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) window.location.reload();
    controlled = true;
  });
  void wb.register();
}

/**
 * Set when a forced logout kept changes not yet sent (localStorage, so the main bundle can
 * show the notice without opening the device store).
 */
export const UNSENT_KEY = 'nomac-unsent-changes';
const UNSENT_CHANGE = 'nomac-unsent-change';

function setUnsentFlag(on: boolean): void {
  if (on) localStorage.setItem(UNSENT_KEY, '1');
  else localStorage.removeItem(UNSENT_KEY);
  window.dispatchEvent(new Event(UNSENT_CHANGE));
}

/**
 * A forced logout (401/403 from /api): with nothing queued the device store is wiped, as on
 * any logout; with changes not yet sent it is kept whole (they are the only copy), and the
 * app asks to sign in again. The same person signing in resumes the push; another person
 * gets a paused engine that never sends them under their name (engine.ts).
 */
export async function onForcedLogoutKeepUnsent(): Promise<'wiped' | 'kept'> {
  const [{ deviceDb, wipeDeviceStore }, { stopSyncEngine }] = await Promise.all([
    import('./db.ts'),
    import('./engine.ts'),
  ]);
  const db = deviceDb();
  // Counted and wiped in one transaction: a change queued meanwhile is never wiped.
  const wiped = await db.transaction('rw', db.tables, async () => {
    if ((await db.outbox.count()) > 0) return false;
    await wipeDeviceStore(db);
    return true;
  });
  if (wiped) stopSyncEngine();
  setUnsentFlag(!wiped);
  return wiped ? 'wiped' : 'kept';
}

/** Signed out with changes kept by a forced logout: ask to sign in again. */
export function UnsentChangesNotice() {
  const session = useSession();
  const flagged = useSyncExternalStore(
    (l) => {
      window.addEventListener(UNSENT_CHANGE, l);
      window.addEventListener('storage', l);
      return () => {
        window.removeEventListener(UNSENT_CHANGE, l);
        window.removeEventListener('storage', l);
      };
    },
    () => localStorage.getItem(UNSENT_KEY) !== null,
  );
  if (session || !flagged) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-0 top-4 z-50 mx-auto flex w-fit items-center gap-3 rounded-md border bg-background px-4 py-2 text-sm shadow-lg"
    >
      <span>{t('common.pwa.unsent')}</span>
      <Button size="sm" asChild>
        <a href="/user/login">{t('common.pwa.signIn')}</a>
      </Button>
    </div>
  );
}

/** Logout with queued changes asks first; local data is wiped on logout. */
export function guardLogout(): void {
  onForcedLogout(async () => {
    await onForcedLogoutKeepUnsent();
  });
  onBeforeLogout(async () => {
    const n = await pendingCount();
    return n === 0 || window.confirm(pendingQuestion(n, 'logout'));
  });
  onLogout(async () => {
    const [{ stopSyncEngine }, { wipeDeviceStore }] = await Promise.all([
      import('./engine.ts'),
      import('./db.ts'),
    ]);
    stopSyncEngine();
    await wipeDeviceStore();
    setUnsentFlag(false);
  });
}
