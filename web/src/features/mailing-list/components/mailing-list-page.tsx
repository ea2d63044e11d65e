import { Navigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useFlag, useSiteSettings } from '@web/lib/site-settings.tsx';
import { href, PAGES } from '@web/app/pages.ts';

/** `/mailing-list`: the signup form, only when the MailingListTab flag is on (docs/product.md §2). */
export function MailingListPage() {
  usePageMeta(PAGES.mailingList.title, 'Join the mailing list to hear when registration opens and what is new for the next tournament.');
  const settings = useSiteSettings();
  const enabled = useFlag('MailingListTab');
  if (!settings) return <Spinner />;
  if (!enabled) return <Navigate to={href('home')} replace />;

  return (
    <Card className="mx-auto max-w-3xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">Mailing List</h1>
        <CardDescription>Hear when registration opens and what is new for the next tournament.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.mailingListUrl ? (
          <>
            <iframe
              src={settings.mailingListUrl}
              title="Mailing list signup form"
              loading="lazy"
              className="h-[36rem] w-full rounded-md border bg-white"
            />
            <p>
              Form not showing?{' '}
              <a href={settings.mailingListUrl} target="_blank" rel="noopener noreferrer">
                Open the signup form<span className="sr-only"> (opens in a new tab)</span>
              </a>
              .
            </p>
          </>
        ) : (
          <p role="status">
            The mailing list signup form is not available yet. Please check back soon
            {settings.siteEmail ? (
              <>
                , or write to us at <a href={`mailto:${settings.siteEmail}`}>{settings.siteEmail}</a> to be added
              </>
            ) : null}
            .
          </p>
        )}
      </CardContent>
    </Card>
  );
}
