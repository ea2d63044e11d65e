import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../lib/theme.tsx';
import { Button } from './ui/button.tsx';

/** The light/dark switch of a header (SPEC.md section 9: the interface has both schemes). */
export function SchemeToggle() {
  const { scheme, toggle } = useTheme();
  const nextScheme = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Button size="icon" variant="ghost" onClick={toggle} aria-label={`Switch to ${nextScheme} mode`}>
      {scheme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
