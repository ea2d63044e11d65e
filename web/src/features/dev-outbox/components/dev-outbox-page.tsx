import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { t, useFormat } from '@web/lib/i18n.tsx';
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
  usePageMeta(t('devOutbox.title'), t('devOutbox.description'));
  const sms = useDevSmsOutbox();
  const mail = useDevMailbox();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t('devOutbox.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('devOutbox.intro')}</p>
        </div>
        <Button variant="outline" onClick={() => refreshQueries('dev:')}>
          {t('devOutbox.refresh')}
        </Button>
      </div>

      <OutboxSection
        id="dev-sms"
        title={t('devOutbox.sms.title')}
        empty={t('devOutbox.sms.empty')}
        query={sms}
        messageHeading={t('devOutbox.sms.message')}
        message={(m) => <span className="whitespace-pre-wrap">{m.body}</span>}
      />
      <OutboxSection
        id="dev-mail"
        title={t('devOutbox.mail.title')}
        empty={t('devOutbox.mail.empty')}
        query={mail}
        messageHeading={t('devOutbox.mail.message')}
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
  const format = useFormat();
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
                  <TableHead>{t('devOutbox.when')}</TableHead>
                  <TableHead>{t('devOutbox.to')}</TableHead>
                  <TableHead>{messageHeading}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell className="whitespace-nowrap">{format.dateTime(m.createdAt)}</TableCell>
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
