import { ContactMessageSchema } from '@shared/contract/public.ts';
import { PHONE_FORMAT_HINT } from '@shared/domain/phone.ts';
import { TextAreaField } from '@web/components/form/text-area-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useForm } from '@web/lib/form.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { PAGES } from '@web/app/pages.ts';
import { useSiteSettings } from '@web/lib/site-settings.tsx';
import { sendContactMessage } from '../api/contact.ts';

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', message: '' };

/** `/contact`: the Contact Us form (docs/product.md §4 and §5). */
export function ContactPage() {
  usePageMeta(
    PAGES.contact.title,
    'Questions about the tournament, registration or volunteering? Send us a message.',
  );
  const settings = useSiteSettings();
  const form = useForm({
    schema: ContactMessageSchema,
    initial: EMPTY,
    // On success the form is cleared and the server's text shown (docs/product.md §4).
    onSubmit: async (message) => {
      const text = await sendContactMessage(message);
      form.reset();
      return text;
    },
    action: { success: (text) => (typeof text === 'string' ? text : undefined) },
  });

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">Contact Us</h1>
        <CardDescription>
          Questions about the tournament, registration or your account? Send us a message and our team will
          reply by e-mail
          {settings?.siteEmail ? (
            <>
              , or write to us at <a href={`mailto:${settings.siteEmail}`}>{settings.siteEmail}</a>
            </>
          ) : null}
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void form.submit(e)} className="grid gap-4" aria-label="Contact Us">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" required autoComplete="given-name" {...form.field('firstName')} />
            <TextField label="Last name" required autoComplete="family-name" {...form.field('lastName')} />
          </div>
          <TextField label="Email" type="email" required autoComplete="email" {...form.field('email')} />
          <TextField
            label="Phone (optional)"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            hint={PHONE_FORMAT_HINT}
            {...form.field('phone')}
          />
          <TextAreaField label="Message" required {...form.field('message')} />
          <Button type="submit" disabled={form.busy} className="w-fit">
            {form.busy && <Spinner />}
            Send message
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
