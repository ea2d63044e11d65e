import { useState, type FormEvent } from 'react';
import { ForgotRequestSchema } from '@tournament/shared';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { requestPasswordReset } from '../api/accounts.ts';
import { useValidatedForm } from '../hooks/use-validated-form.ts';

/** /user/forgot: after a valid e-mail the form hides and a confirmation shows, whatever the answer. */
export function ForgotPage() {
  usePageMeta('Forgot Password', 'Get a link to reset your password.');
  const { showError, clearAlert } = usePageAlert();
  const form = useValidatedForm(ForgotRequestSchema, { email: '' });
  const [state, setState] = useState<'form' | 'sending' | 'sent'>('form');

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!e.currentTarget.reportValidity()) return;
    const values = form.validate();
    if (!values) return;
    clearAlert();
    setState('sending');
    try {
      await requestPasswordReset(values);
    } catch (error) {
      showError(error);
    }
    setState('sent');
  }

  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle>Forgot Password</CardTitle>
      </CardHeader>
      <CardContent>
        {state === 'sent' ? (
          <p role="status">
            If an account exists for {form.values.email}, we have sent it an e-mail with a link to reset your password.
            The link works for one hour; the e-mail may take up to 5 minutes to arrive.
          </p>
        ) : (
          <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
            <p>Enter the e-mail address of your account and we will send you a link to reset your password.</p>
            <TextField label="Email" type="email" required autoComplete="email" {...form.bind('email')} />
            <Button type="submit" className="justify-self-start" disabled={state === 'sending'}>
              {state === 'sending' && <Spinner className="size-4" />}
              Send Reset Link
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
