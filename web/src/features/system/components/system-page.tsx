import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SystemReport } from '@shared/contract/system.ts';
import { BACKUP_STALE_MS } from '@shared/domain/server-health.ts';
import { href } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { refreshQueries } from '@web/lib/use-query.ts';
import { sendTestEmail, useSystemReport } from '../api/system.ts';

/**
 * `/admin/system` (decision 041, SuperAdmin): in words, whether the database answers, mail and
 * SMS leave, the job queue moves, the disk has room and the last backup is recent; the version
 * and uptime; the server's last warnings and errors, without personal data. What is wrong is a
 * warning that says since when and what to check. A button sends a test e-mail to oneself.
 */
export function SystemPage() {
  usePageMeta(t('system.title'), t('system.description'));
  const report = useSystemReport();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('system.title')}</h1>
        <Button variant="outline" onClick={() => refreshQueries('system:')}>
          {t('system.refresh')}
        </Button>
      </div>
      <QueryView query={report}>
        {(r) => (
          <div className="grid gap-4 md:grid-cols-2">
            <Section title={t('system.database.title')}>
              <p>
                {t(r.database.kind === 'postgres' ? 'system.database.postgres' : 'system.database.pglite')}
              </p>
              <p>{t(r.database.answers ? 'system.database.answers' : 'system.database.down')}</p>
              {r.database.sizeBytes !== null && (
                <p>{t('system.database.size', { size: bytes(r.database.sizeBytes) })}</p>
              )}
            </Section>
            <MailSection mail={r.mail} />
            <Section title={t('system.sms.title')}>
              <p>
                {r.sms.transport === 'twilio'
                  ? t('system.sms.twilio', { from: r.sms.from ?? '' })
                  : t('system.sms.dev')}
              </p>
              {r.sms.failing && <FailingWarning channel="sms" failing={r.sms.failing} />}
              <p>{t('system.counts', r.sms.counts)}</p>
            </Section>
            <JobsSection jobs={r.jobs} />
            <Section title={t('system.disk.title')}>
              <p>
                {r.disk.freeBytes !== null && r.disk.totalBytes !== null
                  ? t('system.disk.free', {
                      free: bytes(r.disk.freeBytes),
                      total: bytes(r.disk.totalBytes),
                      path: r.disk.path,
                    })
                  : t('system.disk.unknown', { path: r.disk.path })}
              </p>
              {r.disk.low && <p className="font-semibold text-destructive">{t('system.disk.low')}</p>}
            </Section>
            <BackupSection backup={r.backup} />
            <Section title={t('system.version.title')}>
              <p>{t('system.version.text', { version: r.version, uptime: duration(r.uptimeSeconds) })}</p>
            </Section>
            <ErrorsSection errors={r.errors} />
          </div>
        )}
      </QueryView>
    </div>
  );
}

function Section({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Card className={wide ? 'md:col-span-2' : undefined}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">{children}</CardContent>
    </Card>
  );
}

function MailSection({ mail }: { mail: SystemReport['mail'] }) {
  const test = useAction(sendTestEmail, {
    success: ({ sentTo }) => t('system.mail.testSent', { email: sentTo }),
  });
  return (
    <Section title={t('system.mail.title')}>
      <p>
        {mail.transport === 'smtp' ? t('system.mail.smtp', { host: mail.host ?? '' }) : t('system.mail.dev')}
      </p>
      {mail.works === true && <p>{t('system.mail.works')}</p>}
      {mail.works === false && (
        <p className="font-semibold text-destructive">
          {t('system.mail.broken', { code: mail.problem ?? '' })}
        </p>
      )}
      {mail.failing && <FailingWarning channel="email" failing={mail.failing} />}
      <p>{t('system.counts', mail.counts)}</p>
      <div>
        <Button onClick={() => void test.run()} disabled={test.busy}>
          {t('system.mail.test')}
        </Button>
      </div>
    </Section>
  );
}

/** What an operator must act on: what is wrong, since when, what to check. */
function Warning({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded border border-destructive p-3 text-destructive">
      {children}
    </p>
  );
}

function FailingWarning({
  channel,
  failing,
}: {
  channel: 'email' | 'sms';
  failing: NonNullable<SystemReport['mail']['failing']>;
}) {
  const format = useFormat();
  const values = { count: failing.failedInARow, since: format.dateTime(failing.since) };
  return <Warning>{t(channel === 'email' ? 'system.mail.failing' : 'system.sms.failing', values)}</Warning>;
}

