import { CloudUpload } from 'lucide-react';
import { t } from '@web/lib/i18n.tsx';

/**
 * The small mark of a score or winner this tablet entered that the server has not confirmed yet
 * (the outbox still holds it): calm, never an alarm, since offline is normal at the venue.
 */
export function PendingMark() {
  return (
    <span
      className="inline-flex items-center gap-0.5 text-xs text-muted-foreground"
      title={t('matchday.notSent')}
      data-testid="pending-mark"
    >
      <CloudUpload aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('matchday.notSent')}</span>
    </span>
  );
}
