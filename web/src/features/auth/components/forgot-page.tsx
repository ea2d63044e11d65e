import { useState } from 'react';
import { ForgotRequestSchema } from '@shared/contract/users.ts';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useForm } from '@web/lib/form.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { PAGES } from '@web/app/pages.ts';
import { requestPasswordReset } from '../api/accounts.ts';
import { t } from '@web/lib/i18n.tsx';

/** /user/forgot: after a valid e-mail the form hides and a confirmation shows, whatever the answer. */
export function ForgotPage() {
  usePageMeta(PAGES.forgot.title, t('auth.forgot.description'));
  const [sent, setSent] = useState(false);
  const form = useForm({
    schema: ForgotRequestSchema,
    initial: { email: '' },
    nativeValidity: true,
    onSubmit: async (values) => {
      // The confirmation shows whatever the answer (docs/product.md §4); a failure still reaches the page alert.
      try {
        await requestPasswordReset(values);
      } finally {
        setSent(true);
      }
    },
  });

  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle as="h1">{t('auth.forgot.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {sent ? (
          <p role="status">{t('auth.forgot.sent', { email: form.values.email })}</p>
        ) : (
          <form noValidate className="grid gap-4" onSubmit={(e) => void form.submit(e)}>
            <p>{t('auth.forgot.intro')}</p>
            <TextField
              label={t('auth.field.email')}
              type="email"
              required
              autoComplete="email"
              {...form.field('email')}
            />
            <Button type="submit" className="justify-self-start" disabled={form.busy}>
              {form.busy && <Spinner className="size-4" />}
              {t('auth.forgot.button')}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
