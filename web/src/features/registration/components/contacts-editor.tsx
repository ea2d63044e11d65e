import { PHONE_FORMAT_HINT } from '@shared/domain/phone.ts';
import type { Registration } from '@shared/contract/registration.ts';
import type { RefObject } from 'react';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useFlag } from '@web/lib/site-settings.tsx';
import { EMPTY_CONTACT, type ContactDraft } from '../model/contacts-draft.ts';
import { useContactsAutosave, type ContactsHandle } from './use-contacts-autosave.ts';

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
        <CardTitle as="h2">Contacts</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(e) => void form.submit(e)}
          onBlur={askSave}
          className="grid gap-4"
          aria-label="Contacts"
        >
          <p className="text-sm">
            Who should hear about this registration and about divisions coming up on the day. Changes save as
            you go.
          </p>
          {drafts.map((d, i) => (
            <fieldset key={i} className="grid gap-2 rounded-md border p-3" disabled={locked}>
              <legend className="px-1 text-sm font-medium">Contact {i + 1}</legend>
              <TextField label="Name" required autoComplete="name" {...form.field(`contacts.${i}.name`)} />
              <TextField
                label="E-mail"
                type="email"
                required
                autoComplete="email"
                {...form.field(`contacts.${i}.email`)}
              />
              <TextField
                label="Phone number"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                hint={PHONE_FORMAT_HINT}
                {...form.field(`contacts.${i}.phoneNumber`)}
              />
              {allowSms && d.phoneNumber && (
                <PreferenceSelect
                  label="Text messages when a division is coming up"
                  value={d.sms}
                  onChange={(value) => {
                    form.set(`contacts.${i}.sms`, value);
                    askSave();
                  }}
                />
              )}
              <PreferenceSelect
                label="E-mails when a division is coming up"
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
                    Remove contact {i + 1}
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
                Add contact
              </Button>
              <p role="status" className="text-sm text-muted-foreground" data-testid="contacts-save-state">
                {state === 'saving'
                  ? 'Saving...'
                  : state === 'saved'
                    ? drafts.length > 0
                      ? 'Contacts saved.'
                      : ''
                    : state === 'failed'
                      ? 'Contacts not saved: see the message above.'
                      : 'Not saved yet: fill in the name and e-mail.'}
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
        <option value="">Not chosen yet</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </label>
  );
}
