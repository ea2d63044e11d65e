// The same registration and competitor pages serve the customer and admin areas; after saving a
// competitor the user goes back to /{customer|admin}/registration/{id} (docs/product.md §2).
export type Area = 'customer' | 'admin';

/** Each area's registration and competitor pages in the page table (app/pages.ts). */
export const AREA_PAGES = {
  customer: { registration: 'registration', competitor: 'competitor' },
  admin: { registration: 'adminRegistration', competitor: 'adminCompetitor' },
} as const;
