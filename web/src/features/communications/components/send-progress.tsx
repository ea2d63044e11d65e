import { useEffect } from 'react';
import { isFinished, progressPercent } from '@shared/contract/communications.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table.tsx';
import { useMessage } from '../api/communications.ts';

// The communications page's progress region: one sent message's recipients and their status, read again while it sends.

/** How often a send in progress is read again. */
const PROGRESS_REFRESH_MS = 1000;

const STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unsubscribed: 'Unsubscribed',
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
          {data.channel === 'email' ? 'E-mail' : 'SMS'}: {data.subject || data.body.slice(0, 60)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          role="progressbar"
          aria-label="Sending progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 rounded-sm bg-muted"
        >
          <span className="block h-3 rounded-sm bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p data-testid="send-progress">
          {percent}% done: {data.counts.sent} sent, {data.counts.failed} failed, {data.counts.unsubscribed}{' '}
          unsubscribed, {data.counts.queued + data.counts.sending} waiting, of {data.counts.total}.
        </p>
        {data.capReachedAt && (
          <p role="status">Sending stopped at the SMS cost cap: the messages left were not sent.</p>
        )}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Recipient</TableHead>
              <TableHead>Address</TableHead>
              <TableHead>Status</TableHead>
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
                    {STATUS_LABELS[r.status]}
                  </Badge>
                  {r.failureReason && <span className="ml-2 text-sm">{r.failureReason}</span>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
