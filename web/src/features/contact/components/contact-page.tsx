import { ContactMessageSchema, type ContactMessage } from '@shared/contract/public.ts';
import { fieldErrors } from '@shared/domain/validation.ts';
import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSiteSettings } from '../../../lib/site-settings.tsx';
import { sendContactMessage } from '../api/contact.ts';

type Values = Required<{ [K in keyof ContactMessage]: string }>;
type FieldName = keyof Values;
const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', message: '' };

function validate(values: Values): Partial<Record<FieldName, string>> {
  const result = ContactMessageSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/** `/contact`: the Contact Us form (SPEC.md sections 4 and 5). */
export function ContactPage() {
  usePageMeta('Contact Us', 'Questions about the tournament, registration or volunteering? Send us a message.');
  const settings = useSiteSettings();
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [values, setValues] = useState<Values>(EMPTY);
  // Errors show for fields the user has typed in or left, and for all after a submit attempt.
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sending, setSending] = useState(false);

  const errors = validate(values);
  const errorOf = (name: FieldName) => (touched[name] ? (errors[name] ?? serverErrors[name]) : undefined);

  const field = (name: FieldName) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setTouched((t) => ({ ...t, [name]: true }));
      setServerErrors((s) => ({ ...s, [name]: undefined }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ firstName: true, lastName: true, email: true, phone: true, message: true });
    if (Object.keys(errors).length > 0) {
      const first = (Object.keys(EMPTY) as FieldName[]).find((n) => errors[n]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    clearAlert();
    try {
      const text = await sendContactMessage({ ...values, phone: values.phone.trim() || null });
      setValues(EMPTY);
      setTouched({});
      setServerErrors({});
      showAlert('success', text);
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fieldErrors);
      showError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">Contact Us</h1>
        <CardDescription>
          Questions about the tournament, registration or your account? Send us a message and our team will reply by
          e-mail{settings?.siteEmail ? (
            <>
              , or write to us at <a href={`mailto:${settings.siteEmail}`}>{settings.siteEmail}</a>
            </>
          ) : null}
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Contact Us">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" required autoComplete="given-name" {...field('firstName')} />
            <TextField label="Last name" required autoComplete="family-name" {...field('lastName')} />
          </div>
          <TextField label="Email" type="email" required autoComplete="email" {...field('email')} />
          <TextField
            label="Phone (optional)"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            {...field('phone')}
          />
          <TextAreaField label="Message" required {...field('message')} />
          <Button type="submit" disabled={sending} className="w-fit">
            {sending && <Spinner />}
            Send message
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
