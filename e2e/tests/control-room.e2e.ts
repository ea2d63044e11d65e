import { axeViolations } from '../src/axe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import {
  goOffline,
  goOnline,
  parentsOf,
  pendingText,
  portRange,
  tabletRack,
  type Tablet,
} from '../src/check-in-fixtures.ts';
import {
  addRing,
  assignOverSync,
  director,
  enterScores,
  nextTournament,
  olga,
  publishDivisions,
  registerKids,
  serverMatchdayRows,
  shot,
  startDivision,
  TABLET_VIEWPORT,
  type Kid,
} from '../src/matchday-fixtures.ts';

// The director's control room (decision 048) in Chromium, one stack for the file: the director
// has it open in one browser context while a ring tablet (another context) starts and scores a
// division; the control room follows without a reload, shows the tablet as heard from, and the
// ring falling behind (its card and the warning, past the director's threshold); offline it keeps
// the last state calmly, and back online it catches up; a tablet offline holds its scores until
// it is back.

const [family, familyB] = parentsOf('AB');
const GIRLS: Kid[] = ['Ava', 'Bea', 'Cleo'].map((first) => ({ first, age: 10, gender: 2, event: 'Forms' }));
const BOYS: Kid[] = ['Finn', 'Gus', 'Hal', 'Ike'].map((first) => ({ first, age: 12, gender: 1, event: 'Sparring' }));
const FORMS_DIVISION = 'Girls 10-11 Beginner';
const SPARRING_DIVISION = 'Boys 12-13 Beginner';
const DIRECTOR_VIEWPORT = { width: 1280, height: 800 };

let stack: Stack;
let browser: Browser;
const rack = tabletRack(() => browser, portRange(4470, 10));
let room: Tablet;
let ringTablet: Tablet;

const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout });
const ringCard = (page: Page, ringId: number) => page.getByTestId(`control-ring-${ringId}`);
let ring1 = 0;
let ring2 = 0;
const divisionId = (divisions: { id: number; title: string }[], title: string) =>
  divisions.find((d) => d.title === title)!.id;
/** The ring a division is on, as the server has it. */
const serverRingOf = async (title: string) =>
  (await serverMatchdayRows(stack)).divisions.find((d) => d.title === title)?.ringId;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ users: [director, olga, family!, familyB!] }), launchBrowser()]);
  const tournament = await nextTournament(stack);
  await registerKids(stack, family!, GIRLS, tournament);
  await registerKids(stack, familyB!, BOYS, tournament);
  await publishDivisions(stack, tournament);
  ring1 = await addRing(stack, tournament, 'Ring 1');
  ring2 = await addRing(stack, tournament, 'Ring 2');
  const { divisions } = await serverMatchdayRows(stack);
  await assignOverSync(stack, divisionId(divisions, FORMS_DIVISION), ring1);
  await assignOverSync(stack, divisionId(divisions, SPARRING_DIVISION), ring1);
}, 180_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
});

