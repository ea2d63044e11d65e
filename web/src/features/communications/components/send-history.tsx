import type { MessageSummary } from '@shared/contract/communications.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table.tsx';
import { useTimeFormat } from '@web/lib/format.ts';
import { useHistory } from '../api/communications.ts';

// The communications page's history region: what was sent for the tournament.

export function History({ tournamentId, onView }: { tournamentId: number; onView: (id: number) => void }) {
  const time = useTimeFormat();
  const history = useHistory(tournamentId);
  const rows: MessageSummary[] = history.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Send history</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p>Nothing has been sent for this tournament yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Sent</TableHead>
                <TableHead>Channel</TableHead>
                <TableHead>Audience</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>Progress</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>{time.dateTime(m.createdAt)}</TableCell>
                  <TableCell>{m.channel === 'email' ? 'E-mail' : 'SMS'}</TableCell>
                  <TableCell>{m.audienceLabel}</TableCell>
                  <TableCell>{m.subject || m.body.slice(0, 40)}</TableCell>
                  <TableCell>
                    {m.counts.sent} sent of {m.counts.total}
                    {m.counts.failed ? `, ${m.counts.failed} failed` : ''}
                  </TableCell>
                  <TableCell>
                    <Button type="button" variant="outline" size="sm" onClick={() => onView(m.id)}>
                      View
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
