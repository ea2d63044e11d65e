import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

// SPEC.md section 9: light and dark schemes. Follows the system until the user chooses;
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

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Scheme | null>(storedScheme);
  const [system, setSystem] = useState<Scheme>(systemScheme);
  const scheme = chosen ?? system;

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  useEffect(() => apply(scheme), [scheme]);

  const setScheme = useCallback((next: Scheme) => {
    localStorage.setItem(KEY, next);
    setChosen(next);
  }, []);
  const toggle = useCallback(() => setScheme(scheme === 'dark' ? 'light' : 'dark'), [scheme, setScheme]);
  const value = useMemo(() => ({ scheme, setScheme, toggle }), [scheme, setScheme, toggle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeApi {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme needs <ThemeProvider>');
  return value;
}
