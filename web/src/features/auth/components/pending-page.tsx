import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { clearPendingUser, readPendingUser } from '../pending-user.ts';
import { href, PAGES } from '@web/app/pages.ts';

/** /user/pending: "check your e-mail" after sign-up (docs/product.md §4). */
export function PendingPage() {
  usePageMeta(PAGES.pending.title, 'Please verify your e-mail address to finish signing up.');
  const [pending] = useState(readPendingUser);
  // The stored name and address are cleared on leaving this page.
  useEffect(() => () => clearPendingUser(), []);
  if (!pending) return <Navigate to={href('register')} replace />;
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle>Thank you for signing up, {pending.firstName}!</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p>
          We have sent an e-mail to <strong>{pending.email}</strong> with a link to verify your account. Please follow
          that link to finish signing up.
        </p>
        <p className="text-sm text-muted-foreground">
          The e-mail may take up to 5 minutes to arrive. If you cannot find it, please check your junk mail folder.
        </p>
      </CardContent>
    </Card>
  );
}
