import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepOnDevice } from '../lib/offline-cache.ts';
import { OFFLINE_TEXT } from '../lib/offline.ts';
import { tm } from '../lib/i18n.tsx';
import { invalidateQueries } from '../lib/use-query.ts';
import { makeSettings } from '../testing/fixtures.ts';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

// Offline is not an error: an offline reload shows the site's name and no danger alert. The venue
// screens themselves are driven offline end to end (e2e/tests/venue-offline-reload.e2e.ts);
// here the shell on a public page, with no network at all.

function renderAt(path: string) {
  render(
    <Providers>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </Providers>,
  );
}

const noNetwork = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));

beforeEach(() => {
  invalidateQueries('');
  vi.stubGlobal('fetch', noNetwork);
});
afterEach(() => vi.unstubAllGlobals());

describe('the shell reloaded offline', () => {
  it('keeps the site name from the settings kept on the device, with no alert', async () => {
    keepOnDevice('/api/settings', makeSettings({ siteName: 'Kept Championship' }));
    renderAt('/contact');
    expect(await screen.findByRole('link', { name: 'Kept Championship' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(noNetwork).toHaveBeenCalled());
    // Let the failed read settle (its promise callbacks and the render they cause).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
    // The kept copy answered the read: nothing to say about the network at all.
    expect(screen.queryByText(tm(OFFLINE_TEXT))).toBeNull();
  });

  it('never loaded on this device: says calmly that it needs a connection, no danger alert', async () => {
    renderAt('/contact');
    expect(await screen.findByText(tm(OFFLINE_TEXT))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toBeInTheDocument();
  });
});
