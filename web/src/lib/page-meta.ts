import { useEffect } from 'react';
import { useSiteSettings } from './site-settings.tsx';

/** Sets the page title "{prefix} {name}" and the meta description (SPEC.md section 1). */
export function usePageMeta(title: string, description: string): void {
  const prefix = useSiteSettings()?.sitePrefix;
  useEffect(() => {
    document.title = prefix ? `${prefix} ${title}` : title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [prefix, title, description]);
}
