import { useEffect } from 'react';
import { isFinished, progressPercent } from '@shared/contract/communications.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import { useMessage } from '../api/communications.ts';

// The communications page's progress region: one sent message's recipients and their status, read again while it sends.

/** How often a send in progress is read again. */
const PROGRESS_REFRESH_MS = 1000;

export const STATUS_LABELS: Record<string, MessageKey> = {
  queued: 'communications.status.queued',
  sending: 'communications.status.sending',
  sent: 'communications.status.sent',
  failed: 'communications.status.failed',
  unsubscribed: 'communications.status.unsubscribed',
};

export function Progress({ messageId }: { messageId: number }) {
  const message = useMessage(messageId);
  const data = message.data;
  const finished = data ? isFinished(data.counts) : false;
  const { refetch } = message;
  useEffect(() => {
    if (finished) return;
    const timer = setInterval(refetch, PROGRESS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [finished, refetch]);
  if (!data) return <Spinner />;
  const percent = progressPercent(data.counts);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {t('communications.progress.title', {
            channel:
              data.channel === 'email' ? t('communications.channel.email') : t('communications.channel.sms'),
            subject: data.subject || data.body.slice(0, 60),
          })}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          role="progressbar"
          aria-label={t('communications.progress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 rounded-sm bg-muted"
        >
          <span className="block h-3 rounded-sm bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p data-testid="send-progress">
          {t('communications.progress.counts', {
            percent,
            sent: data.counts.sent,
            failed: data.counts.failed,
            unsubscribed: data.counts.unsubscribed,
            waiting: data.counts.queued + data.counts.sending,
            total: data.counts.total,
          })}
        </p>
        {data.capReachedAt && <p role="status">{t('communications.progress.capReached')}</p>}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('communications.progress.recipient')}</TableHead>
              <TableHead>{t('communications.progress.address')}</TableHead>
              <TableHead>{t('communications.progress.status')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.recipients.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.name}</TableCell>
                <TableCell>{r.address}</TableCell>
                <TableCell>
                  <Badge
                    variant={r.status === 'failed' ? 'danger' : r.status === 'sent' ? 'success' : 'secondary'}
                  >
                    {STATUS_LABELS[r.status] ? t(STATUS_LABELS[r.status]!) : r.status}
                  </Badge>
                  {r.failureReason && <span className="ml-2 text-sm">{tm(r.failureReason)}</span>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
