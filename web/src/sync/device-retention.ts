import { SYNC_SCOPE_ROLES, SYNC_SCOPES } from '@shared/contract/sync.ts';
import { deviceKeepExpired, RETENTION, RETENTION_BOUNDS } from '@shared/domain/erasure.ts';
import { keptOnDevice } from '../lib/offline-cache.ts';
import { getMeta, META, wipeDeviceStore, type DeviceDb } from './db.ts';

// Venue devices drop a tournament's personal rows the set number of days after it (the site
// setting a super admin changes, carried by the public settings the device keeps; 7 by
// default), even if no one signs out (docs/decisions/046-erasure-and-retention.md). The device reads which tournament
// its rows are of from its pull cookies ("<scope>.<tournamentId>.<version>.<acked>") and that
// tournament's date from the tournament list it keeps for offline use. Changes not yet sent are
// never dropped: the device keeps everything until they are.

/** The tournament ids of the personal scopes this device holds rows of. */
async function heldTournaments(db: DeviceDb): Promise<number[]> {
  const ids = new Set<number>();
  for (const scope of SYNC_SCOPES) {
    // Signage holds no personal data (its roles include visitors).
    if ((SYNC_SCOPE_ROLES[scope] as readonly string[]).includes('Unauthenticated')) continue;
    const cookie = await getMeta<string>(db, META.cookie(scope));
    const id = Number(cookie?.split('.')[1]);
    if (Number.isInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

/**
 * The days the site setting says, from the public settings this device keeps; the default when
 * it has none yet (or an older copy without the setting).
 */
export function keptDeviceKeepDays(): number {
  const days = keptOnDevice<{ deviceKeepDays?: unknown }>('/api/settings')?.data?.deviceKeepDays;
  const { min, max } = RETENTION_BOUNDS.deviceDays;
  return typeof days === 'number' && Number.isInteger(days) && days >= min && days <= max
    ? days
    : RETENTION.deviceKeepDays;
}

/**
 * Wipes the device store when it holds personal rows of a tournament that ended more than
 * `keepDays` ago and has no change waiting to be sent; answers whether it did.
 */
export async function dropExpiredVenueData(
  db: DeviceDb,
  now: Date,
  keepDays: number = keptDeviceKeepDays(),
): Promise<boolean> {
  const held = await heldTournaments(db);
  if (held.length === 0) return false;
  const list = keptOnDevice<unknown>('/api/tournaments')?.data;
  if (!Array.isArray(list)) return false;
  const dates = new Map(
    (list as { id?: unknown; tournamentDate?: unknown }[])
      .filter((t) => typeof t?.id === 'number' && typeof t.tournamentDate === 'string')
      .map((t) => [t.id as number, t.tournamentDate as string]),
  );
  const expired = held.some((id) => {
    const date = dates.get(id);
    return date !== undefined && deviceKeepExpired(date, keepDays, now);
  });
  if (!expired || (await db.outbox.count()) > 0) return false;
  await wipeDeviceStore(db);
  return true;
}
