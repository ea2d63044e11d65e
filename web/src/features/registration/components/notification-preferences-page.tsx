import type { Contact } from '@shared/contract/registration.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { useState } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useAction } from '@web/lib/action.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { PAGES } from '@web/app/pages.ts';
import { useFlag } from '@web/lib/site-settings.tsx';
import {
  invalidateRegistrations,
  saveContactPreferences,
  useRegistrations,
  useTournaments,
} from '../api/registration.ts';
import { t } from '@web/lib/i18n.tsx';

/** `/customer/home/notification-preferences`: e-mail and SMS per contact (SMS only with AllowSmsNotifications). */
export function NotificationPreferencesPage() {
  usePageMeta(PAGES.notificationPreferences.title, t('registration.preferences.description'));
  const tournaments = useTournaments();
  const next = tournaments.data ? nextTournament(tournaments.data, new Date()) : undefined;
  const registrations = useRegistrations(next?.id);
  if (tournaments.isLoading || registrations.isLoading) return <Spinner />;
  const contacts = (registrations.data ?? []).flatMap((r) => r.contacts);
  return (
    <div className="mx-auto grid max-w-2xl gap-4">
      <h1 className="text-2xl font-bold">{t('registration.preferences.title')}</h1>
      {contacts.length === 0 && <p>{t('registration.preferences.none')}</p>}
      {contacts.map((c) => (
        <ContactPreferences key={c.id} contact={c} />
      ))}
    </div>
  );
}

function ContactPreferences({ contact }: { contact: Contact }) {
  const allowSms = useFlag('AllowSmsNotifications');
  const [email, setEmail] = useState(contact.agreedToEmailDivisionNotifications ?? false);
  const [sms, setSms] = useState(contact.agreedToSmsDivisionNotifications ?? false);
  const save = useAction(
    async () => {
      await saveContactPreferences(contact.id, {
        agreedToEmailDivisionNotifications: email,
        agreedToSmsDivisionNotifications:
          allowSms && contact.phoneNumber ? sms : contact.agreedToSmsDivisionNotifications,
      });
      invalidateRegistrations();
    },
    { success: t('registration.preferences.saved', { name: contact.name }) },
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{contact.name}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {contact.lacksSmsPreference && allowSms && (
          <p className="text-sm text-amber-800">{t('registration.preferences.noSms')}</p>
        )}
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} />
          {t('registration.preferences.email', { email: contact.email })}
        </label>
        {allowSms && contact.phoneNumber && (
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={sms} onChange={(e) => setSms(e.target.checked)} />
            {t('registration.preferences.sms', { phone: contact.phoneNumber })}
          </label>
        )}
        <div>
          <Button disabled={save.busy} onClick={() => void save.run()}>
            {t('registration.preferences.save')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
