import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSettings, makeTournament } from '../testing/fixtures.ts';
import { api, ApiError, OfflineError } from './api-client.ts';
import { keepOnDevice } from './offline-cache.ts';
import { failureText, isOfflineError, OFFLINE_TEXT } from './offline.ts';
import { tm } from './i18n.tsx';

// A read that fails because the device is offline is an offline
// condition, never the docs/product.md §8 "(0) Something went wrong" error.

function browserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}
const noNetwork = () => vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));

afterEach(() => vi.unstubAllGlobals());

describe('which failures are offline', () => {
  it('a request that got no answer is offline, with the calm text', async () => {
    vi.stubGlobal('fetch', noNetwork());
    const error = await api.post('/api/registration/spectator/4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect(error).toBeInstanceOf(ApiError);
    expect(isOfflineError(error)).toBe(true);
    expect((error as Error).message).toBe(tm(OFFLINE_TEXT));
    expect((error as Error).message).not.toContain('Something went wrong');
  });

  it('an answer with a status is a real error even while the browser says it is offline', () => {
    browserOnline(false);
    const error = new ApiError(500, undefined);
    expect(isOfflineError(error)).toBe(false);
    expect(failureText(error)).toBe(
      '(500) Something went wrong, please try again later or contact us for help.',
    );
  });

  it('a fetch that threw is offline; any failure while the browser is offline is too', () => {
    browserOnline(true);
    expect(isOfflineError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOfflineError(new Error('Quota exceeded'))).toBe(false);
    browserOnline(false);
    expect(isOfflineError(new Error('Could not open the sync stream'))).toBe(true);
    expect(failureText(new Error('Could not open the sync stream'))).toBe(tm(OFFLINE_TEXT));
  });
});

describe('reads kept on the device answer when the network does not', () => {
  it('the tournament list, once loaded, answers offline with the last copy', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([makeTournament({ city: 'Elliot Lake' })])),
    );
    await api.get('/api/tournaments');
    vi.stubGlobal('fetch', noNetwork());
    const list = (await api.get('/api/tournaments')) as { city: string }[];
    expect(list.map((t) => t.city)).toEqual(['Elliot Lake']);
  });

  it('a kept read never loaded on this device is offline, not an error', async () => {
    vi.stubGlobal('fetch', noNetwork());
    const error = await api.get('/api/event-types').catch((e: unknown) => e);
    expect(isOfflineError(error)).toBe(true);
  });

  it('a server error is shown as one, not hidden behind the kept copy', async () => {
    keepOnDevice('/api/settings', makeSettings());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Database unavailable' }, { status: 503 })),
    );
    await expect(api.get('/api/settings')).rejects.toThrow('Database unavailable');
  });

  it('other reads are not kept: staff and customer data live in the device store or not at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ registrationId: 4 })),
    );
    await api.get('/api/registration/4');
    vi.stubGlobal('fetch', noNetwork());
    await expect(api.get('/api/registration/4')).rejects.toBeInstanceOf(OfflineError);
  });
});
