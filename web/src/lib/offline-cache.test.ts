import { describe, expect, it, vi } from 'vitest';
import { makeSettings, makeTournament } from '../testing/fixtures.ts';
import { isKeptRead, keepOnDevice, keptOnDevice } from './offline-cache.ts';

describe('reads kept on the device (offline is not an error)', () => {
  it('gives back the last answer kept, with when it arrived', () => {
    keepOnDevice('/api/tournaments', [makeTournament({ city: 'Sudbury' })], new Date('2026-06-13T12:00:00Z'));
    keepOnDevice(
      '/api/tournaments',
      [makeTournament({ city: 'Elliot Lake' })],
      new Date('2026-06-13T12:05:00Z'),
    );
    const kept = keptOnDevice<ReturnType<typeof makeTournament>[]>('/api/tournaments');
    expect(kept?.data.map((t) => t.city)).toEqual(['Elliot Lake']);
    expect(kept?.savedAt).toBe('2026-06-13T12:05:00.000Z');
  });

  it('keeps each read apart, and has nothing for a read never made', () => {
    keepOnDevice('/api/settings', makeSettings({ siteName: 'Kept Name' }));
    expect(keptOnDevice<{ siteName: string }>('/api/settings')?.data.siteName).toBe('Kept Name');
    expect(keptOnDevice('/api/event-types')).toBeUndefined();
  });

  it('outlives signing out: only the session is removed then', () => {
    keepOnDevice('/api/settings', makeSettings());
    localStorage.removeItem('session');
    expect(keptOnDevice('/api/settings')).toBeDefined();
  });

  it('reads a damaged copy as none, instead of failing the page', () => {
    localStorage.setItem('kept:v1:/api/settings', '{not json');
    expect(keptOnDevice('/api/settings')).toBeUndefined();
    localStorage.setItem('kept:v1:/api/settings', JSON.stringify({ savedAt: 'x' }));
    expect(keptOnDevice('/api/settings')).toBeUndefined();
  });

  it('a full storage keeps nothing and does not throw', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => keepOnDevice('/api/settings', makeSettings())).not.toThrow();
    expect(keptOnDevice('/api/settings')).toBeUndefined();
  });

  it('keeps only the public reads every screen needs, not staff or customer data', () => {
    expect(isKeptRead('/api/settings')).toBe(true);
    expect(isKeptRead('/api/tournaments')).toBe(true);
    expect(isKeptRead('/api/event-types')).toBe(true);
    expect(isKeptRead('/api/admin/tournaments')).toBe(false);
    expect(isKeptRead('/api/registration/getAll/1')).toBe(false);
    expect(isKeptRead('/api/tournaments?x=1')).toBe(false);
  });
});
