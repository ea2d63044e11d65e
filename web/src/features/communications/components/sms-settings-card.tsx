import {
  CommunicationSettingsInputSchema,
  type CommunicationSettings,
} from '@shared/contract/communications.ts';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useForm } from '@web/lib/form.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { saveSmsSettings, useCommunicationOptions } from '../api/communications.ts';

// The communications page's SMS settings region: the tournament's SMS cost cap and segment price.

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function SmsSettingsCard({ tournamentId }: { tournamentId: number }) {
  const options = useCommunicationOptions(tournamentId);
  if (!options.data?.smsEnabled) return null;
  return (
    <SmsSettingsForm
      key={JSON.stringify(options.data.settings)}
      tournamentId={tournamentId}
      settings={options.data.settings}
    />
  );
}

/** The form's text as the request the shared schema checks (dollars to cents; empty cap: none). */
const toSettingsInput = (v: { smsCostCapCents: string; smsSegmentCostCents: string }) => ({
  smsCostCapCents: v.smsCostCapCents.trim() === '' ? null : Math.round(Number(v.smsCostCapCents) * 100),
  smsSegmentCostCents: Math.round(Number(v.smsSegmentCostCents)),
});

function SmsSettingsForm({
  tournamentId,
  settings,
}: {
  tournamentId: number;
  settings: CommunicationSettings;
}) {
  const format = useFormat();
  const form = useForm({
    schema: CommunicationSettingsInputSchema,
    initial: {
      smsCostCapCents: settings.smsCostCapCents === null ? '' : dollars(settings.smsCostCapCents),
      smsSegmentCostCents: String(settings.smsSegmentCostCents),
    },
    toInput: toSettingsInput,
    showErrors: 'submitted',
    onSubmit: (_checked, values) => saveSmsSettings(tournamentId, toSettingsInput(values)),
    action: { success: t('communications.sms.saved'), successAs: 'toast' },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('communications.sms.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void form.submit(e)} noValidate>
          <TextField
            id="sms-cap"
            label={t('communications.sms.cap')}
            inputMode="decimal"
            {...form.field('smsCostCapCents')}
          />
          <TextField
            id="sms-segment"
            label={t('communications.sms.segment')}
            inputMode="numeric"
            {...form.field('smsSegmentCostCents')}
          />
          <Button type="submit" disabled={form.busy}>
            {t('communications.sms.save')}
          </Button>
          <p className="text-sm text-muted-foreground">
            {t('communications.sms.spent', { amount: format.money(settings.smsSpentCents / 100) })}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
