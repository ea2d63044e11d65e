import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { useTimeFormat } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { refreshQueries } from '../../../lib/use-query.ts';
import { useDevMailbox, useDevSmsOutbox } from '../api/dev-outbox.ts';

/**
 * `/admin/dev-outbox` (issue 16, SuperAdmin): the SMS kept without Twilio configuration and the
 * mails kept without SMTP_URL, newest first (the newest 100 of each), so a family's text or a
 * verification link can be read on a server that sends nothing.
 */
export function DevOutboxPage() {
  usePageMeta('Dev outbox', 'SMS and mails kept by a server that does not send them');
  const time = useTimeFormat();
  const sms = useDevSmsOutbox();
  const mail = useDevMailbox();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">Dev outbox</h1>
          <p className="text-sm text-muted-foreground">
            Without Twilio configured (TWILIO_*) the server keeps each SMS here instead of sending it; without
            SMTP_URL, each mail. The newest 100 of each.
          </p>
        </div>
        <Button variant="outline" onClick={() => refreshQueries('dev:')}>
          Refresh
        </Button>
      </div>

      <section aria-labelledby="dev-sms" className="grid gap-2">
        <h2 id="dev-sms" className="text-lg font-semibold">
          SMS outbox
        </h2>
        {sms.error && <Alert variant="danger">{sms.error.message}</Alert>}
        {sms.isLoading && !sms.data && <Spinner />}
        {sms.data?.length === 0 && <p>No SMS kept.</p>}
        {sms.data && sms.data.length > 0 && (
          <Table aria-labelledby="dev-sms">
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>To</TableHead>
                <TableHead>Message</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sms.data.map((m) => (
                <TableRow key={m.id}>
                  <TableCell className="whitespace-nowrap">{time.dateTime(m.createdAt)}</TableCell>
                  <TableCell className="whitespace-nowrap">{m.to}</TableCell>
                  <TableCell className="whitespace-pre-wrap">{m.body}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>

      <section aria-labelledby="dev-mail" className="grid gap-2">
        <h2 id="dev-mail" className="text-lg font-semibold">
          Mailbox
        </h2>
        {mail.error && <Alert variant="danger">{mail.error.message}</Alert>}
        {mail.isLoading && !mail.data && <Spinner />}
        {mail.data?.length === 0 && <p>No mail kept.</p>}
        {mail.data && mail.data.length > 0 && (
          <Table aria-labelledby="dev-mail">
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>To</TableHead>
                <TableHead>Subject and text</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {mail.data.map((m) => (
                <TableRow key={m.id}>
                  <TableCell className="whitespace-nowrap">{time.dateTime(m.createdAt)}</TableCell>
                  <TableCell className="whitespace-nowrap">{m.to}</TableCell>
                  <TableCell>
                    <details>
                      <summary className="cursor-pointer font-medium">{m.subject}</summary>
                      <p className="mt-2 whitespace-pre-wrap break-words">{m.text}</p>
                    </details>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
