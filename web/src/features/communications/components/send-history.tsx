import type { MessageSummary } from '@shared/contract/communications.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useHistory } from '../api/communications.ts';

// The communications page's history region: what was sent for the tournament.

export function History({ tournamentId, onView }: { tournamentId: number; onView: (id: number) => void }) {
  const time = useFormat();
  const history = useHistory(tournamentId);
  const rows: MessageSummary[] = history.data ?? [];
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
                <TableRow key={m.id}>
                  <TableCell>{time.dateTime(m.createdAt)}</TableCell>
                  <TableCell>
                    {m.channel === 'email'
                      ? t('communications.channel.email')
                      : t('communications.channel.sms')}
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
                    <Button type="button" variant="outline" size="sm" onClick={() => onView(m.id)}>
                      {t('communications.history.view')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
