import { ContactMessageSchema } from '@shared/contract/public.ts';
import { PHONE_FORMAT_HINT } from '@shared/domain/phone.ts';
import { TextAreaField } from '@web/components/form/text-area-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useForm } from '@web/lib/form.ts';
import { t, tm, tx } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { PAGES } from '@web/app/pages.ts';
import { useSiteSettings } from '@web/lib/site-settings.tsx';
import { sendContactMessage } from '../api/contact.ts';

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', message: '' };

/** `/contact`: the Contact Us form (docs/product.md §4 and §5). */
export function ContactPage() {
  usePageMeta(PAGES.contact.title, t('public.contact.description'));
  const settings = useSiteSettings();
  const form = useForm({
    schema: ContactMessageSchema,
    initial: EMPTY,
    // On success the form is cleared and the server's text shown (docs/product.md §4).
    onSubmit: async (message) => {
      const text = await sendContactMessage(message);
      form.reset();
      return tm(text);
    },
    action: { success: (text) => (typeof text === 'string' ? text : undefined) },
  });

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">{tm(PAGES.contact.title)}</h1>
        <CardDescription>
          {settings?.siteEmail
            ? tx('public.contact.introEmail', {
                email: settings.siteEmail,
                link: (inner) => <a href={`mailto:${settings.siteEmail}`}>{inner}</a>,
              })
            : t('public.contact.intro')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(e) => void form.submit(e)}
          className="grid gap-4"
          aria-label={tm(PAGES.contact.title)}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('common.field.firstName')}
              required
              autoComplete="given-name"
              {...form.field('firstName')}
            />
            <TextField
              label={t('common.field.lastName')}
              required
              autoComplete="family-name"
              {...form.field('lastName')}
            />
          </div>
          <TextField
            label={t('common.field.email')}
            type="email"
            required
            autoComplete="email"
            {...form.field('email')}
          />
          <TextField
            label={t('public.contact.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            hint={PHONE_FORMAT_HINT}
            {...form.field('phone')}
          />
          <TextAreaField label={t('public.contact.message')} required {...form.field('message')} />
          <Button type="submit" disabled={form.busy} className="w-fit">
            {form.busy && <Spinner />}
            {t('public.contact.send')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
