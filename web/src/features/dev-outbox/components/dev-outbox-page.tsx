import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table.tsx';
import { useTimeFormat } from '@web/lib/format.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { refreshQueries, type QueryResult } from '@web/lib/use-query.ts';
import { useDevMailbox, useDevSmsOutbox } from '../api/dev-outbox.ts';
import { QueryView } from '@web/components/query-view.tsx';

/**
 * `/admin/dev-outbox` (decision 024, SuperAdmin): the SMS kept without Twilio configuration and the
 * mails kept without SMTP_URL, newest first (the newest 100 of each), so a family's text or a
 * verification link can be read on a server that sends nothing.
 */
export function DevOutboxPage() {
  usePageMeta('Dev outbox', 'SMS and mails kept by a server that does not send them');
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

      <OutboxSection
        id="dev-sms"
        title="SMS outbox"
        empty="No SMS kept."
        query={sms}
        messageHeading="Message"
        message={(m) => <span className="whitespace-pre-wrap">{m.body}</span>}
      />
      <OutboxSection
        id="dev-mail"
        title="Mailbox"
        empty="No mail kept."
        query={mail}
        messageHeading="Subject and text"
        message={(m) => (
          <details>
            <summary className="cursor-pointer font-medium">{m.subject}</summary>
            <p className="mt-2 whitespace-pre-wrap break-words">{m.text}</p>
          </details>
        )}
      />
    </div>
  );
}

/** One kept channel: newest first, when and to whom, and the message as `message` shows it. */
function OutboxSection<M extends { id: number | string; createdAt: string; to: string }>({
  id,
  title,
  empty,
  query,
  messageHeading,
  message,
}: {
  id: string;
  title: string;
  empty: string;
  query: QueryResult<M[]>;
  messageHeading: string;
  message: (m: M) => ReactNode;
}) {
  const time = useTimeFormat();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <QueryView query={query}>
        {(data) =>
          data.length === 0 ? (
            <p>{empty}</p>
          ) : (
            <Table aria-labelledby={id}>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>To</TableHead>
                  <TableHead>{messageHeading}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell className="whitespace-nowrap">{time.dateTime(m.createdAt)}</TableCell>
                    <TableCell className="whitespace-nowrap">{m.to}</TableCell>
                    <TableCell>{message(m)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )
        }
      </QueryView>
    </section>
  );
}
