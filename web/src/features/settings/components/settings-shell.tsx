import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { href, PAGES, SETTINGS_NAV } from '@web/app/pages.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { cn } from '@web/lib/utils.ts';
import { t, tm } from '@web/lib/i18n.tsx';

/** Heading, the settings pages' own navigation, and the page (decision 007, SuperAdmin only). */
export function SettingsShell({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageMeta(title, description);
  return (
    <div className="grid gap-4">
      <nav aria-label={t('settings.nav.label')} className="flex flex-wrap gap-1 text-sm">
        {SETTINGS_NAV.map((key) => (
          <NavLink
            key={key}
            to={href(key)}
            className={({ isActive }) =>
              cn(
                'rounded-md border px-2.5 py-1 text-foreground no-underline hover:bg-accent',
                isActive && 'bg-accent font-semibold',
              )
            }
          >
            {tm(PAGES[key].title)}
          </NavLink>
        ))}
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{tm(title)}</h1>
          <p className="text-muted-foreground">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
