import { axeViolations } from '../src/axe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import {
  goOffline,
  parentsOf,
  pendingText,
  portRange,
  tabletRack,
  type Tablet,
} from '../src/check-in-fixtures.ts';
import {
  director,
  enterScores,
  nextTournament,
  olga,
  completeDivision,
  omar,
  publishDivisions,
  registerKids,
  rita,
  serverMatchdayRows,
  shot,
  startDivision,
  TABLET_VIEWPORT,
  type Kid,
} from '../src/matchday-fixtures.ts';
import { backOnlineAndSent, expectCalmOfflineScreen, reloadOffline } from '../src/venue-offline.ts';

// Rings and matchday (decisions 021 and 023) in Chromium, one stack for the file, steps building on
// each other: (1) a director adds two rings on /admin/rings and lays the published divisions out on
// them (the keyboard alternative, and one pointer drag); (2) a director locks a ring tablet to
// Ring 1 and a RingOfficial signs in on it (decision 042), lands on Ring 1 with Matchday as the
// only menu item, scores a judged division with five judges, a tie broken by the low score, and
// completes it; the official cannot open the registrations desk, and the lock holds through an
// offline reload (calm: the site's name, no danger alert) and the official's own password; (3) the
// RingOfficial, on a second tablet held upright (768x1024: the competitors and the bracket one at a
// time), runs a bracket division while offline, each winner marked "not yet sent" until it comes
// back; (4) directors' tablets converge and the leaderboard shows the points on each.

const [familyA, familyB] = parentsOf('AB');
// Girls 10 in Forms (judged, 5 judges) and boys 12 in Sparring (bracket of four).
const GIRLS: Kid[] = ['Ava', 'Bea', 'Cleo', 'Dot', 'Eve'].map((first) => ({
  first,
  age: 10,
  gender: 2,
  event: 'Forms',
}));
const BOYS: Kid[] = ['Finn', 'Gus', 'Hal', 'Ike'].map((first) => ({
  first,
  age: 12,
  gender: 1,
  event: 'Sparring',
}));
const FORMS_DIVISION = 'Girls 10-11 Beginner';
const SPARRING_DIVISION = 'Boys 12-13 Beginner';

let stack: Stack;
let browser: Browser;
const rack = tabletRack(() => browser, portRange(4200, 20));
let ringTablet: Tablet;
let bracketTablet: Tablet;
let siteName: string;

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });
const RINGS = { path: '/admin/rings', heading: 'Rings' };
const MATCHDAY = { path: '/admin/matchday', heading: 'Matchday' };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ users: [director, olga, omar, rita, familyA!, familyB!] }),
    launchBrowser(),
  ]);
  const tournament = await nextTournament(stack);
  await registerKids(stack, familyA!, GIRLS, tournament);
  await registerKids(stack, familyB!, BOYS, tournament);
  await publishDivisions(stack, tournament);
  siteName = (await stack.api<{ siteName: string }>('GET', '/api/settings')).json.siteName;
}, 180_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
});

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (page: Page, title: string) => page.getByTestId('division-card').filter({ hasText: title });

/** The tablet's matchday screen on `ring` (the choice is kept on the device). */
async function chooseRing(page: Page, ring: string) {
  await page.getByLabel('Ring', { exact: true }).selectOption({ label: ring });
}

