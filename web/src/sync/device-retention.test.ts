import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncCompetitor, syncRegistration } from '@shared/testing/sync-rows.ts';
import { keepOnDevice } from '../lib/offline-cache.ts';
import { DeviceDb, META, setMeta } from './db.ts';
import { dropExpiredVenueData } from './device-retention.ts';

// Decision 046: a check-in tablet holding a tournament's families drops them 7 days after the
// tournament (or the days the site setting says), signed in or not and without a sync; never while a change waits to be sent.

let db: DeviceDb;
let n = 0;

beforeEach(async () => {
  db = new DeviceDb(`device-retention-${++n}`);
  keepOnDevice('/api/tournaments', [
    { id: 7, tournamentDate: '2026-11-28', registrationOpensOn: '2026-09-01' },
  ]);
  await db.entity('registrations').put(syncRegistration({ id: 1, tournamentId: 7 }));
  await db.entity('competitors').put(syncCompetitor({ id: 2, registrationId: 1, firstName: 'Ava' }));
  await setMeta(db, META.cookie('checkin'), 'checkin.7.42.0');
});
afterEach(async () => {
  localStorage.clear();
  await db.delete();
});

const held = async () => (await db.entity('competitors').toArray()).length;

describe('the venue devices drop a past tournament', () => {
  it('keeps the families for 7 days after the tournament, then drops them', async () => {
    expect(await dropExpiredVenueData(db, new Date('2026-12-05T20:00:00Z'))).toBe(false);
    expect(await held()).toBe(1);
    expect(await dropExpiredVenueData(db, new Date('2026-12-06T09:00:00Z'))).toBe(true);
    expect(await held()).toBe(0);
    expect(await db.entity('registrations').count()).toBe(0);
  });

  it('keeps them as many days as the site setting says, once the device has the settings', async () => {
    keepOnDevice('/api/settings', { siteName: 'Open', deviceKeepDays: 30 });
    expect(await dropExpiredVenueData(db, new Date('2026-12-06T09:00:00Z'))).toBe(false);
    expect(await dropExpiredVenueData(db, new Date('2026-12-28T20:00:00Z'))).toBe(false);
    expect(await held()).toBe(1);
    expect(await dropExpiredVenueData(db, new Date('2026-12-29T09:00:00Z'))).toBe(true);
    expect(await held()).toBe(0);
  });

  it('keeps everything while a change waits to be sent', async () => {
    await db.outbox.add({
      id: 1,
      name: 'checkInCompetitor@1',
      args: { competitorId: 2 },
      queuedAt: '2026-11-28T10:00:00Z',
    });
    expect(await dropExpiredVenueData(db, new Date('2027-01-10T09:00:00Z'))).toBe(false);
    expect(await held()).toBe(1);
  });
});
