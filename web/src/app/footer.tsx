import { Link } from 'react-router';
import { t, tm } from '../lib/i18n.tsx';
import { useSession } from '../lib/session.ts';
import { href, PAGES } from './pages.ts';

/**
 * Every public and customer page ends with the privacy policy: the site collects
 * children's data, and a family should find how it is used from anywhere. A signed-in family
 * also finds "Your data" there (download or delete), wherever registering has taken it.
 */
export function Footer() {
  const session = useSession();
  return (
    <footer className="border-t">
      <nav
        aria-label={t('public.footer.nav')}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 px-4 py-2 text-sm"
      >
        <Link to={href('privacy')} className="inline-flex min-h-11 items-center">
          {t('public.footer.privacy')}
        </Link>
        {session && (
          <Link to={href('yourData')} className="inline-flex min-h-11 items-center">
            {tm(PAGES.yourData.title)}
          </Link>
        )}
      </nav>
    </footer>
  );
}
