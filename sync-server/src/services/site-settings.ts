import { timeZoneOr, type SiteSettings } from '@tournament/shared';
import { siteSettings } from '../db/schema.ts';
import type { Deps } from '../deps.ts';

export const SETTINGS_CACHE_KEY = 'site-settings';

/** The public part of the settings row; `googleClientIdFallback` fills an empty client id. */
export function toSiteSettings(
  row: typeof siteSettings.$inferSelect,
  googleClientIdFallback = '',
): SiteSettings {
  return {
    siteName: row.siteName,
    sitePrefix: row.sitePrefix,
    siteEmail: row.siteEmail,
    siteUrl: row.siteUrl,
    venueName: row.venueName,
    venueAddress: row.venueAddress,
    mapEmbedUrl: row.mapEmbedUrl,
    mailingListUrl: row.mailingListUrl,
    googleClientId: row.googleClientId || googleClientIdFallback,
    timeZone: timeZoneOr(row.timeZone),
    flags: {
      SellLunchTickets: row.sellLunchTickets,
      MailingListTab: row.mailingListTab,
      AllowSmsNotifications: row.allowSmsNotifications,
    },
  };
}

/** The site's identity and feature flags (read often, changed rarely: cached). */
export function getSiteSettings(deps: Deps): Promise<SiteSettings> {
  return deps.cache.get(SETTINGS_CACHE_KEY, async () => {
    const [row] = await deps.database.db.select().from(siteSettings).limit(1);
    if (!row) throw new Error('site settings missing: the database was not seeded');
    // The database value wins; GOOGLE_CLIENT_ID fills in when it is empty.
    return toSiteSettings(row, deps.config.googleClientId ?? '');
  });
}

/** `getSiteSettings` without waiting, when the cache holds it; undefined while it loads or once dropped. */
export function peekSiteSettings(deps: Deps): SiteSettings | undefined {
  return deps.cache.peek<SiteSettings>(SETTINGS_CACHE_KEY);
}
