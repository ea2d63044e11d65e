import { CANADIAN_TIME_ZONES } from '@shared/domain/time.ts';
import { SiteSettingsInputSchema, type AdminSiteSettings } from '@shared/contract/settings.ts';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useForm } from '@web/lib/form.ts';
import { saveSiteSettings, useAdminSiteSettings } from '../api/settings.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

/** `/admin/site-settings`: identity, venue, links, the three feature flags and SMS sender (decision 007). */
export function SiteSettingsPage() {
  const { data, error, isLoading } = useAdminSiteSettings();
  return (
    <SettingsShell
      title={PAGES.siteSettings.title}
      description="The site's name, contact address, venue and time zone, links, feature flags and SMS sender. Changes show at once."
    >
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
    action: { success: 'The site settings were saved.', successAs: 'toast' },
  });
  const bind = form.field;
  // Canada's zones, and the saved one should it be another (decision 029).
  const zoneOptions: { value: string; label: string }[] = CANADIAN_TIME_ZONES.map((z) => ({
    value: z.zone,
    label: z.label,
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
          aria-label="Site settings"
        >
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Site</legend>
            <TextField label="Site name" required {...bind('siteName')} />
            <TextField label="Site prefix (page titles)" required {...bind('sitePrefix')} />
            <TextField label="Site e-mail" type="email" required {...bind('siteEmail')} />
            <TextField label="Site URL" type="url" required {...bind('siteUrl')} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Venue</legend>
            <TextField label="Venue name" required {...bind('venueName')} />
            <TextField label="Venue address" required {...bind('venueAddress')} />
            <SelectField
              label="Time zone (every time shown and exported)"
              required
              options={zoneOptions}
              {...bind('timeZone')}
            />
            <TextField label="Map embed URL" type="url" {...bind('mapEmbedUrl')} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Links and sign-in</legend>
            <TextField label="Mailing-list signup URL" type="url" {...bind('mailingListUrl')} />
            <TextField label="Google client id" {...bind('googleClientId')} />
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-semibold">Feature flags</legend>
            <CheckboxField
              label="SellLunchTickets"
              hint="Customers can buy lunch tickets with their registration."
              {...form.checkbox('flags.SellLunchTickets')}
            />
            <CheckboxField
              label="MailingListTab"
              hint="The Mailing List link and page are shown."
              {...form.checkbox('flags.MailingListTab')}
            />
            <CheckboxField
              label="AllowSmsNotifications"
              hint="Contacts can choose SMS division notifications."
              {...form.checkbox('flags.AllowSmsNotifications')}
            />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">SMS sender</legend>
            <TextField label="Sender name (up to 11 letters or digits)" {...bind('smsSenderName')} />
            <TextField label="Sending phone number" type="tel" {...bind('smsFromNumber')} />
          </fieldset>
          <Button type="submit" disabled={form.busy} className="w-fit">
            {form.busy && <Spinner />}
            Save site settings
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
