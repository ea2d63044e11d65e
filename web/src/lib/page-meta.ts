import { useEffect } from 'react';
import { tm } from './i18n.tsx';
import { useSiteSettings } from './site-settings.tsx';

export interface PageMeta {
  title: string;
  description: string;
}

// On the server (decision 020) effects never run: the render notes the meta the page asked
// for, the deepest page's last, and the server writes it into the page's head.
let rendered: PageMeta | undefined;

/** The meta the last server render asked for, cleared for the next render. */
export function takeRenderedMeta(): PageMeta | undefined {
  const meta = rendered;
  rendered = undefined;
  return meta;
}

/**
 * Sets the page title "{prefix} {name}" and the meta description (docs/product.md §1), in the
 * page's language: each is a text or a message reference (PAGES.x.title is one).
 */
export function usePageMeta(titleText: string, descriptionText: string): void {
  const prefix = useSiteSettings()?.sitePrefix;
  const title = tm(titleText);
  const description = tm(descriptionText);
  const fullTitle = prefix ? `${prefix} ${title}` : title;
  if (typeof document === 'undefined') rendered = { title: fullTitle, description };
  useEffect(() => {
    document.title = fullTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [fullTitle, description]);
}
