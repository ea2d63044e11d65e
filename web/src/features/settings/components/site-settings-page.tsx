import { SiteSettingsInputSchema, type AdminSiteSettings, type SiteSettingsInput } from '@tournament/shared';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import { saveSiteSettings, useAdminSiteSettings } from '../api/settings.ts';
import { textBinding, useSettingsForm } from '../hooks/use-settings-form.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { Loading, SettingsShell } from './settings-shell.tsx';

type Values = Omit<AdminSiteSettings, 'version'> & Record<string, unknown>;
const toInput = (v: Values): unknown => v;

/** `/admin/site-settings`: identity, venue, links, the three feature flags and SMS sender (issue 8). */
export function SiteSettingsPage() {
  const { data, error, isLoading } = useAdminSiteSettings();
  return (
    <SettingsShell
      title="Site Settings"
      description="The site's name, contact address, venue, links, feature flags and SMS sender. Changes show at once."
    >
      <Loading error={error} isLoading={isLoading && !data} />
      {data && <SiteSettingsForm key={data.version} settings={data} />}
    </SettingsShell>
  );
}

function SiteSettingsForm({ settings }: { settings: AdminSiteSettings }) {
  const { version: _version, ...initial } = settings;
  const form = useSettingsForm(SiteSettingsInputSchema, initial as Values, toInput);
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [saving, setSaving] = useState(false);
  const bind = (name: keyof Values & string) => textBinding(form, name);
  const flags = form.values.flags;
  const setFlag = (name: keyof Values['flags'], on: boolean) => form.set('flags', { ...flags, [name]: on });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    setSaving(true);
    clearAlert();
    try {
      await saveSiteSettings(input as SiteSettingsInput);
      showAlert('success', 'The site settings were saved.');
    } catch (e) {
      form.takeServerErrors(e);
      showError(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Site settings">
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
            <div className="sm:col-span-2">
              <TextField label="Map embed URL" type="url" {...bind('mapEmbedUrl')} />
            </div>
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
              checked={flags.SellLunchTickets}
              onChange={(on) => setFlag('SellLunchTickets', on)}
            />
            <CheckboxField
              label="MailingListTab"
              hint="The Mailing List link and page are shown."
              checked={flags.MailingListTab}
              onChange={(on) => setFlag('MailingListTab', on)}
            />
            <CheckboxField
              label="AllowSmsNotifications"
              hint="Contacts can choose SMS division notifications."
              checked={flags.AllowSmsNotifications}
              onChange={(on) => setFlag('AllowSmsNotifications', on)}
            />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">SMS sender</legend>
            <TextField label="Sender name (up to 11 letters or digits)" {...bind('smsSenderName')} />
            <TextField label="Sending phone number" type="tel" {...bind('smsFromNumber')} />
          </fieldset>
          <Button type="submit" disabled={saving} className="w-fit">
            {saving && <Spinner />}
            Save site settings
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