function BackupSection({ backup }: { backup: SystemReport['backup'] }) {
  const format = useFormat();
  return (
    <Section title={t('system.backup.title')}>
      {backup.newest ? (
        <p>
          {t('system.backup.taken', {
            when: format.dateTime(backup.newest.createdAt),
            size: bytes(backup.newest.bytes),
          })}
        </p>
      ) : (
        <Warning>{t('system.backup.none')}</Warning>
      )}
      {backup.newest && backup.stale && (
        <Warning>{t('system.backup.stale', { hours: BACKUP_STALE_MS / HOUR_MS })}</Warning>
      )}
      <p>
        <Link className="underline" to={href('backups')}>
          {t('system.backup.all')}
        </Link>
      </p>
    </Section>
  );
}

function JobsSection({ jobs }: { jobs: SystemReport['jobs'] }) {
  const format = useFormat();
  const status =
    jobs.running === null
      ? 'system.jobs.unreadable'
      : jobs.running
        ? 'system.jobs.running'
        : 'system.jobs.stopped';
  return (
    <Section title={t('system.jobs.title')} wide>
      <p className={jobs.running ? undefined : 'font-semibold text-destructive'}>{t(status)}</p>
      {jobs.queues.map(
        (q) =>
          q.stuckSince && (
            <Warning key={q.queue}>
              {t('system.jobs.stuck', {
                queue: q.queue,
                waited: duration(q.oldestWaitingSeconds),
                since: format.dateTime(q.stuckSince),
              })}
            </Warning>
          ),
      )}
      {jobs.queues.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('system.jobs.queue')}</TableHead>
              <TableHead>{t('system.jobs.waiting')}</TableHead>
              <TableHead>{t('system.jobs.active')}</TableHead>
              <TableHead>{t('system.jobs.failed')}</TableHead>
              <TableHead>{t('system.jobs.oldest')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {jobs.queues.map((q) => (
              <TableRow key={q.queue}>
                <TableCell>{q.queue}</TableCell>
                <TableCell>{q.queued}</TableCell>
                <TableCell>{q.active}</TableCell>
                <TableCell>{q.failed}</TableCell>
                <TableCell>{q.queued > 0 ? duration(q.oldestWaitingSeconds) : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

function ErrorsSection({ errors }: { errors: SystemReport['errors'] }) {
  const format = useFormat();
  return (
    <Section title={t('system.errors.title')} wide>
      <p className="text-sm text-muted-foreground">{t('system.errors.intro')}</p>
      {errors.length === 0 ? (
        <p>{t('system.errors.none')}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('system.errors.time')}</TableHead>
              <TableHead>{t('system.errors.level')}</TableHead>
              <TableHead>{t('system.errors.message')}</TableHead>
              <TableHead>{t('system.errors.code')}</TableHead>
              <TableHead>{t('system.errors.requestId')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {errors.map((e, i) => (
              <TableRow key={`${e.time}-${i}`}>
                <TableCell className="whitespace-nowrap">{format.dateTime(e.time)}</TableCell>
                <TableCell>{t(LEVEL_TEXT[e.level])}</TableCell>
                <TableCell className="break-words">{e.message}</TableCell>
                <TableCell>{e.code ?? ''}</TableCell>
                <TableCell className="font-mono text-xs">{e.requestId ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

const HOUR_MS = 60 * 60 * 1000;

const LEVEL_TEXT = {
  warn: 'system.level.warn',
  error: 'system.level.error',
  fatal: 'system.level.fatal',
} as const;

/** A size in KB below a megabyte, in MB below a gigabyte, else in GB with one decimal. */
function bytes(n: number): string {
  const mb = n / 1024 ** 2;
  if (mb < 1) return t('system.unit.kb', { value: Math.max(1, Math.round(n / 1024)) });
  return mb < 1024
    ? t('system.unit.mb', { value: Math.round(mb) })
    : t('system.unit.gb', { value: Math.round((mb / 1024) * 10) / 10 });
}

/** A duration in days, hours and minutes (seconds under a minute). */
function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return t('system.seconds', { seconds: s });
  return t('system.duration', {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
  });
}
