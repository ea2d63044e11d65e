import { useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { t } from '@web/lib/i18n.tsx';
import { isOfflineError } from '@web/lib/offline.ts';
import { useOnline } from '@web/sync/hooks.ts';
import { confirmDirectorUnlock } from '../api/ring-lock.ts';
import type { RingLock } from '../model/ring-lock.ts';

// The banner of a tablet locked to one ring (decision 042), and its Unlock dialog: a director
// types their e-mail and password, the server checks them, and only then does the lock go.
// Offline it cannot be unlocked, and the dialog says so instead of pretending.

export function RingLockPanel({ lock, onUnlocked }: { lock: RingLock; onUnlocked: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border p-3" data-testid="ring-lock">
      <Lock aria-hidden="true" className="size-5" />
      <div className="grid">
        <p className="font-semibold">{t('matchday.lock.locked', { ring: lock.ringName })}</p>
        <p className="text-sm text-muted-foreground">{t('matchday.lock.lockedHint')}</p>
      </div>
      <Button variant="outline" size="lg" className="ml-auto" onClick={() => setOpen(true)}>
        {t('matchday.lock.unlock')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <UnlockDialog
            ringName={lock.ringName}
            onUnlocked={() => {
              setOpen(false);
              onUnlocked();
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

function UnlockDialog({ ringName, onUnlocked }: { ringName: string; onUnlocked: () => void }) {
  const online = useOnline();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await confirmDirectorUnlock({ email, password });
      onUnlocked();
    } catch (err) {
      setError(
        isOfflineError(err)
          ? t('matchday.lock.failed')
          : err instanceof Error
            ? err.message
            : t('matchday.lock.failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('matchday.lock.title')}</DialogTitle>
        <DialogDescription>{t('matchday.lock.description')}</DialogDescription>
      </DialogHeader>
      {!online ? (
        <Alert>{t('matchday.lock.offline', { ring: ringName })}</Alert>
      ) : (
        <form className="grid gap-3" onSubmit={(e) => void submit(e)}>
          <div className="grid gap-1">
            <Label htmlFor="unlock-email">{t('matchday.lock.email')}</Label>
            <Input
              id="unlock-email"
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="unlock-password">{t('matchday.lock.password')}</Label>
            <Input
              id="unlock-password"
              type="password"
              autoComplete="off"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && <Alert variant="danger">{error}</Alert>}
          <DialogFooter>
            <Button type="submit" size="lg" disabled={busy}>
              {t('matchday.lock.unlock')}
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}
