import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { RETENTION } from '@shared/domain/erasure.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { useOptionalToast } from '@web/components/ui/toast.tsx';
import { t, tm } from '@web/lib/i18n.tsx';
import { isOfflineError } from '@web/lib/offline.ts';
import { forceLogout, logout } from '@web/lib/session.ts';
import { href } from '@web/app/pages.ts';
import { deleteAccount } from '@web/lib/account-erasure.ts';

// "Delete my account" (decision 046), in "Your data" on /customer/home: what it erases and what
// it keeps, then a dialog that asks for the password again. It takes effect at once: the family
// is signed out and this device's data is wiped.

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-2" data-testid="delete-account">
      <h3 className="font-semibold">{t('privacy.delete.title')}</h3>
      <p className="text-sm">{t('privacy.delete.intro', { years: RETENTION.paymentYears })}</p>
      <div>
        <Button variant="destructiveOutline" size="lg" onClick={() => setOpen(true)}>
          {t('privacy.delete.open')}
        </Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <ConfirmDialog />}
      </Dialog>
    </div>
  );
}

function ConfirmDialog() {
  const navigate = useNavigate();
  const toast = useOptionalToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const message = await deleteAccount(password);
      // The server ended every session already; this device forgets it and its data.
      if (!(await logout())) await forceLogout();
      toast?.({ title: tm(message), variant: 'success' });
      await navigate(href('home'));
    } catch (err) {
      setError(isOfflineError(err) || !(err instanceof Error) ? t('privacy.delete.failed') : err.message);
      setBusy(false);
    }
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('privacy.delete.confirmTitle')}</DialogTitle>
        <DialogDescription>{t('privacy.delete.confirmText')}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-3" onSubmit={(e) => void submit(e)}>
        <div className="grid gap-1">
          <Label htmlFor="delete-account-password">{t('privacy.delete.password')}</Label>
          <Input
            id="delete-account-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {error && <Alert variant="danger">{error}</Alert>}
        <DialogFooter className="gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline" size="lg">
              {t('privacy.delete.keep')}
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" size="lg" disabled={busy}>
            {t('privacy.delete.confirm')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
