import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  timeZoneOr,
  type AdminSiteSettings,
  type SiteSettings,
  type SiteSettingsInputSchema,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { writeAudit } from './audit.ts';

// The site's settings row: its public part (read often, cached) and the admin's
// view and change of the site's identity, venue, links, feature flags (switchable at runtime:
// the public settings cache is dropped on every server) and SMS sender settings (decision 007).

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
    retentionMonths: row.retentionMonths,
    deviceKeepDays: row.deviceKeepDays,
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

// ---- the admin's settings page ----

async function readSite(db: Db | Tx): Promise<AdminSiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) throw new Error('site settings missing: the database was not seeded');
  return {
    ...toSiteSettings(row),
    smsSenderName: row.smsSenderName,
    smsFromNumber: row.smsFromNumber,
    version: row.version,
  };
}

export function adminGetSiteSettings(deps: Deps): Promise<AdminSiteSettings> {
  return readSite(deps.database.db);
}

export function updateSiteSettings(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof SiteSettingsInputSchema>,
): Promise<AdminSiteSettings> {
  return saveSiteSettingsRow(deps, caller, readSite, {
    siteName: input.siteName,
    sitePrefix: input.sitePrefix,
    siteEmail: input.siteEmail,
    siteUrl: input.siteUrl,
    venueName: input.venueName,
    venueAddress: input.venueAddress,
    mapEmbedUrl: input.mapEmbedUrl,
    mailingListUrl: input.mailingListUrl,
    googleClientId: input.googleClientId,
    timeZone: input.timeZone,
    sellLunchTickets: input.flags.SellLunchTickets,
    mailingListTab: input.flags.MailingListTab,
    allowSmsNotifications: input.flags.AllowSmsNotifications,
    smsSenderName: input.smsSenderName,
    smsFromNumber: input.smsFromNumber,
  });
}

/**
 * Writes `values` to the site settings row with its version raised, audited as a site settings
 * change (before and after as `read` sees them) in the same transaction; then the cached public
 * settings are dropped. Answers what `read` sees after.
 */
export async function saveSiteSettingsRow<T>(
  deps: Deps,
  caller: Caller,
  read: (tx: Tx) => Promise<T>,
  values: Partial<typeof siteSettings.$inferInsert>,
): Promise<T> {
  const saved = await deps.database.db.transaction(async (tx) => {
    const before = await read(tx);
    await tx
      .update(siteSettings)
      .set({ ...values, version: sql`${siteSettings.version} + 1`, updatedAt: deps.now() })
      .where(eq(siteSettings.id, 1));
    const after = await read(tx);
    await writeAudit(
      tx,
      caller,
      { entity: 'siteSettings', entityId: 1, action: 'update', before, after },
      deps.now(),
    );
    return after;
  });
  await deps.cache.invalidate(SETTINGS_CACHE_KEY);
  return saved;
}