describe('rings and matchday in the browser', () => {
  it('a director adds two rings and assigns the divisions: one with "Move to ring…", one dragged', async () => {
    const t = await rack.open(stack, director, RINGS);
    const { page } = t;
    await page.setViewportSize(TABLET_VIEWPORT);
    await poll(() => card(page, FORMS_DIVISION).count()).toBe(1);
    for (const name of ['Ring 1', 'Ring 2']) {
      await page.getByLabel('New ring name').fill(name);
      await page.getByRole('button', { name: 'Add ring' }).click();
      await column(page, name).waitFor();
    }

    await page.getByLabel(`Move ${FORMS_DIVISION} to`).selectOption({ label: 'Ring 1' });
    await page.getByRole('button', { name: `Move ${FORMS_DIVISION}`, exact: true }).click();
    await poll(() =>
      column(page, 'Ring 1').getByTestId('division-card').filter({ hasText: FORMS_DIVISION }).count(),
    ).toBe(1);

    // A pointer drag by the handle onto Ring 2's column (dnd-kit's pointer sensor).
    const handle = page.getByRole('button', { name: `Drag ${SPARRING_DIVISION}` });
    const from = (await handle.boundingBox())!;
    const to = (await column(page, 'Ring 2').getByRole('list').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
    await page.mouse.up();
    await poll(() =>
      column(page, 'Ring 2').getByTestId('division-card').filter({ hasText: SPARRING_DIVISION }).count(),
    ).toBe(1);
    // An estimated start is shown for each queued division.
    await poll(() => card(page, FORMS_DIVISION).textContent()).toMatch(/about \d{1,2}:\d{2}/);

    await poll(() => pendingText(page).textContent()).toBe('All changes sent');
    await shot(page, 'rings');
    expect(await axeViolations(page)).toEqual([]);
    const { rings, divisions } = await serverMatchdayRows(stack);
    const ringId = (name: string) => rings.find((r) => r.name === name)?.id;
    expect(divisions.find((d) => d.title === FORMS_DIVISION)?.ringId).toBe(ringId('Ring 1'));
    expect(divisions.find((d) => d.title === SPARRING_DIVISION)?.ringId).toBe(ringId('Ring 2'));
  });

  it('a director locks a tablet to Ring 1; a RingOfficial signs in on it, lands on Ring 1 and scores a judged division', async () => {
    ringTablet = await rack.open(stack, olga, MATCHDAY);
    const { page } = ringTablet;
    await page.setViewportSize(TABLET_VIEWPORT);
    await chooseRing(page, 'Ring 1');
    await page.getByRole('button', { name: 'Lock this tablet to Ring 1' }).click();
    await page.getByText('This tablet runs Ring 1').waitFor();
    // The director signs out; the ring official signs in on the same tablet.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/user/login');
    await page.getByLabel('Email').fill(rita.email);
    await page.getByLabel(/^Password/).fill(rita.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin\/matchday/);
    await page.getByText('This tablet runs Ring 1').waitFor();
    expect(await page.getByLabel('Ring', { exact: true }).count()).toBe(0);
    expect(
      await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link').allTextContents(),
    ).toEqual(['Matchday']);
    expect(await page.getByRole('link', { name: 'Leaderboard' }).count()).toBe(0);

    // None of the girls is checked in (no desk in this file): the tablet names them and asks
    // first; the official, who sees them at the ring, starts with everyone.
    expect(await startDivision(page, FORMS_DIVISION)).toContain(
      '5 competitors are not checked in: Ava FamilyA, Bea FamilyA, Cleo FamilyA, Dot FamilyA, Eve FamilyA.',
    );

    await enterScores(page, 'Ava FamilyA', [9, 9, 9, 9, 9]);
    await enterScores(page, 'Bea FamilyA', [8, 9, 9, 9, 10]);
    await enterScores(page, 'Cleo FamilyA', [8, 8, 8, 8, 8]);
    await enterScores(page, 'Dot FamilyA', [7, 7, 7, 7, 7]);
    await enterScores(page, 'Eve FamilyA', [6, 6, 6, 6, 6.5]);

    await poll(() => page.getByTestId('ties').textContent()).toContain(
      'Ava FamilyA and Bea FamilyA tied on 27: broken by the lowest score',
    );
    await poll(() => page.getByTestId('placings').getByRole('listitem').allTextContents()).toEqual([
      '1stAva FamilyA',
      '2ndBea FamilyA',
      '3rdCleo FamilyA',
      '4thDot FamilyA',
    ]);
    await shot(page, 'matchday-judged');
    expect(await axeViolations(page)).toEqual([]);
    await completeDivision(page);
    await page.getByTestId('completed-division').filter({ hasText: FORMS_DIVISION }).waitFor();
    await poll(() => pendingText(page).textContent()).toBe('All changes sent');

    const { divisions, divisionResults } = await serverMatchdayRows(stack);
    const forms = divisions.find((d) => d.title === FORMS_DIVISION)!;
    expect(forms.status).toBe('completed');
    expect(divisionResults.find((r) => r.divisionId === forms.id)?.placings).toHaveLength(4);
  });

  it('the RingOfficial cannot open the registrations desk: the page refuses and the API answers 403', async () => {
    const { page } = ringTablet;
    await page.goto('/admin/registrations');
    await page.getByText('You do not have the required permissions to access this resource.').waitFor();
    expect(await page.getByRole('heading', { name: 'Registrations', level: 1 }).count()).toBe(0);
    const status = await page.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('session') ?? '{}') as { token?: string };
      const res = await fetch('/api/admin/registrations', { headers: { Authorization: `Bearer ${token}` } });
      return res.status;
    });
    expect(status).toBe(403);
  });

  it('the locked tablet stays on Ring 1 through an offline reload (calm: the site name, no danger alert) and cannot be unlocked offline or by the official', async () => {
    await ringTablet.page.goto(MATCHDAY.path);
    await ringTablet.page.getByText('This tablet runs Ring 1').waitFor();
    await reloadOffline(ringTablet, MATCHDAY);
    const { page } = ringTablet;
    await expectCalmOfflineScreen(page, {
      siteName,
      heading: MATCHDAY.heading,
      deviceData: page.getByTestId('completed-division').filter({ hasText: FORMS_DIVISION }),
    });
    await page.getByText('This tablet runs Ring 1').waitFor();
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('dialog').getByText('This tablet is offline. Unlocking needs the network').waitFor();
    expect(await page.getByRole('dialog').getByLabel('Director’s password').count()).toBe(0);
    await page.keyboard.press('Escape');

    await backOnlineAndSent(ringTablet);
    await page.getByRole('button', { name: 'Unlock' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Director’s e-mail').fill(rita.email);
    await dialog.getByLabel('Director’s password').fill(rita.password);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await dialog.getByText('Only a tournament director or a super admin can unlock this tablet.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('This tablet runs Ring 1').waitFor();
    // Still signed in (a refused unlock is no reason to sign the tablet out).
    expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();

    // A director's password unlocks it: the ring picker is back.
    await page.getByRole('button', { name: 'Unlock' }).click();
    await dialog.getByLabel('Director’s e-mail').fill(olga.email);
    await dialog.getByLabel('Director’s password').fill(olga.password);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await page.getByLabel('Ring', { exact: true }).waitFor();
    expect(await page.getByText('This tablet runs Ring 1').count()).toBe(0);
  });

  it('the RingOfficial, on a second tablet held upright, runs the bracket division while offline, then comes back and sends it all', async () => {
    bracketTablet = await rack.open(stack, rita, MATCHDAY);
    const { page } = bracketTablet;
    await page.setViewportSize({ width: 768, height: 1024 });
    // Not locked: the official chooses the ring (the menu is still Matchday alone).
    expect(
      await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link').allTextContents(),
    ).toEqual(['Matchday']);
    await chooseRing(page, 'Ring 2');
    await startDivision(page, SPARRING_DIVISION);
    // Upright, one part at a time: the competitors first, the bracket a tap away.
    const parts = page.getByRole('group', { name: 'What this tablet shows' });
    await parts.getByRole('button', { name: 'Competitors' }).waitFor();
    expect(await page.getByTestId('division-competitor').first().isVisible()).toBe(true);
    expect(await page.getByTestId('bracket-match').first().isVisible()).toBe(false);
    await parts.getByRole('button', { name: 'Sparring' }).click();
    await page.getByTestId('bracket-match').first().waitFor();
    expect(await page.getByTestId('division-competitor').first().isVisible()).toBe(false);
    await poll(() => pendingText(page).textContent()).toBe('All changes sent');
    await shot(page, 'matchday-bracket');
    expect(await axeViolations(page)).toEqual([]);

    const winnerButtons = () => page.getByRole('button', { name: / wins: / }).filter({ hasText: /^Winner$/ });
    const pick = async (matches: number) => {
      for (let i = 0; i < matches; i++) await winnerButtons().first().click();
    };
    // The two semi-finals offline (the first competitor of each wins): each winner carries its
    // "not yet sent" mark, and loses it once the tablet is back and the server has it.
    await goOffline(bracketTablet);
    await pick(2);
    await poll(() => page.getByTestId('pending-mark').count()).toBe(2);
    await backOnlineAndSent(bracketTablet);
    await poll(() => page.getByTestId('pending-mark').count()).toBe(0);
    // Then the final, and the division completed, offline again.
    await goOffline(bracketTablet);
    await pick(1);
    await poll(() => winnerButtons().count()).toBe(0);
    await poll(() => page.getByTestId('placings').getByRole('listitem').count()).toBe(4);
    expect(await page.getByTestId('pending-mark').count()).toBe(1);
    await completeDivision(page);
    await page.getByTestId('completed-division').filter({ hasText: SPARRING_DIVISION }).waitFor();
    expect(await page.getByTestId('sync-online').textContent()).toContain('Offline');
    expect(await pendingText(page).textContent()).toMatch(/^\d+ changes not yet sent$/);
    expect(await page.locator('[role="alert"]').count()).toBe(0);

    await backOnlineAndSent(bracketTablet);
    const { divisions, divisionResults } = await serverMatchdayRows(stack);
    const sparring = divisions.find((d) => d.title === SPARRING_DIVISION)!;
    expect(sparring.status).toBe('completed');
    const placings = divisionResults.find((r) => r.divisionId === sparring.id)?.placings ?? [];
    expect(placings.map((p) => p.place).sort()).toEqual([1, 2, 3, 3]);
  });

  it('directors’ tablets converge: each shows both completed divisions and the same leaderboard', async () => {
    const boards: string[][][] = [];
    // The ring official's tablets have no leaderboard (decision 042): two directors' tablets read it.
    const directorTablet = await rack.open(stack, olga, MATCHDAY);
    const secondDirectorTablet = await rack.open(stack, omar, MATCHDAY);
    for (const t of [directorTablet, secondDirectorTablet]) {
      await t.page.goto('/admin/matchday/leaderboard');
      await t.page.getByRole('heading', { name: 'Grand Championship leaderboard', level: 1 }).waitFor();
      const rows = t.page.getByTestId('leaderboard-row');
      await poll(() => rows.count()).toBe(8);
      boards.push(
        await rows.evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
        ),
      );
    }
    expect(boards[0]).toEqual(boards[1]);
    await shot(directorTablet.page, 'leaderboard');
    expect(await axeViolations(directorTablet.page)).toEqual([]);
    const girls = boards[0]!.filter((r) => r[1]!.endsWith('FamilyA'));
    expect(girls.map((r) => [r[0], r[1], r.at(-1)])).toEqual([
      ['1', 'Ava FamilyA', '100'],
      ['2', 'Bea FamilyA', '75'],
      ['3', 'Cleo FamilyA', '50'],
      ['4', 'Dot FamilyA', '25'],
    ]);
    const boys = boards[0]!.filter((r) => r[1]!.endsWith('FamilyB'));
    // A bracket of four with third place shared: the two semi-final losers tie on 50.
    expect(boys.map((r) => [r[0], r.at(-1)])).toEqual([
      ['1', '100'],
      ['2', '75'],
      ['=3', '50'],
      ['=3', '50'],
    ]);
  });

  // Step 4's last part, a family's ring and estimated time on /customer/home, is tested once, in
  // e2e/tests/signage.e2e.ts, where divisions are still to come (here every one has completed).
});
