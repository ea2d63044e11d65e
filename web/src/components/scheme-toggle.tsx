import { Moon, Sun } from 'lucide-react';
import { t } from '../lib/i18n.tsx';
import { useTheme } from '../lib/theme.tsx';
import { Button } from './ui/button.tsx';

/**
 * The light/dark switch of a header (docs/product.md §9: the interface has both schemes). Its
 * name and icon follow the page's `.dark` class through CSS, not a render: a page the server
 * rendered (decisions 020 and 031) names the switch right in a dark scheme before, and
 * without, the app.
 */
export function SchemeToggle({ className }: { className?: string }) {
  const { toggle } = useTheme();
  return (
    <Button size="icon" variant="ghost" className={className} onClick={toggle}>
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
      <span className="sr-only dark:hidden">{t('common.scheme.dark')}</span>
      <span className="sr-only hidden dark:inline">{t('common.scheme.light')}</span>
    </Button>
  );
}
