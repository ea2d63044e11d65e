import { PURGE_COUNT_KINDS } from '@shared/contract/privacy.ts';
import {
  RETENTION,
  RETENTION_BOUNDS,
  RetentionSettingsSchema,
  type RetentionSettings,
} from '@shared/domain/erasure.ts';
import { PAGES } from '@web/app/pages.ts';
import { TextField } from '@web/components/form/text-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { useForm } from '@web/lib/form.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { saveRetentionSettings, useRetentionPreview } from '../api/settings.ts';
import { SettingsShell } from './settings-shell.tsx';

/**
 * `/admin/personal-data` (SuperAdmin): the two retention periods, a dry run of what each purge
 * after a tournament will erase and when, of the old payment records and of the accounts idle
 * for years (decision 046). Nothing is erased from here.
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
          <RetentionForm
            key={`${data.retentionMonths}-${data.deviceKeepDays}`}
            saved={{ retentionMonths: data.retentionMonths, deviceKeepDays: data.deviceKeepDays }}
          />
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
          <h2 className="text-lg font-semibold">{t('privacy.preview.paymentsTitle')}</h2>
          <p data-testid="old-payments">
            {t('privacy.preview.payments', {
              years: RETENTION.paymentYears,
              date: format.date(data.payments.keptFrom),
              payments: data.payments.payments,
              receipts: data.payments.receipts,
            })}
          </p>
        </>
      )}
    </SettingsShell>
  );
}

/** The two periods as the inputs show them (text), and the request they make (numbers). */
interface PeriodValues {
  retentionMonths: string;
  deviceKeepDays: string;
}
const whole = (v: string) => (v.trim() === '' ? undefined : Number(v));

function RetentionForm({ saved }: { saved: RetentionSettings }) {
  const form = useForm({
    schema: RetentionSettingsSchema,
    initial: {
      retentionMonths: String(saved.retentionMonths),
      deviceKeepDays: String(saved.deviceKeepDays),
    } satisfies PeriodValues,
    toInput: (v: PeriodValues) => ({
      retentionMonths: whole(v.retentionMonths),
      deviceKeepDays: whole(v.deviceKeepDays),
    }),
    onSubmit: (input) => saveRetentionSettings(input),
    action: { success: t('privacy.retention.saved'), successAs: 'toast' },
  });
  const { months, deviceDays } = RETENTION_BOUNDS;
  return (
    <Card>
      <CardContent className="pt-6">
        <form
          noValidate
          onSubmit={(e) => void form.submit(e)}
          className="grid gap-4"
          aria-label={t('privacy.retention.formLabel')}
        >
          <h2 className="text-lg font-semibold">{t('privacy.retention.title')}</h2>
          <p className="text-muted-foreground text-sm">
            {t('privacy.retention.hint', {
              minMonths: months.min,
              maxMonths: months.max,
              minDays: deviceDays.min,
              maxDays: deviceDays.max,
            })}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('privacy.retention.months')}
              inputMode="numeric"
              required
              {...form.field('retentionMonths')}
            />
            <TextField
              label={t('privacy.retention.days')}
              inputMode="numeric"
              required
              {...form.field('deviceKeepDays')}
            />
          </div>
          <Button type="submit" disabled={form.busy} className="w-fit">
            {form.busy && <Spinner />}
            {t('privacy.retention.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
