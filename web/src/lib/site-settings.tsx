import { createContext, useContext, type ReactNode } from 'react';
import type { FeatureFlag, SiteSettings } from '@shared/contract/public.ts';
import { PUBLIC_PATHS } from '@shared/contract/public-paths.ts';
import { api } from './api-client.ts';
import { keptOnDevice } from './offline-cache.ts';
import { useQuery } from './use-query.ts';

// The site's identity and feature flags come from GET /api/settings (decision 008), never from
// constants in components. The last answer is kept on the device: the
// shell paints from it at once, and offline the header keeps the site's name (the api client
// answers an unreachable read from the same copy).
interface SettingsState {
  settings: SiteSettings | undefined;
  error: Error | undefined;
}
const SettingsContext = createContext<SettingsState>({ settings: undefined, error: undefined });

// The schema loads with the answer, keeping zod out of the first chunk (decision 020).
const siteSettingsSchema = async () => (await import('@shared/contract/public.ts')).SiteSettingsSchema;

export function useSiteSettingsQuery() {
  return useQuery<SiteSettings>('settings', () => api.get(PUBLIC_PATHS.settings, siteSettingsSchema), {
    initialData: () => keptOnDevice<SiteSettings>('/api/settings')?.data,
  });
}

export function SettingsProvider({ children }: { children: ReactNode }) {
  const { data, error } = useSiteSettingsQuery();
  return <SettingsContext.Provider value={{ settings: data, error }}>{children}</SettingsContext.Provider>;
}

/** The site settings, or undefined while they load. */
export function useSiteSettings(): SiteSettings | undefined {
  return useContext(SettingsContext).settings;
}

/** True once the settings have loaded or failed to: the shell waits for it, so nothing shifts. */
export function useSiteSettingsSettled(): boolean {
  const { settings, error } = useContext(SettingsContext);
  return settings !== undefined || error !== undefined;
}

/** Why the settings could not be loaded, if they could not. */
export function useSiteSettingsError(): Error | undefined {
  return useContext(SettingsContext).error;
}

/** Whether a feature flag is on; false until the settings have loaded. */
export function useFlag(name: FeatureFlag): boolean {
  return useContext(SettingsContext).settings?.flags[name] ?? false;
}

/** The one place that decides whether flagged content shows (docs/product.md §6). */
export function Flag({
  name,
  children,
  otherwise = null,
}: {
  name: FeatureFlag;
  children: ReactNode;
  otherwise?: ReactNode;
}) {
  return <>{useFlag(name) ? children : otherwise}</>;
}

/** For tests: a provider with fixed settings. */
export function StaticSettingsProvider({
  settings,
  children,
}: {
  settings: SiteSettings;
  children: ReactNode;
}) {
  return (
    <SettingsContext.Provider value={{ settings, error: undefined }}>{children}</SettingsContext.Provider>
  );
}
