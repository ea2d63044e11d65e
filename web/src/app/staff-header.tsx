import { ExternalLink, LogOut, Shield } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { SchemeToggle } from '../components/scheme-toggle.tsx';
import { Button } from '../components/ui/button.tsx';
import { t } from '../lib/i18n.tsx';
import { logout, useSession } from '../lib/session.ts';
import { useSiteSettings } from '../lib/site-settings.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { href } from './pages.ts';

/**
 * The header of staff screens (decision 028): the public header's
 * links (Contact Us, Mailing List, a big red "Online Registration") are mis-taps waiting to
 * happen on a check-in tablet, so staff screens carry only what staff need: where they are
 * (the site's name, marked "Staff"), who is signed in, the scheme and Logout. The public site
 * stays one quiet link away. Public pages keep the public header (docs/product.md §2).
 */
export function StaffHeader() {
  const settings = useSiteSettings();
  const session = useSession();
  const navigate = useNavigate();
  return (
    <header className="border-b bg-card" data-testid="staff-header">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <div className="mr-auto flex min-w-0 items-center gap-2">
          {/* A bare /admin opens the staff start page for the role (docs/product.md §2). */}
          <Link
            to={href('admin')}
            className="min-h-6 truncate text-lg font-bold text-foreground no-underline"
          >
            {settings?.siteName ?? ''}
          </Link>
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold">
            <Shield aria-hidden="true" className="size-3.5" />
            {t('common.staffHeader.staff')}
          </span>
        </div>
        <nav aria-label={t('common.staffHeader.account')} className="flex flex-wrap items-center gap-1">
          {session && (
            <span className="px-2 text-sm text-muted-foreground" data-testid="staff-user">
              {session.user.userDisplayName}
            </span>
          )}
          <Button asChild size="sm" variant="ghost">
            <Link to={href('home')}>
              <ExternalLink aria-hidden="true" />
              {t('common.staffHeader.publicSite')}
            </Link>
          </Button>
          <LanguageSwitch className="inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium text-foreground no-underline hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring" />
          <SchemeToggle />
          {session && (
            <Button
              size="sm"
              variant="outline"
              onClick={async () => {
                if (await logout()) await navigate(href('home'));
              }}
            >
              <LogOut aria-hidden="true" />
              {t('common.logout')}
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
