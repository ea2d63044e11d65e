import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { clearPendingUser, readPendingUser } from '../pending-user.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { t, tx } from '@web/lib/i18n.tsx';

/** /user/pending: "check your e-mail" after sign-up (docs/product.md §4). */
export function PendingPage() {
  usePageMeta(PAGES.pending.title, t('auth.pending.description'));
  const [pending] = useState(readPendingUser);
  // The stored name and address are cleared on leaving this page.
  useEffect(() => () => clearPendingUser(), []);
  if (!pending) return <Navigate to={href('register')} replace />;
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle as="h1">{t('auth.pending.title', { firstName: pending.firstName })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p>
          {tx('auth.pending.sent', { email: pending.email, strong: (inner) => <strong>{inner}</strong> })}
        </p>
        <p className="text-sm text-muted-foreground">{t('auth.pending.delay')}</p>
      </CardContent>
    </Card>
  );
}
