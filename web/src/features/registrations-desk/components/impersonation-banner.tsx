import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@web/components/ui/button.tsx';
import { t } from '@web/lib/i18n.tsx';
import { isViewAsPath, stopViewingAs, useViewingAs } from '../view-as.ts';

/**
 * In the admin layout while a director views the site as a customer (docs/product.md §4;
 * decision 014). Viewing as works on the registration pages only: on any other admin page it
 * ends, in a layout effect so that page's first requests go without UserContext.
 */
export function ImpersonationBanner() {
  const viewing = useViewingAs();
  const { pathname } = useLocation();
  const here = isViewAsPath(pathname);
  useLayoutEffect(() => {
    if (viewing && !here) stopViewingAs();
  }, [viewing, here]);
  if (!viewing || !here) return null;
  return (
    <div
      role="status"
      aria-label={t('registrationsDesk.viewAs.banner')}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-500 bg-amber-100 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-semibold">{t('registrationsDesk.viewAs.viewing', { name: viewing.name })}</p>
      <Button variant="outline" size="sm" onClick={stopViewingAs}>
        {t('registrationsDesk.viewAs.stop', { name: viewing.name })}
      </Button>
    </div>
  );
}
