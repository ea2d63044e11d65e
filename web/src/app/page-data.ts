import type { EventType, SiteSettings, Tournament } from '@shared/contract/public.ts';

// The answers a server-rendered public page carries (decision 020), in a
// `<script type="application/json" id="page-data">` tag (CSP never runs it), keyed by the
// query keys and read paths the page's hooks use.

export const PAGE_DATA_ID = 'page-data';

export interface PageData {
  settings: SiteSettings;
  tournaments: Tournament[];
  eventTypes: EventType[];
}

/** The query cache entries (lib/use-query.ts) the page's hooks read. */
export function pageQueries(data: PageData): Record<string, unknown> {
  return { settings: data.settings, tournaments: data.tournaments, 'event-types': data.eventTypes };
}

/** The same answers by read path, for the copies kept on the device (lib/offline-cache.ts). */
export function pageReads(data: PageData) {
  return [
    ['/api/settings', data.settings],
    ['/api/tournaments', data.tournaments],
    ['/api/event-types', data.eventTypes],
  ] as const;
}

/** JSON safe inside a script element: no `</script>`, no HTML comment opener, no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
