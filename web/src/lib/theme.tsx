import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';

// docs/product.md §9: light and dark schemes. Follows the system until the user chooses;
// the choice is remembered in localStorage `theme` (public/boot.js applies it before paint).
export type Scheme = 'light' | 'dark';
const KEY = 'theme';

function systemScheme(): Scheme {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}
function storedScheme(): Scheme | null {
  const v = localStorage.getItem(KEY);
  return v === 'light' || v === 'dark' ? v : null;
}
function apply(scheme: Scheme): void {
  document.documentElement.classList.toggle('dark', scheme === 'dark');
  document.documentElement.style.colorScheme = scheme;
}

interface ThemeApi {
  scheme: Scheme;
  setScheme: (scheme: Scheme) => void;
  toggle: () => void;
}
const ThemeContext = createContext<ThemeApi | null>(null);
const CHANGE = 'theme-change';

function subscribeChosen(onChange: () => void): () => void {
  window.addEventListener(CHANGE, onChange);
  return () => window.removeEventListener(CHANGE, onChange);
}
function subscribeSystem(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const listener = () => {
    // Following the system: the page's scheme moves with it.
    if (!storedScheme()) apply(systemScheme());
    onChange();
  };
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * The scheme is applied to the page by public/boot.js before the first paint, then only when
 * it changes (the toggle, the system setting), never from a render: a page the server rendered
 * (decision 020) first renders as the server did (light, nothing chosen) and must not flash.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const chosen = useSyncExternalStore(subscribeChosen, storedScheme, () => null);
  const system = useSyncExternalStore(subscribeSystem, systemScheme, (): Scheme => 'light');
  const scheme = chosen ?? system;

  const setScheme = useCallback((next: Scheme) => {
    localStorage.setItem(KEY, next);
    apply(next);
    window.dispatchEvent(new Event(CHANGE));
  }, []);
  // From the page's scheme now, not the last render's: a click made before the app ran is
  // replayed right after hydration, before a render has caught up with a stored choice.
  const toggle = useCallback(
    () => setScheme((storedScheme() ?? systemScheme()) === 'dark' ? 'light' : 'dark'),
    [setScheme],
  );
  const value = useMemo(() => ({ scheme, setScheme, toggle }), [scheme, setScheme, toggle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeApi {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme needs <ThemeProvider>');
  return value;
}
