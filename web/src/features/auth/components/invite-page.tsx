import { useNavigate, useParams } from 'react-router';
import { ResetFormSchema } from '@shared/contract/users.ts';
import { TextField } from '@web/components/form/text-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api-client.ts';
import { useForm } from '@web/lib/form.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { setSession, setSessionForNextPage, useSession } from '@web/lib/session.ts';
import { invalidateQueriesExcept, useQuery } from '@web/lib/use-query.ts';
import { PAGES } from '@web/app/pages.ts';
import { acceptInvite, checkInvite, toSession } from '../api/accounts.ts';
import { loginDestination } from '../login-destination.ts';

/**
 * /user/invite/{token} (decision 049): a volunteer invited from the Staff page chooses a password
 * and is signed in, landing where a sign-in with that role lands. A used, expired or withdrawn
 * link shows why it no longer works.
 */
export function InvitePage() {
  usePageMeta(PAGES.invite.title, t('auth.invite.description'));
  const { token = '' } = useParams();
  // Signing in empties the query cache: coming back to a used link asks the server again.
  const invite = useQuery(`invite:${token}`, () => checkInvite(token));
  const session = useSession();
  if (invite.error instanceof ApiError && invite.error.status === 400) {
    return (
      <Card className="mx-auto max-w-xl" data-testid="invite-invalid">
        <CardHeader>
          <CardTitle as="h1">{t('auth.invite.invalidTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p role="alert">{tm(invite.error.message)}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle as="h1">{t('auth.invite.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryView query={invite} />
        {invite.data && (
          <>
            <p>{t('auth.invite.intro', { ...invite.data })}</p>
            {session && (
              <p role="note" className="text-sm text-muted-foreground">
                {t('auth.invite.signedInAs', {
                  name: session.user.userDisplayName,
                  email: invite.data.email,
                })}
              </p>
            )}
            <InviteForm token={token} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function InviteForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useForm({
    // The reset form's rules: a new password and its confirmation.
    schema: ResetFormSchema,
    initial: { newPassword: '', confirmPassword: '' },
    onSubmit: async (values) => {
      // As the login page finishes a sign-in: the session is stored for the next page, which
      // loads in-page, then announced.
      const session = toSession(await acceptInvite({ token, password: values.newPassword }));
      setSessionForNextPage(session);
      invalidateQueriesExcept((key) => key === 'settings');
      await navigate(loginDestination(session.user.roles, null), { replace: true, flushSync: true });
      setSession(session);
    },
  });
  return (
    <form className="grid gap-4" onSubmit={(e) => void form.submit(e)}>
      <fieldset disabled={form.busy} className="grid gap-4">
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
        <Button type="submit" className="justify-self-start" disabled={!form.isValid || form.busy}>
          {form.busy && <Spinner className="size-4" />}
          {t('auth.invite.button')}
        </Button>
      </fieldset>
    </form>
  );
}
