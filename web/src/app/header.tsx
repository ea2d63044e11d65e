import { LogOut, Shield } from 'lucide-react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { SchemeToggle } from '../components/scheme-toggle.tsx';
import { Button } from '../components/ui/button.tsx';
import { t, tm } from '../lib/i18n.tsx';
import { isStaff, logout, useSession, worksInAdminArea } from '../lib/session.ts';
import { Flag, useSiteSettings } from '../lib/site-settings.tsx';
import { useTournamentToday } from '../lib/tournaments.ts';
import { cn } from '../lib/utils.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { href, PAGES } from './pages.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-9 shrink-0 items-center rounded-md px-2 text-sm font-medium sm:min-h-11 sm:px-3 text-foreground no-underline hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
    isActive && 'bg-accent',
  );

/** docs/product.md §2 "Header links". */
export function Header() {
  const settings = useSiteSettings();
  const session = useSession();
  const navigate = useNavigate();
  // Decision 027: the home page's banner already names the site (docs/product.md §2), so the header
  // does not repeat it there; elsewhere it is one short line. On a phone the links wrap onto a
  // second row of 36 px targets (under 80 px at home) rather than scroll: a link half scrolled
  // out of view is a touch target too small to hit (Lighthouse's target-size).
  const onHome = useLocation().pathname === '/';
  // Tournament day: the results, as they come in (decision 051).
  const today = useTournamentToday();

  return (
    <header className="border-b bg-card">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-0 px-2 py-0.5 sm:gap-y-1 sm:px-4 sm:py-2">
        {!onHome && (
          <Link
            to={href('home')}
            className="mr-auto text-base font-bold leading-tight text-foreground no-underline sm:text-lg"
          >
            {settings?.siteName ?? ''}
          </Link>
        )}
        <nav
          aria-label={t('public.header.nav')}
          className="relative ml-auto flex max-w-full flex-wrap items-center justify-end gap-x-1"
        >
          <NavLink to={href('contact')} className={linkClass}>
            {tm(PAGES.contact.title)}
          </NavLink>
          {today && (
            <NavLink to={href('results')} className={linkClass}>
              {tm(PAGES.results.title)}
            </NavLink>
          )}
          <Flag name="MailingListTab">
            <NavLink to={href('mailingList')} className={linkClass}>
              {tm(PAGES.mailingList.title)}
            </NavLink>
          </Flag>
          <Button asChild size="sm" className="shrink-0">
            <Link to={href('customerHome')}>{tm(PAGES.registrationStart.title)}</Link>
          </Button>
          {worksInAdminArea(session) && (
            <Button asChild size="sm" variant="outline">
              {/* A ring official's admin area is the matchday screen (decision 042). */}
              <Link to={isStaff(session) ? href('registrations') : href('matchday')}>
                <Shield aria-hidden="true" />
                {tm(PAGES.admin.title)}
              </Link>
            </Button>
          )}
          {session && (
            <Button
              size="sm"
              variant="ghost"
              onClick={async () => {
                if (await logout()) await navigate(href('home'));
              }}
            >
              <LogOut aria-hidden="true" />
              {t('common.logout')}
            </Button>
          )}
          <LanguageSwitch className={linkClass({ isActive: false })} />
          <SchemeToggle className="size-9 sm:size-10" />
        </nav>
      </div>
    </header>
  );
}
