// zod-free, so the web app's first chunk can name the public reads without pulling in the
// schemas (decision 020). `public.ts` re-exports it beside the schemas.

/** The public reads (docs/product.md §7), the contact form, health and the API document. */
export const PUBLIC_PATHS = {
  tournaments: '/api/tournaments',
  eventTypes: '/api/event-types',
  settings: '/api/settings',
  contactUs: '/api/email/contactUs',
  health: '/api/health',
  openApi: '/api/openapi.json',
} as const;
