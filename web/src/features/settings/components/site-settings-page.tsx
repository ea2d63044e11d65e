import { CANADIAN_TIME_ZONES } from '@shared/domain/time.ts';
import { SiteSettingsInputSchema, type AdminSiteSettings } from '@shared/contract/settings.ts';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useForm } from '@web/lib/form.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import { saveSiteSettings, useAdminSiteSettings } from '../api/settings.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

/** `/admin/site-settings`: identity, venue, links, the three feature flags and SMS sender (decision 007). */
export function SiteSettingsPage() {
  const { data, error, isLoading } = useAdminSiteSettings();
  return (
    <SettingsShell title={PAGES.siteSettings.title} description={t('settings.site.description')}>
      <QueryView query={{ data, error, isLoading }}>
        {(data) => <SiteSettingsForm key={data.version} settings={data} />}
      </QueryView>
    </SettingsShell>
  );
}

function SiteSettingsForm({ settings }: { settings: AdminSiteSettings }) {
  const { version: _version, ...initial } = settings;
  const form = useForm({
    schema: SiteSettingsInputSchema,
    initial,
    onSubmit: (input) => saveSiteSettings(input),
    action: { success: t('settings.site.saved'), successAs: 'toast' },
  });
  const bind = form.field;
  // Canada's zones, and the saved one should it be another (decision 029).
  const zoneOptions: { value: string; label: string }[] = CANADIAN_TIME_ZONES.map((z) => ({
    value: z.zone,
    label: tm(z.label),
  }));
  if (!zoneOptions.some((o) => o.value === settings.timeZone)) {
    zoneOptions.push({ value: settings.timeZone, label: settings.timeZone });
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <form
          noValidate
          onSubmit={(e) => void form.submit(e)}
          className="grid gap-6"
          aria-label={t('settings.site.formLabel')}
        >
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">{t('settings.site.site')}</legend>
            <TextField label={t('settings.site.siteName')} required {...bind('siteName')} />
            <TextField label={t('settings.site.sitePrefix')} required {...bind('sitePrefix')} />
            <TextField label={t('settings.site.siteEmail')} type="email" required {...bind('siteEmail')} />
            <TextField label={t('settings.site.siteUrl')} type="url" required {...bind('siteUrl')} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">{t('settings.site.venue')}</legend>
            <TextField label={t('settings.site.venueName')} required {...bind('venueName')} />
            <TextField label={t('settings.site.venueAddress')} required {...bind('venueAddress')} />
            <SelectField
              label={t('settings.site.timeZone')}
              required
              options={zoneOptions}
              {...bind('timeZone')}
            />
            <TextField label={t('settings.site.mapEmbedUrl')} type="url" {...bind('mapEmbedUrl')} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">{t('settings.site.links')}</legend>
            <TextField label={t('settings.site.mailingListUrl')} type="url" {...bind('mailingListUrl')} />
            <TextField label={t('settings.site.googleClientId')} {...bind('googleClientId')} />
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-semibold">{t('settings.site.flags')}</legend>
            <CheckboxField
              // eslint-disable-next-line local/no-literal-text -- the flag's name (docs/product.md §6), not prose
              label="SellLunchTickets"
              hint={t('settings.site.flagLunch')}
              {...form.checkbox('flags.SellLunchTickets')}
            />
            <CheckboxField
              // eslint-disable-next-line local/no-literal-text -- the flag's name (docs/product.md §6), not prose
              label="MailingListTab"
              hint={t('settings.site.flagMailingList')}
              {...form.checkbox('flags.MailingListTab')}
            />
            <CheckboxField
              // eslint-disable-next-line local/no-literal-text -- the flag's name (docs/product.md §6), not prose
              label="AllowSmsNotifications"
              hint={t('settings.site.flagSms')}
              {...form.checkbox('flags.AllowSmsNotifications')}
            />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">{t('settings.site.smsSender')}</legend>
            <TextField label={t('settings.site.senderName')} {...bind('smsSenderName')} />
            <TextField label={t('settings.site.fromNumber')} type="tel" {...bind('smsFromNumber')} />
          </fieldset>
          <Button type="submit" disabled={form.busy} className="w-fit">
            {form.busy && <Spinner />}
            {t('settings.site.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
