import { PHONE_FORMAT_HINT } from '@shared/domain/phone.ts';
import type { Registration } from '@shared/contract/registration.ts';
import type { RefObject } from 'react';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useFlag } from '@web/lib/site-settings.tsx';
import { EMPTY_CONTACT, type ContactDraft } from '../model/contacts-draft.ts';
import { useContactsAutosave, type ContactsHandle } from './use-contacts-autosave.ts';
import { t, tm } from '@web/lib/i18n.tsx';

/**
 * The registration's contacts; the autosave hook (use-contacts-autosave.ts) saves them as they are typed.
 */
export function ContactsEditor({
  registration,
  locked,
  handle,
}: {
  registration: Registration;
  locked: boolean;
  handle: RefObject<ContactsHandle | null>;
}) {
  const allowSms = useFlag('AllowSmsNotifications');
  const { form, drafts, state, askSave, setDrafts } = useContactsAutosave({ registration, locked, handle });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('registration.contacts.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(e) => void form.submit(e)}
          onBlur={askSave}
          className="grid gap-4"
          aria-label={t('registration.contacts.title')}
        >
          <p className="text-sm">{t('registration.contacts.intro')}</p>
          {drafts.map((d, i) => (
            <fieldset key={i} className="grid gap-2 rounded-md border p-3" disabled={locked}>
              <legend className="px-1 text-sm font-medium">
                {t('registration.contacts.legend', { number: i + 1 })}
              </legend>
              <TextField
                label={t('registration.contacts.name')}
                required
                autoComplete="name"
                {...form.field(`contacts.${i}.name`)}
              />
              <TextField
                label={t('registration.contacts.email')}
                type="email"
                required
                autoComplete="email"
                {...form.field(`contacts.${i}.email`)}
              />
              <TextField
                label={t('registration.contacts.phone')}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                hint={tm(PHONE_FORMAT_HINT)}
                {...form.field(`contacts.${i}.phoneNumber`)}
              />
              {allowSms && d.phoneNumber && (
                <PreferenceSelect
                  label={t('registration.contacts.smsLabel')}
                  value={d.sms}
                  onChange={(value) => {
                    form.set(`contacts.${i}.sms`, value);
                    askSave();
                  }}
                />
              )}
              <PreferenceSelect
                label={t('registration.contacts.mailLabel')}
                value={d.mail}
                onChange={(value) => {
                  form.set(`contacts.${i}.mail`, value);
                  askSave();
                }}
              />
              {!locked && (
                <div>
                  <Button
                    variant="ghost"
                    className="h-11"
                    onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}
                  >
                    {t('registration.contacts.remove', { number: i + 1 })}
                  </Button>
                </div>
              )}
            </fieldset>
          ))}
          {!locked && (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="outline"
                className="h-11"
                onClick={() => form.set('contacts', [...drafts, EMPTY_CONTACT])}
              >
                {t('registration.contacts.add')}
              </Button>
              <p role="status" className="text-sm text-muted-foreground" data-testid="contacts-save-state">
                {state === 'saving'
                  ? t('registration.contacts.saving')
                  : state === 'saved'
                    ? drafts.length > 0
                      ? t('registration.contacts.saved')
                      : ''
                    : state === 'failed'
                      ? t('registration.contacts.failed')
                      : t('registration.contacts.unsaved')}
              </p>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

/** A contact's yes/no choice for one kind of notice, unanswered until the family picks. */
function PreferenceSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ContactDraft['sms'];
  onChange: (value: ContactDraft['sms']) => void;
}) {
  return (
    <label className="grid gap-1 text-sm">
      {label}
      <select
        className="h-11 rounded-md border px-2"
        value={value}
        onChange={(e) => onChange(e.target.value as ContactDraft['sms'])}
      >
        <option value="">{t('registration.contacts.notChosen')}</option>
        <option value="yes">{t('registration.contacts.yes')}</option>
        <option value="no">{t('registration.contacts.no')}</option>
      </select>
    </label>
  );
}
