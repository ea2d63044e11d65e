import { PAGES } from '@web/app/pages.ts';
import { t } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { YourData } from './your-data.tsx';

/**
 * `/customer/your-data`: "Your data" on a page of its own, linked from the footer of every page
 * a signed-in family sees. The customer home shows the same section, but sends a family with no
 * completed registration to registering while registration is open; this page is how that
 * family downloads or deletes what it gave so far.
 */
export function YourDataPage() {
  usePageMeta(PAGES.yourData.title, t('privacy.yourData.text'));
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <YourData heading="h1" />
    </div>
  );
}
