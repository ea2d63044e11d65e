import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminSiteSettings, SiteSettingsInputSchema } from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { writeAudit } from './audit.ts';
import { SETTINGS_CACHE_KEY, toSiteSettings } from './site-settings.ts';

// Issue 8: the site's identity, venue, links, feature flags (switchable at runtime: the
// public settings cache is dropped on every server) and SMS sender settings.

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

export async function updateSiteSettings(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof SiteSettingsInputSchema>,
): Promise<AdminSiteSettings> {
  const saved = await deps.database.db.transaction(async (tx) => {
    const before = await readSite(tx);
    await tx
      .update(siteSettings)
      .set({
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
        version: sql`${siteSettings.version} + 1`,
        updatedAt: deps.now(),
      })
      .where(eq(siteSettings.id, 1));
    const after = await readSite(tx);
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
