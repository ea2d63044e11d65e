import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ResetFormSchema } from '@tournament/shared';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { resetPassword } from '../api/accounts.ts';
import { useValidatedForm } from '../hooks/use-validated-form.ts';

/** /user/reset/{userId}/{hash} (the shell checks that userId is numeric). */
export function ResetPage() {
  usePageMeta('Reset Password', 'Choose a new password for your account.');
  const { userId, hash } = useParams();
  const { showError, clearAlert } = usePageAlert();
  const form = useValidatedForm(ResetFormSchema, { newPassword: '', confirmPassword: '' });
  const [state, setState] = useState<'form' | 'sending' | 'done'>('form');

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = form.validate();
    if (!values || !userId || !hash) return;
    clearAlert();
    setState('sending');
    try {
      await resetPassword({ userId: Number(userId), hash, newPassword: values.newPassword });
      setState('done');
    } catch (error) {
      showError(error);
      setState('form');
    }
  }

  const done = state === 'done';
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle>Reset Password</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
          <fieldset disabled={done || state === 'sending'} className="grid gap-4">
            <TextField label="New Password" type="password" required autoComplete="new-password" {...form.bind('newPassword')} />
            <TextField
              label="Confirm Password"
              type="password"
              required
              autoComplete="new-password"
              {...form.bind('confirmPassword')}
            />
            <Button type="submit" className="justify-self-start" disabled={!form.isValid || done || state === 'sending'}>
              {state === 'sending' && <Spinner className="size-4" />}
              Reset Password
            </Button>
          </fieldset>
        </form>
        {done && (
          <p role="status">
            Your password has been changed. <Link to="/user/login">Proceed to login</Link>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
