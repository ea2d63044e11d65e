import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast.tsx';
import { PageAlertProvider } from '../lib/page-alert.tsx';
import { SettingsProvider } from '../lib/site-settings.tsx';
import { ThemeProvider } from '../lib/theme.tsx';

/** Theme, site settings (identity and flags), toasts and the page alert, for every page. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <SettingsProvider>
        <ToastProvider>
          <PageAlertProvider>{children}</PageAlertProvider>
        </ToastProvider>
      </SettingsProvider>
    </ThemeProvider>
  );
}
