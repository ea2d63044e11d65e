import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { usePageAlert } from '@web/lib/page-alert.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { verifyAccount } from '../api/accounts.ts';
import { takeVerifyingEmail } from '../pending-user.ts';
import type { LoginState } from './login-page.tsx';
import { href, PAGES } from '@web/app/pages.ts';
import { t, tx } from '@web/lib/i18n.tsx';

/** /user/verification/{hash}: sends the hash on load (docs/product.md §4). */
export function VerificationPage() {
  usePageMeta(PAGES.verification.title, t('auth.verification.description'));
  const { hash } = useParams();
  const { showError } = usePageAlert();
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const [email, setEmail] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once only: the link is single use, so a second request would report a failure.
    if (!hash || sent.current) return;
    sent.current = true;
    verifyAccount(hash).then(
      () => {
        setEmail(takeVerifyingEmail());
        setState('done');
      },
      (error: unknown) => {
        setState('failed');
        showError(error);
      },
    );
  }, [hash, showError]);

  if (!hash) return <Navigate to={href('home')} replace />;
  if (state === 'working') {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle as="h1">
          {state === 'done' ? t('auth.verification.doneTitle') : t('auth.verification.failedTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {state === 'done' ? (
          <p>
            {tx('auth.verification.done', {
              link: (inner) => (
                <Link to={href('login')} state={email ? ({ email } satisfies LoginState) : undefined}>
                  {inner}
                </Link>
              ),
            })}
          </p>
        ) : (
          <p>
            {tx('auth.verification.failed', { link: (inner) => <Link to={href('contact')}>{inner}</Link> })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
