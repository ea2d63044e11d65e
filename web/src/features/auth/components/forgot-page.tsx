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

/** /user/forgot: after a valid e-mail the form hides and a confirmation shows, whatever the answer. */
export function ForgotPage() {
  usePageMeta(PAGES.forgot.title, 'Get a link to reset your password.');
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
        <CardTitle>Forgot Password</CardTitle>
      </CardHeader>
      <CardContent>
        {sent ? (
          <p role="status">
            If an account exists for {form.values.email}, we have sent it an e-mail with a link to reset your
            password. The link works for one hour; the e-mail may take up to 5 minutes to arrive.
          </p>
        ) : (
          <form className="grid gap-4" onSubmit={(e) => void form.submit(e)}>
            <p>
              Enter the e-mail address of your account and we will send you a link to reset your password.
            </p>
            <TextField label="Email" type="email" required autoComplete="email" {...form.field('email')} />
            <Button type="submit" className="justify-self-start" disabled={form.busy}>
              {form.busy && <Spinner className="size-4" />}
              Send Reset Link
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
