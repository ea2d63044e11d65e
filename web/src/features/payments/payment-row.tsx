import { useState } from 'react';
import type { SyncPayment } from '@shared/contract/sync.ts';
import { changeDue, MAX_VOID_REASON, PAYMENT_METHOD_LABELS } from '@shared/domain/door.ts';
import { voidPayment } from '@shared/domain/mutators/index.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useForm } from '@web/lib/form.ts';
import { mutate } from '@web/sync/hooks.ts';

// One recorded payment, with its void (SuperAdmin) asked for a reason first.

export function PaymentRow({
  payment: p,
  pending,
  canVoid,
}: {
  payment: SyncPayment;
  pending: boolean;
  canVoid: boolean;
}) {
  const format = useFormat();
  const change = changeDue(p);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
      data-testid="payment-row"
    >
      <div>
        <p className={p.voided ? 'font-medium line-through' : 'font-medium'}>
          {tm(PAYMENT_METHOD_LABELS[p.method])} {format.money(p.amount)}
          {p.tendered !== null &&
            ` ${t('payments.row.tendered', { tendered: format.money(p.tendered), change: format.money(change ?? 0) })}`}
        </p>
        <p className="text-sm text-muted-foreground">
          {format.timeOrDateTime(p.createdAt)}
          {p.recordedByName && ` ${t('payments.row.by', { name: p.recordedByName })}`}
        </p>
        {p.voided && (
          <p className="text-sm" data-testid="payment-voided">
            {p.voidedByName
              ? t('payments.row.voidedBy', { name: p.voidedByName, reason: p.voidReason ?? '' })
              : t('payments.row.voided', { reason: p.voidReason ?? '' })}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        {pending && <Badge variant="outline">{t('payments.notSent')}</Badge>}
        {p.voided && <Badge variant="danger">{t('payments.row.voidedBadge')}</Badge>}
        {canVoid && <VoidButton payment={p} />}
      </div>
    </li>
  );
}

function VoidButton({ payment: p }: { payment: SyncPayment }) {
  const [open, setOpen] = useState(false);
  const format = useFormat();
  const label = `${tm(PAYMENT_METHOD_LABELS[p.method])} ${format.money(p.amount)}`;
  // The mutator's own argument schema: the reason is required and trimmed (DOOR_MESSAGES.voidReason).
  const form = useForm({
    schema: voidPayment.args,
    initial: { paymentId: p.id, reason: '' },
    showErrors: 'submitted',
    onSubmit: (args) => confirm(args.reason),
  });
  const error = form.error('reason');

  async function confirm(text: string) {
    await mutate(voidPayment, { paymentId: p.id, reason: text });
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={t('payments.void.label', { label })}
      >
        {t('payments.void.button')}
      </Button>
      <DialogContent>
        <form onSubmit={(e) => void form.submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('payments.void.title', { label })}</DialogTitle>
            <DialogDescription>
              {t('payments.void.text', { amount: format.money(p.amount) })}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="void-reason">{t('payments.void.reason')}</Label>
            <Textarea
              id="void-reason"
              rows={3}
              maxLength={MAX_VOID_REASON}
              required
              value={form.values.reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'void-reason-error' : undefined}
              onChange={(e) => form.set('reason', e.target.value)}
            />
            {error && (
              <p id="void-reason-error" className="text-sm font-medium text-destructive">
                {tm(error)}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t('payments.void.cancel')}
            </Button>
            <Button type="submit" variant="destructive">
              {t('payments.void.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
