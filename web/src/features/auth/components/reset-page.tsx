import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ResetFormSchema } from '@shared/contract/users.ts';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useForm } from '@web/lib/form.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { resetPassword } from '../api/accounts.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { t, tx } from '@web/lib/i18n.tsx';

/** /user/reset/{userId}/{hash} (the shell checks that userId is numeric). */
export function ResetPage() {
  usePageMeta(PAGES.reset.title, t('auth.reset.description'));
  const { userId, hash } = useParams();
  const [done, setDone] = useState(false);
  const form = useForm({
    schema: ResetFormSchema,
    initial: { newPassword: '', confirmPassword: '' },
    onSubmit: async (values) => {
      if (!userId || !hash) return;
      await resetPassword({ userId: Number(userId), hash, newPassword: values.newPassword });
      setDone(true);
    },
  });

  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle as="h1">{t('auth.reset.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-4" onSubmit={(e) => void form.submit(e)}>
          <fieldset disabled={done || form.busy} className="grid gap-4">
            <TextField
              label={t('auth.field.newPassword')}
              type="password"
              required
              autoComplete="new-password"
              {...form.field('newPassword')}
            />
            <TextField
              label={t('auth.field.confirmPassword')}
              type="password"
              required
              autoComplete="new-password"
              {...form.field('confirmPassword')}
            />
            <Button
              type="submit"
              className="justify-self-start"
              disabled={!form.isValid || done || form.busy}
            >
              {form.busy && <Spinner className="size-4" />}
              {t('auth.reset.button')}
            </Button>
          </fieldset>
        </form>
        {done && (
          <p role="status">
            {tx('auth.reset.done', { link: (inner) => <Link to={href('login')}>{inner}</Link> })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
