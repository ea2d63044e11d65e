import { Fragment, useState } from 'react';
import type { MessageSummary } from '@shared/contract/communications.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useHistory } from '../api/communications.ts';
import { STATUS_LABELS } from './send-progress.tsx';

// The communications page's history region: what was sent for the tournament. An automatic
// notices' run is one row ("Up soon, Ring 2, 3 families"), opened to show its recipients
// (docs/decisions/047-family-notices.md).

const channelText = (c: 'email' | 'sms') =>
  c === 'email' ? t('communications.channel.email') : t('communications.channel.sms');

export function History({ tournamentId, onView }: { tournamentId: number; onView: (id: number) => void }) {
  const time = useFormat();
  const history = useHistory(tournamentId);
  const rows: MessageSummary[] = history.data ?? [];
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('communications.history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p>{t('communications.history.empty')}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('communications.history.sent')}</TableHead>
                <TableHead>{t('communications.history.channel')}</TableHead>
                <TableHead>{t('communications.history.audience')}</TableHead>
                <TableHead>{t('communications.history.subject')}</TableHead>
                <TableHead>{t('communications.history.progress')}</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((m) => (
                <Fragment key={m.id}>
                  <TableRow>
                    <TableCell>{time.dateTime(m.createdAt)}</TableCell>
                    <TableCell>
                      {m.run ? m.run.channels.map(channelText).join(', ') : channelText(m.channel)}
                    </TableCell>
                    <TableCell>{tm(m.audienceLabel)}</TableCell>
                    <TableCell>{m.subject || m.body.slice(0, 40)}</TableCell>
                    <TableCell>
                      {m.counts.failed
                        ? t('communications.history.countsFailed', {
                            sent: m.counts.sent,
                            total: m.counts.total,
                            failed: m.counts.failed,
                          })
                        : t('communications.history.counts', { sent: m.counts.sent, total: m.counts.total })}
                    </TableCell>
                    <TableCell>
                      {m.run ? (
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          aria-expanded={open === m.id}
                          aria-controls={`run-${m.id}`}
                          onClick={() => setOpen(open === m.id ? null : m.id)}
                        >
                          {open === m.id
                            ? t('communications.history.hideRecipients')
                            : t('communications.history.showRecipients', { count: m.run.recipients.length })}
                        </Button>
                      ) : (
                        <Button type="button" variant="outline" size="sm" onClick={() => onView(m.id)}>
                          {t('communications.history.view')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                  {m.run && open === m.id && (
                    <TableRow id={`run-${m.id}`}>
                      <TableCell colSpan={6}>
                        <ul className="space-y-1 text-sm" aria-label={tm(m.audienceLabel)}>
                          {m.run.recipients.map((r) => (
                            <li key={`${r.messageId}-${r.address}`} className="break-words">
                              {t('communications.history.recipient', {
                                name: r.name || r.address,
                                address: r.address,
                                channel: channelText(r.channel),
                                status: t(STATUS_LABELS[r.status] ?? 'communications.status.queued'),
                              })}
                              {r.failureReason ? ` (${tm(r.failureReason)})` : ''}
                            </li>
                          ))}
                        </ul>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
