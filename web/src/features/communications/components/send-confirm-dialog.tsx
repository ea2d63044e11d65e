import type { Preview } from '@shared/contract/communications.ts';
import { smsCostCents } from '@shared/domain/communications.ts';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { t, useFormat } from '@web/lib/i18n.tsx';

/** What Send asks before anything goes out (decision 024). */
export interface SendQuestion {
  preview: Preview;
  /** The SMS text as the first recipient gets it (merged), for its cost. */
  smsText: string;
  smsSegmentCostCents: number;
  /** Minutes since this same message was sent from this tab, when under the repeat window. */
  repeatMinutes: number | null;
}

/** "Send 12 e-mails and 5 texts?", with the texts' cost and a word when it repeats a send. */
export function SendConfirmDialog({
  question,
  onAnswer,
}: {
  question: SendQuestion;
  onAnswer: (send: boolean) => void;
}) {
  const format = useFormat();
  const { preview, repeatMinutes } = question;
  const costCents = preview.smsRecipients * smsCostCents(question.smsText, question.smsSegmentCostCents);
  const nobody = preview.emailRecipients === 0 && preview.smsRecipients === 0;
  return (
    <Dialog open onOpenChange={(open) => !open && onAnswer(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {repeatMinutes === null ? t('communications.confirm.title') : t('communications.confirm.again')}
          </DialogTitle>
          <DialogDescription>
            {t('communications.confirm.counts', {
              emails: preview.emailRecipients,
              texts: preview.smsRecipients,
            })}
          </DialogDescription>
        </DialogHeader>
        {preview.smsRecipients > 0 && (
          <p data-testid="send-cost">
            {t('communications.confirm.cost', { cost: format.money(costCents / 100) })}
          </p>
        )}
        {repeatMinutes !== null && (
          <p role="alert" className="font-medium">
            {t('communications.confirm.repeat', { minutes: repeatMinutes })}
          </p>
        )}
        <DialogFooter className="flex-wrap">
          <Button variant="outline" onClick={() => onAnswer(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => onAnswer(true)} disabled={nobody}>
            {t('communications.confirm.send')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
