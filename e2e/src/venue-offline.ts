import { expect } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { goOffline, goOnline, pendingText, type Tablet } from './check-in-fixtures.ts';

// Offline is not an error (docs/design.md §1; decision 028's calm offline band): every venue screen
// reloaded with no network shows the site's name, the tournament and the device's data, the sync
// indicator's "Offline", and no danger alert; back online, what was done offline reaches the
// server. The same steps and assertions for every venue screen (tests/venue-offline-reload.e2e.ts;
// screens added later add a case there).

export interface VenueScreen {
  path: string;
  /** The page's level-1 heading. */
  heading: string;
}

export const VENUE_SCREENS = {
  checkIn: { path: '/admin/check-in', heading: 'Check-in' },
  payments: { path: '/admin/payments', heading: 'Payments' },
  walkIn: { path: '/admin/walk-in', heading: 'Walk-in registration' },
  rings: { path: '/admin/rings', heading: 'Rings' },
  matchday: { path: '/admin/matchday', heading: 'Matchday' },
  controlRoom: { path: '/admin/control-room', heading: 'Control room' },
} satisfies Record<string, VenueScreen>;

/** The /api reads a page starts, so a test can wait until each has an answer or has failed. */
function watchApiReads(page: Page) {
  const open = new Set<Request>();
  const seen: string[] = [];
  const onRequest = (r: Request) => {
    const { pathname } = new URL(r.url());
    if (!pathname.startsWith('/api/')) return;
    open.add(r);
    seen.push(pathname);
  };
  const onDone = (r: Request) => open.delete(r);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  return {
    seen,
    settled: () => open.size === 0,
    stop() {
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
    },
  };
}

/**
 * Cuts the tablet's network (service worker included) and reloads its page; returns once the
 * screen's heading is there and every /api read the reload started has settled and rendered,
 * so what the page shows about them can be asserted (present or absent). Returns the paths read.
 */
export async function reloadOffline(t: Tablet, screen: VenueScreen): Promise<string[]> {
  await goOffline(t);
  const reads = watchApiReads(t.page);
  try {
    await t.page.reload();
    await t.page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
    await expect.poll(() => reads.settled()).toBe(true);
    // The settled reads' callbacks and the render they cause.
    await t.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    );
    return [...reads.seen];
  } finally {
    reads.stop();
  }
}

export interface OfflineScreenExpectation {
  /** The site's name (from GET /api/settings), in the header. */
  siteName: string;
  heading: string;
  /** Something only the device's store can show offline, e.g. a family's card. */
  deviceData: Locator;
  /** The tournament as the page shows it, where it shows it. */
  tournament?: string;
}

/** What a venue screen reloaded offline shows (offline is not an error: docs/design.md §1). */
export async function expectCalmOfflineScreen(page: Page, expected: OfflineScreenExpectation): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: expected.siteName, exact: true }).waitFor();
  expect(await page.getByRole('heading', { name: expected.heading, level: 1 }).count()).toBe(1);
  // Attached: an option of a select counts, though a browser never reports it as visible.
  await expected.deviceData.first().waitFor({ state: 'attached' });
  if (expected.tournament) await page.getByText(expected.tournament).first().waitFor();
  expect(await page.getByTestId('sync-online').textContent()).toContain('Offline');
  // No danger alert of any kind: not the page alert, not a page's own, not the section 8 text
  // (a danger Alert is role=alert; the balance badges share its colours but are no alert).
  expect(await page.locator('[role="alert"], [role="status"].bg-danger-bg').allTextContents()).toEqual([]);
  expect(await page.locator('body').textContent()).not.toContain('Something went wrong');
}

/** Restores the tablet's network and waits until its outbox has reached the server. */
export async function backOnlineAndSent(t: Tablet): Promise<void> {
  await goOnline(t);
  await expect.poll(() => pendingText(t.page).textContent(), { timeout: 30_000 }).toBe('All changes sent');
}