describe('the control room', () => {
  it('follows a ring tablet starting and scoring a division, without a reload, hears from the tablet, and shows the ring behind schedule', async () => {
    room = await rack.open(stack, director, { path: '/admin/control-room', heading: 'Control room' });
    await room.page.setViewportSize(DIRECTOR_VIEWPORT);
    const card = ringCard(room.page, ring1);
    await poll(() => card.textContent()).toContain('2 divisions queued');
    expect(await card.textContent()).toContain('Nothing running');
    // None of the three girls is checked in: the division is flagged.
    await poll(() => room.page.getByTestId('control-warnings').textContent()).toContain(
      `${FORMS_DIVISION} (Ring 1): 3 competitors are not checked in.`,
    );

    // The director warns of a ring more than 5 minutes behind (the setting, 15 by default).
    await room.page.getByLabel('Warn when a ring is behind by more than (minutes)').fill('5');
    await room.page.getByRole('button', { name: 'Save', exact: true }).click();

    ringTablet = await rack.open(stack, olga, { path: '/admin/matchday', heading: 'Matchday' });
    await ringTablet.page.setViewportSize(TABLET_VIEWPORT);
    await ringTablet.page.getByLabel('Ring', { exact: true }).selectOption({ label: 'Ring 1' });
    // The ring started 20 minutes ago: the tablet's clock is 20 minutes back for the Start tap (the
    // server keeps a device's time of a tap that is not in the future), then right again. A test
    // cannot wait for a division to overrun its estimate; this is the same start, dated earlier.
    await ringTablet.page.clock.install({ time: Date.now() - 20 * 60_000 });
    await startDivision(ringTablet.page, FORMS_DIVISION);
    await poll(() => pendingText(ringTablet.page).textContent()).toBe('All changes sent');
    await ringTablet.page.clock.setSystemTime(Date.now());

    await poll(() => card.getByTestId('control-current').textContent()).toContain(`Now: ${FORMS_DIVISION}`);
    await poll(() => card.getByTestId('control-scored').textContent()).toBe('0 of 3 competitors scored');
    await enterScores(ringTablet.page, 'Ava FamilyA', [9, 9, 9, 9, 9]);
    await poll(() => card.getByTestId('control-scored').textContent()).toBe('1 of 3 competitors scored');
    await poll(() => card.getByTestId('control-tablet').textContent()).toMatch(
      /^Tablet \(Olga Official\) heard from at \d{1,2}:\d{2}/,
    );
    // Three competitors of Forms are estimated well under 20 minutes: the ring is behind, on its
    // card and in the warnings (past the 5 minutes set above).
    await poll(() => card.getByTestId('control-schedule').textContent()).toMatch(/^\d+ min behind schedule$/);
    const behind = Number(/^(\d+)/.exec((await card.getByTestId('control-schedule').textContent()) ?? '')![1]);
    expect(behind).toBeGreaterThan(5);
    expect(behind).toBeLessThanOrEqual(21);
    await poll(() => room.page.getByTestId('control-warnings').textContent()).toMatch(
      /Ring 1 is \d+ min behind schedule\./,
    );
    // The tablet reports Ring 1: no "no tablet" warning, no silent one.
    expect(await room.page.getByTestId('control-warnings').textContent()).not.toMatch(/No tablet|not been heard/);

    // The director's screen at 1280 x 800: no horizontal scroll.
    expect(
      await room.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await shot(room.page, 'control-room');
    expect(await axeViolations(room.page)).toEqual([]);
  }, 150_000);

  it('offline, keeps the last state without a danger alert; back online, it catches up', async () => {
    const card = ringCard(room.page, ring1);
    await goOffline(room);
    await poll(() => room.page.getByTestId('sync-online').textContent()).toContain('Offline');
    await enterScores(ringTablet.page, 'Bea FamilyA', [8, 8, 8, 8, 8]);
    await poll(() => pendingText(ringTablet.page).textContent()).toBe('All changes sent');
    expect(await card.getByTestId('control-scored').textContent()).toBe('1 of 3 competitors scored');
    expect(await card.getByTestId('control-current').textContent()).toContain(`Now: ${FORMS_DIVISION}`);
    expect(await room.page.locator('[role="alert"], [role="status"].bg-danger-bg').allTextContents()).toEqual([]);
    expect(await room.page.locator('body').textContent()).not.toContain('Something went wrong');

    await goOnline(room);
    await poll(() => card.getByTestId('control-scored').textContent(), 40_000).toBe('2 of 3 competitors scored');
  });

  it('a tablet offline holds its scores as unsent; the control room sees them once it is back', async () => {
    const card = ringCard(room.page, ring1);
    await goOffline(ringTablet);
    await enterScores(ringTablet.page, 'Cleo FamilyA', [7, 7, 7, 7, 7]);
    await poll(() => pendingText(ringTablet.page).textContent()).toMatch(/^[1-9]\d* changes? not yet sent$/);
    // The control room cannot know of them yet (a tablet reports its unsent changes with its pulls).
    expect(await card.getByTestId('control-scored').textContent()).toBe('2 of 3 competitors scored');
    await goOnline(ringTablet);
    await poll(() => pendingText(ringTablet.page).textContent(), 30_000).toBe('All changes sent');
    await poll(() => card.getByTestId('control-scored').textContent(), 40_000).toBe('3 of 3 competitors scored');
  });
});

describe('rebalancing and moving from the control room', () => {
  it('previews a rebalance, applies it, and moves a queued division back by hand', async () => {
    const { page } = room;
    await page.getByRole('button', { name: 'Preview rebalance' }).click();
    const preview = page.getByTestId('rebalance-preview');
    await poll(() => preview.textContent()).toContain(`${SPARRING_DIVISION}: Ring 1 → Ring 2`);
    expect(await preview.textContent()).toContain('Ring 2: ends about nothing to run →');
    await page.getByRole('button', { name: 'Apply rebalance' }).click();
    await poll(() => serverRingOf(SPARRING_DIVISION)).toBe(ring2);
    await poll(() => ringCard(page, ring2).textContent()).toContain('1 division queued');

    await ringCard(page, ring2).getByText('Queued on Ring 2').click();
    await page.getByLabel(`Move ${SPARRING_DIVISION} to another ring`).selectOption({ label: 'Ring 1' });
    await poll(() => serverRingOf(SPARRING_DIVISION)).toBe(ring1);
    await poll(() => ringCard(page, ring1).textContent()).toContain('1 division queued');

    // Phone, tablet and director sizes: no horizontal scroll.
    for (const width of [360, 390, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        `${width} wide`,
      ).toBe(true);
    }
  }, 90_000);
});
