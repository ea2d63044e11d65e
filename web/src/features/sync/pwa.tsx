import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { Button } from '../../components/ui/button.tsx';
import { onBeforeLogout, onLogout } from '../../lib/session.ts';

// Main bundle (keep it small: the device store loads only when needed). Registers the
// service worker (sw/src/sw.ts), shows "Update available" for a new version and activates it
// only when the outbox is empty or the user confirms; guards and wipes local data on logout.

async function pendingCount(): Promise<number> {
  const { deviceDb } = await import('./db.ts');
  return deviceDb().outbox.count();
}

const pendingQuestion = (n: number) =>
  `${n} ${n === 1 ? 'change is' : 'changes are'} not yet sent to the server.`;

let waiting: Workbox | null = null;
const listeners = new Set<() => void>();
function setWaiting(wb: Workbox | null) {
  waiting = wb;
  for (const l of listeners) l();
}

function UpdateBanner() {
  const wb = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting,
  );
  if (!wb) return null;
  const update = async () => {
    const n = await pendingCount();
    if (
      n > 0 &&
      !window.confirm(`${pendingQuestion(n)} They are kept and sent after the update. Update now?`)
    )
      return;
    wb.messageSkipWaiting();
  };
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-4 z-50 mx-auto flex w-fit items-center gap-3 rounded-md border bg-background px-4 py-2 text-sm shadow-lg"
    >
      <span>Update available</span>
      <Button size="sm" onClick={() => void update()}>
        Update
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
  createRoot(host).render(<UpdateBanner />);
  // A new version waits for the user's "Update" (which checks the outbox first).
  wb.addEventListener('waiting', () => setWaiting(wb));
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  void wb.register();
}

/** Logout with queued changes asks first; local data is wiped on logout. */
export function guardLogout(): void {
  onBeforeLogout(async () => {
    const n = await pendingCount();
    return n === 0 || window.confirm(`${pendingQuestion(n)} Logging out deletes them. Log out anyway?`);
  });
  onLogout(async () => {
    const [{ stopSyncEngine }, { wipeDeviceStore }] = await Promise.all([
      import('./engine.ts'),
      import('./db.ts'),
    ]);
    stopSyncEngine();
    await wipeDeviceStore();
  });
}
