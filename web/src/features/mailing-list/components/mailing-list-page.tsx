import { Navigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { t, tm, tx } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useFlag, useSiteSettings } from '@web/lib/site-settings.tsx';
import { href, PAGES } from '@web/app/pages.ts';

/** `/mailing-list`: the signup form, only when the MailingListTab flag is on (docs/product.md §2). */
export function MailingListPage() {
  usePageMeta(PAGES.mailingList.title, t('public.mailingList.description'));
  const settings = useSiteSettings();
  const enabled = useFlag('MailingListTab');
  if (!settings) return <Spinner />;
  if (!enabled) return <Navigate to={href('home')} replace />;

  return (
    <Card className="mx-auto max-w-3xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">{tm(PAGES.mailingList.title)}</h1>
        <CardDescription>{t('public.mailingList.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.mailingListUrl ? (
          <>
            <iframe
              src={settings.mailingListUrl}
              title={t('public.mailingList.formTitle')}
              loading="lazy"
              className="h-[36rem] w-full rounded-md border bg-white"
            />
            <p>
              {tx('public.mailingList.notShowing', {
                link: (inner) => (
                  <a href={settings.mailingListUrl} target="_blank" rel="noopener noreferrer">
                    {inner}
                    <span className="sr-only">{t('common.opensInNewTab')}</span>
                  </a>
                ),
              })}
            </p>
          </>
        ) : (
          <p role="status">
            {settings.siteEmail
              ? tx('public.mailingList.unavailableEmail', {
                  email: settings.siteEmail,
                  link: (inner) => <a href={`mailto:${settings.siteEmail}`}>{inner}</a>,
                })
              : t('public.mailingList.unavailable')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
