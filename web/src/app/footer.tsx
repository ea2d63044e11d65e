import { Link } from 'react-router';
import { t } from '../lib/i18n.tsx';
import { href } from './pages.ts';

/**
 * Every public and customer page ends with the privacy policy: the site collects
 * children's data, and a family should find how it is used from anywhere.
 */
export function Footer() {
  return (
    <footer className="border-t">
      <nav
        aria-label={t('public.footer.nav')}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 px-4 py-2 text-sm"
      >
        <Link to={href('privacy')} className="inline-flex min-h-11 items-center">
          {t('public.footer.privacy')}
        </Link>
      </nav>
    </footer>
  );
}
