import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { tm } from './i18n.tsx';
import { failureText, isOfflineError } from './offline.ts';

// docs/product.md §8: errors in a dismissible page alert of type danger; successes as success.
// A failure because the device is offline is no error: a calm 'info'
// notice that the action needs a connection, never the danger alert.
export type PageAlertType = 'danger' | 'success' | 'info';
export interface PageAlertValue {
  type: PageAlertType;
  message: string;
  /** Changes on every show, so the same text shown twice still scrolls into view. */
  id: number;
}
interface PageAlertApi {
  alert: PageAlertValue | null;
  showAlert: (type: PageAlertType, message: string) => void;
  /** The error's section 8 text (after `prefix`) as danger, or the calm offline text as info. */
  showError: (error: unknown, prefix?: string) => void;
  clearAlert: () => void;
}

const PageAlertContext = createContext<PageAlertApi | null>(null);
let nextId = 1;

export function PageAlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<PageAlertValue | null>(null);
  const showAlert = useCallback((type: PageAlertType, message: string) => {
    setAlert({ type, message, id: nextId++ });
  }, []);
  const showError = useCallback(
    (error: unknown, prefix = '') =>
      showAlert(isOfflineError(error) ? 'info' : 'danger', prefix + tm(failureText(error))),
    [showAlert],
  );
  const clearAlert = useCallback(() => setAlert(null), []);
  const value = useMemo(
    () => ({ alert, showAlert, showError, clearAlert }),
    [alert, showAlert, showError, clearAlert],
  );
  return <PageAlertContext.Provider value={value}>{children}</PageAlertContext.Provider>;
}

/** `showAlert('success', text)`, `showError(error)` (an ApiError's message), `clearAlert()`. */
export function usePageAlert(): PageAlertApi {
  const value = useContext(PageAlertContext);
  if (!value) throw new Error('usePageAlert needs <PageAlertProvider>');
  return value;
}

/** The page alert when the page has one: `useAction` runs on door pages rendered without it in tests. */
export function useOptionalPageAlert(): PageAlertApi | null {
  return useContext(PageAlertContext);
}
