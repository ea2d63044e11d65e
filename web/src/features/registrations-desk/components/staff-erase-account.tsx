import { useState, type FormEvent } from 'react';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { t } from '@web/lib/i18n.tsx';
import { failureText } from '@web/lib/offline.ts';
import { eraseFamilyAccount } from '@web/lib/account-erasure.ts';

// A super admin carries out a deletion request a family sent by mail or made in person, from the
// family's desk page (decision 046): the same erasure as "Delete my account", with the reason
// written to the audit log.

export function StaffEraseAccount({
  userId,
  onErased,
}: {
  userId: number;
  onErased: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card data-testid="staff-erase-account">
      <CardHeader>
        <CardTitle as="h2">{t('privacy.staffErase.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="text-sm">{t('privacy.staffErase.intro')}</p>
        <div>
          <Button variant="destructiveOutline" onClick={() => setOpen(true)}>
            {t('privacy.staffErase.open')}
          </Button>
        </div>
        <Dialog open={open} onOpenChange={setOpen}>
          {open && (
            <EraseDialog
              userId={userId}
              onErased={(message) => {
                setOpen(false);
                onErased(message);
              }}
            />
          )}
        </Dialog>
      </CardContent>
    </Card>
  );
}

function EraseDialog({ userId, onErased }: { userId: number; onErased: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onErased(await eraseFamilyAccount(userId, reason));
    } catch (err) {
      setError(failureText(err));
      setBusy(false);
    }
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('privacy.staffErase.confirmTitle')}</DialogTitle>
        <DialogDescription>{t('privacy.staffErase.confirmText')}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-3" onSubmit={(e) => void submit(e)}>
        <div className="grid gap-1">
          <Label htmlFor="erase-reason">{t('privacy.staffErase.reason')}</Label>
          <Textarea
            id="erase-reason"
            required
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {error && <Alert variant="danger">{error}</Alert>}
        <DialogFooter className="gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('privacy.staffErase.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={busy}>
            {t('privacy.staffErase.confirm')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
