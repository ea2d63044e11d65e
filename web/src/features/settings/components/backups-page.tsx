import { formatFileSize } from '@shared/domain/files.ts';
import { Download } from 'lucide-react';
import { PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { downloadLatestBackup, useBackups } from '../api/settings.ts';
import { SettingsShell } from './settings-shell.tsx';

const HOUR_MS = 60 * 60 * 1000;

/** "5 hours", "3 days": how long ago a backup was taken. */
function ageOf(createdAt: string, now: number): string {
  const hours = Math.max(0, Math.floor((now - Date.parse(createdAt)) / HOUR_MS));
  return hours < 48
    ? t('settings.backups.ageHours', { hours })
    : t('settings.backups.ageDays', { days: Math.floor(hours / 24) });
}

/** `/admin/backups`: the server's backups with their size and age, the newest to download (decision 040). */
export function BackupsPage() {
  const time = useFormat();
  const { data, error, isLoading } = useBackups();
  const newest = data?.backups[0];
  const download = useAction(() => downloadLatestBackup(newest?.name ?? 'backup.ndjson.gz'), {
    errorPrefix: `${t('settings.backups.downloadFailed')} `,
  });
  const now = Date.now();
  return (
    <SettingsShell
      title={PAGES.backups.title}
      description={t('settings.backups.description', { keep: data?.keep ?? 7 })}
    >
      <QueryView query={{ data, error, isLoading }} />
      {data?.stale && (
        <p role="alert" className="rounded border border-destructive p-3 text-destructive">
          {data.backups.length === 0 ? t('settings.backups.none') : t('settings.backups.stale')}
        </p>
      )}
      {newest && (
        <div className="grid gap-2">
          <div>
            <Button onClick={() => void download.run()} disabled={download.busy}>
              <Download aria-hidden /> {t('settings.backups.downloadLatest')}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{t('settings.backups.private')}</p>
        </div>
      )}
      {data && data.backups.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('settings.backups.taken')}</TableHead>
              <TableHead>{t('settings.backups.age')}</TableHead>
              <TableHead>{t('settings.backups.size')}</TableHead>
              <TableHead>{t('settings.backups.file')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.backups.map((b) => (
              <TableRow key={b.name}>
                <TableCell className="whitespace-nowrap">{time.dateTime(b.createdAt)}</TableCell>
                <TableCell>{ageOf(b.createdAt, now)}</TableCell>
                <TableCell>{formatFileSize(b.bytes)}</TableCell>
                <TableCell className="font-mono text-xs">{b.name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SettingsShell>
  );
}
