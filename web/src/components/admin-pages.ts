// Issue 19 (the director, item 4): one order for the admin pages, used by the admin navigation,
// its More menu and the settings pages' own navigation, so the three never disagree.
// SPEC.md section 2 "Admin navigation" gives the order; Site Settings and Audit Log (issue 8)
// follow the settings pages it names. Logout is the header's, once.

export interface AdminPage {
  to: string;
  label: string;
}

/** The settings pages (SuperAdmin only), in the More menu's order. */
export const SETTINGS_PAGES: readonly AdminPage[] = [
  { to: '/admin/tournaments', label: 'Tournaments' },
  { to: '/admin/divisions', label: 'Divisions' },
  { to: '/admin/event-types', label: 'Event Types' },
  { to: '/admin/competitor-levels', label: 'Competitor Levels' },
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/site-settings', label: 'Site Settings' },
  { to: '/admin/audit-log', label: 'Audit Log' },
];

/**
 * The More menu: the settings pages, then Communications, then the dev outbox (issue 16: the SMS
 * and mails a server without Twilio or SMTP_URL keeps instead of sending).
 */
export const MORE_PAGES: readonly AdminPage[] = [
  ...SETTINGS_PAGES,
  { to: '/admin/communications', label: 'Communications' },
  { to: '/admin/dev-outbox', label: 'Dev Outbox' },
];
