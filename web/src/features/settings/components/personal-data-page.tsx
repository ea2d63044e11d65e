import { PURGE_COUNT_KINDS } from '@shared/contract/privacy.ts';
import { RETENTION } from '@shared/domain/erasure.ts';
import { PAGES } from '@web/app/pages.ts';
import { QueryView } from '@web/components/query-view.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { useRetentionPreview } from '../api/settings.ts';
import { SettingsShell } from './settings-shell.tsx';

/**
 * `/admin/personal-data` (SuperAdmin): a dry run of what each purge after a tournament will erase
 * and when, and of the accounts idle for years (decision 046). Nothing is erased from here.
 */
export function PersonalDataPage() {
  const format = useFormat();
  const { data, error, isLoading } = useRetentionPreview();
  return (
    <SettingsShell
      title={PAGES.personalData.title}
      description={t('privacy.preview.description', {
        months: data?.retentionMonths ?? RETENTION.monthsAfterTournament,
        days: data?.deviceKeepDays ?? RETENTION.deviceKeepDays,
      })}
    >
      <QueryView query={{ data, error, isLoading }} />
      {data && (
        <>
          <p>{t('privacy.preview.dryRun')}</p>
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('privacy.preview.tournament')}</TableHead>
                  <TableHead>{t('privacy.preview.due')}</TableHead>
                  <TableHead>{t('privacy.preview.erases')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.tournaments.map((row) => (
                  <TableRow key={row.tournamentId} data-testid="purge-row">
                    <TableCell>
                      {t('privacy.preview.tournamentLine', {
                        date: format.date(row.tournamentDate),
                        city: row.city,
                      })}
                    </TableCell>
                    <TableCell>
                      {row.purgedAt
                        ? t('privacy.preview.done', { date: format.dateTime(row.purgedAt) })
                        : format.date(row.dueOn)}
                    </TableCell>
                    <TableCell>
                      <ul className="grid gap-0.5 text-sm">
                        {PURGE_COUNT_KINDS.filter((k) => row.counts[k] > 0).map((k) => (
                          <li key={k}>{t('privacy.preview.count', { kind: k, count: row.counts[k] })}</li>
                        ))}
                        {PURGE_COUNT_KINDS.every((k) => row.counts[k] === 0) && (
                          <li>{t('privacy.preview.nothing')}</li>
                        )}
                      </ul>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <h2 className="text-lg font-semibold">{t('privacy.preview.inactiveTitle')}</h2>
          <p data-testid="inactive-accounts">
            {t('privacy.preview.inactive', {
              years: RETENTION.inactiveYears,
              days: RETENTION.inactivityNoticeDays,
              notice: data.inactive.toNotice,
              erase: data.inactive.toErase,
            })}
          </p>
        </>
      )}
    </SettingsShell>
  );
}
