import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import { parentsOf, storeSession, type Person } from '../src/check-in-fixtures.ts';
import { launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// Matchmaking (decision 017) in Chromium, as a director, on the starter division rules seeded at
// first start: create a draft from 30 registered competitors, split one division and combine two,
// publish, move a competitor and publish again past the change list, and print every sheet: the PDF
// has one page per division. Then (decision 050) a division on a ring: its sheet names the ring,
// a director draws it from the sheets page, and the ring tablet runs the pairings printed. Then
// (decision 052) a move keeps the director's place, says so in a toast, and Undo moves back; and
// a division emptied by moves is published nowhere: not on a ring after balancing, not on a TV.
// One stack for the file; the steps build on each other.

const director: Person = {
  email: 'td@example.test',
  password: 'matchmaking-pass-1',
  role: 'TournamentDirector',
  first: 'Terry',
  last: 'Director',
};
/** Makes Forms a bracket event for the last step, so a sheet has a draw to compare. */
const superAdmin: Person = {
  email: 'sa@example.test',
  password: 'matchmaking-pass-2',
  role: 'SuperAdmin',
  first: 'Sam',
  last: 'Admin',
};
const parents = parentsOf('ABC');

interface Kid {
  first: string;
  age: number;
  gender: 1 | 2;
}

// 30 Forms competitors at the first level (Beginner): ten girls of 10-11 (over the maximum of
// 8), one boy of 8 and one of 10 (each alone, under the minimum of 2), and three groups of six.
const KIDS: Kid[] = [
  ...Array.from({ length: 5 }, (_, i): Kid => ({ first: `Ten${i + 1}`, age: 10, gender: 2 })),
  ...Array.from({ length: 5 }, (_, i): Kid => ({ first: `Eleven${i + 1}`, age: 11, gender: 2 })),
  { first: 'Eight', age: 8, gender: 1 },
  { first: 'Tenboy', age: 10, gender: 1 },
  ...Array.from({ length: 6 }, (_, i): Kid => ({ first: `Twelvegirl${i + 1}`, age: 12, gender: 2 })),
  ...Array.from({ length: 6 }, (_, i): Kid => ({ first: `Twelveboy${i + 1}`, age: 12, gender: 1 })),
  ...Array.from({ length: 6 }, (_, i): Kid => ({ first: `Fourteen${i + 1}`, age: 14, gender: 2 })),
];

/** Registers `kids` for `parent` through the API and completes the registration (pay at the door). */
async function register(
  stack: Stack,
  parent: Person,
  kids: Kid[],
  tournament: { id: number; tournamentDate: string },
) {
  const token = await stack.signIn(parent.email, parent.password);
  const options = (
    await stack.api<RegistrationOptionsSeen>(
      'GET',
      `/api/registration/options/${tournament.id}`,
      undefined,
      token,
    )
  ).json;
  const created = await stack.api<{ registrationId: number }>(
    'POST',
    `/api/registration/create/${tournament.id}`,
    undefined,
    token,
  );
  const year = Number(tournament.tournamentDate.slice(0, 4));
  for (const kid of kids) {
    const res = await stack.api(
      'POST',
      '/api/registration/competitor',
      {
        ...formsCompetitor(options, created.json.registrationId, kid.first, parent.last!),
        dateOfBirth: `${year - kid.age}-01-01`,
        gender: kid.gender,
      },
      token,
    );
    expect(res.status).toBe(200);
  }
  const paid = await stack.api(
    'POST',
    `/api/registration/checkout/${created.json.registrationId}`,
    undefined,
    token,
  );
  expect(paid.status).toBe(200);
}

/** expect.poll with room for a loaded machine (two cores shared by every engineer). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

const divisionHeadings = (page: Page) => page.getByTestId('division').getByRole('heading', { level: 3 });
const division = (page: Page, title: string) =>
  page
    .getByTestId('division')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/** Moves `name` out of division `from` into `to` with the row's own Move control. */
async function move(page: Page, from: string, name: string, to: string) {
  const row = division(page, from).getByRole('row').filter({ hasText: name });
  await row.getByLabel(`Move ${name} to`).selectOption({ label: to });
  await row.getByRole('button', { name: 'Move' }).click();
}

describe('matchmaking in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let draftUrl: string;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({ users: [director, superAdmin, ...parents] }),
      launchBrowser(),
    ]);
    const tournament = (await stack.api<{ id: number; tournamentDate: string }[]>('GET', '/api/tournaments'))
      .json[0]!;
    for (const [i, parent] of parents.entries()) {
      await register(stack, parent, KIDS.slice(i * 10, i * 10 + 10), tournament);
    }
    // The director's screen.
    page = await newPage(browser, stack.baseUrl, { viewport: { width: 1280, height: 800 } });
    await storeSession(page, stack, director);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('creates a draft of the 30 competitors, grouped by the starter rules, with warnings', async () => {
    await page.goto('/admin/matchmaking');
    await page.getByRole('link', { name: 'Create draft' }).first().click();
    await page.waitForURL('**/admin/matchmaking/create-draft/tournament/*');
    await poll(() => page.getByText('Every completed registration (30)').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/admin\/matchmaking\/\d+\/all$/);
    draftUrl = page.url().replace(/\/all$/, '');
    await poll(() => divisionHeadings(page).allTextContents()).toEqual([
      'Boys 8-9 Beginner',
      'Boys 10-11 Beginner',
      'Girls 10-11 Beginner',
      'Boys 12-13 Beginner',
      'Girls 12-13 Beginner',
      'Girls 14-15 Beginner',
    ]);
    expect(await page.getByTestId('division-count').textContent()).toBe('6 divisions, 30 competitors');
    expect(await division(page, 'Girls 10-11 Beginner').getByText('Too large: 10, at most 8').count()).toBe(
      1,
    );
  });

  it('splits the oversized division by age and combines the two small ones', async () => {
    await page.getByRole('link', { name: 'Split (1)' }).click();
    await page.waitForURL('**/split');
    await division(page, 'Girls 10-11 Beginner').getByRole('link', { name: 'Split' }).click();
    await page.waitForURL('**/split/division/*');
    await poll(() => page.getByTestId('preview-division').getByRole('heading').allTextContents()).toEqual([
      'Girls 10 Beginner',
      'Girls 11 Beginner',
    ]);
    await page.getByRole('button', { name: 'Apply split' }).click();
    await page.waitForURL('**/all');
    await poll(() => divisionHeadings(page).count()).toBe(7);

    await page.getByRole('link', { name: 'Combine (2)' }).click();
    await page.waitForURL('**/combine');
    await division(page, 'Boys 8-9 Beginner').getByRole('link', { name: 'Combine' }).click();
    await page.waitForURL('**/combine/division/*');
    // The nearest neighbour (same gender, adjacent ages) comes first and is chosen.
    await poll(() => page.getByRole('radio', { name: /Boys 10-11 Beginner/ }).isChecked()).toBe(true);
    await poll(() => page.getByTestId('preview-division').getByRole('heading').textContent()).toBe(
      'Boys 8-11 Beginner',
    );
    await page.getByRole('button', { name: 'Apply combine' }).click();
    await page.waitForURL('**/all');
    await poll(() => divisionHeadings(page).count()).toBe(6);
    await poll(() =>
      division(page, 'Boys 8-11 Beginner')
        .getByText(/^Override: Combined/)
        .count(),
    ).toBe(1);
  });

  it('publishes the draft', async () => {
    await page.getByRole('button', { name: 'Publish…' }).click();
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await poll(() => page.getByText('Published.', { exact: true }).count()).toBe(1);
    await page.goto('/admin/matchmaking');
    await poll(() =>
      page
        .getByRole('row', { name: /Draft 1/ })
        .getByText('Published')
        .count(),
    ).toBe(1);
  });

  it('moves a competitor, publishes again, and sees the change list first', async () => {
    await page.goto(`${draftUrl}/all`);
    await division(page, 'Girls 12-13 Beginner')
      .getByLabel('Move Twelvegirl1 FamilyB to')
      .selectOption({ label: 'Girls 14-15 Beginner' });
    await division(page, 'Girls 12-13 Beginner').getByRole('button', { name: 'Move' }).first().click();
    await poll(() =>
      division(page, 'Girls 14-15 Beginner')
        .getByRole('cell', { name: 'Twelvegirl1 FamilyB', exact: true })
        .count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Publish…' }).click();
    const changes = page.getByTestId('publish-changes');
    await poll(() => changes.textContent()).toContain(
      'Twelvegirl1 FamilyB moved: Girls 12-13 Beginner → Girls 14-15 Beginner',
    );
    await page.getByRole('button', { name: 'Confirm and publish' }).click();
    await poll(() =>
      page.getByText('Published. 1 family is recorded for a division change notice.').count(),
    ).toBe(1);
  });

  it('prints every sheet: one PDF page per division', async () => {
    const draftId = draftUrl.split('/').at(-1);
    await page.goto(`/admin/division-sheets/all/${draftId}`);
    await page
      .locator('article.division-sheet')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(async () => {
        throw new Error(`No sheets on ${page.url()}: ${await page.locator('main').innerText()}`);
      });
    await poll(() => page.locator('article.division-sheet').count()).toBe(6);
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    const pages = pdf.match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages).toHaveLength(6);
  });

  it('prints a division on its ring with the pairings the ring tablet then runs (decision 050)', async () => {
    const draftId = draftUrl.split('/').at(-1);
    const tournament = (await stack.api<{ id: number }[]>('GET', '/api/tournaments')).json[0]!;
    const adminToken = await stack.signIn(superAdmin.email, superAdmin.password);
    const types = (
      await stack.api<{ id: number; title: unknown; description: unknown; decidedBy: string }[]>(
        'GET',
        '/api/admin/event-types',
        undefined,
        adminToken,
      )
    ).json;
    const forms = types.find((e) => JSON.stringify(e.title).includes('Forms'))!;
    const asBracket = await stack.api(
      'PUT',
      `/api/admin/event-types/${forms.id}`,
      { title: forms.title, description: forms.description, decidedBy: 'bracket' },
      adminToken,
    );
    expect(asBracket.status).toBe(200);
    const token = await stack.signIn(director.email, director.password);
    const ring = await stack.api<{ id: number }>(
      'POST',
      '/api/admin/rings',
      { tournamentId: tournament.id, name: 'Ring 1' },
      token,
    );
    expect(ring.status).toBe(201);
    // The six boys of 12-13: a bracket of eight with two byes.
    const sheets = (
      await stack.api<{ sheets: { division: { id: number }; competitors: { name: string }[] }[] }>(
        'GET',
        `/api/admin/division-sheets/all/${draftId}`,
        undefined,
        token,
      )
    ).json.sheets;
    const boys = sheets.find((s) => s.competitors.some((c) => c.name.startsWith('Twelveboy1 ')))!;
    const assigned = await stack.api<{ results: { status: string }[] }>(
      'POST',
      '/sync/push',
      {
        clientGroupId: 'e2e-sheets',
        clientId: 'e2e-sheets-1',
        mutations: [
          { id: 1, name: 'assignDivision@1', args: { divisionId: boys.division.id, ringId: ring.json.id } },
        ],
      },
      token,
    );
    expect(assigned.json.results[0]!.status).toBe('applied');

    await page.goto(`/admin/division-sheets/${boys.division.id}`);
    const sheet = page.locator('article.division-sheet');
    await poll(() => sheet.textContent()).toContain('Ring: Ring 1, number 1 in the queue');
    await poll(() => sheet.textContent()).toContain('Not drawn yet');
    await page.getByRole('button', { name: 'Draw Forms now' }).click();
    const matches = sheet.getByTestId('sheet-match');
    await poll(() => matches.count()).toBe(4 + 2 + 1);
    // The first fought pairing of round 1 (the others of the first four are byes).
    const firstRound = (await matches.allInnerTexts())
      .slice(0, 4)
      .map((m) => m.split('\n').map((n) => n.trim()));
    const printed = firstRound.find((names) => !names.includes('bye'))!;
    expect(printed).toHaveLength(2);

    await page.goto(`/admin/matchday?ring=${ring.json.id}`);
    await page.getByRole('button', { name: /^Start / }).click();
    // Nobody is checked in: the tablet asks first (decision 050); everyone runs, as drawn.
    await page.getByRole('dialog').getByRole('button', { name: 'Start with everyone' }).click();
    const fought = page.getByTestId('bracket-match').first();
    // The names as read (a winner's mark and its space aside).
    await poll(async () =>
      (await fought.locator('span').allTextContents()).map((name) => name.trim()),
    ).toEqual(printed);
  });
  it('a move keeps the place and focus, says what changed, and Undo moves back on the server', async () => {
    await page.goto(`${draftUrl}/all`);
    const girls14 = division(page, 'Girls 14-15 Beginner');
    const heading = girls14.getByRole('heading', { level: 3 });
    await heading.scrollIntoViewIfNeeded();
    const top = async () => Math.round((await heading.boundingBox())?.y ?? -1);
    const before = await top();
    await move(page, 'Girls 14-15 Beginner', 'Fourteen1 FamilyC', 'Girls 12-13 Beginner');
    const toast = page
      .getByRole('status')
      .filter({ hasText: 'Moved Fourteen1 FamilyC to Girls 12-13 Beginner.' });
    await toast.waitFor();
    const moved = (title: string) =>
      division(page, title).getByRole('cell', { name: 'Fourteen1 FamilyC', exact: true }).count();
    expect(await moved('Girls 12-13 Beginner')).toBe(1);
    // The page did not jump or reload: the division is where it was on screen, and has the focus.
    expect(await top()).toBe(before);
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);

    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('status').filter({ hasText: 'Undone.' }).waitFor();
    await poll(() => moved('Girls 14-15 Beginner')).toBe(1);
    expect(await top()).toBe(before);
    // The server has it back too, not only this page.
    await page.reload();
    await poll(() => moved('Girls 14-15 Beginner')).toBe(1);
    expect(await moved('Girls 12-13 Beginner')).toBe(0);
  });

  it('a division emptied by moves is never published, balanced onto a ring, or shown on a TV', async () => {
    const boys = division(page, 'Boys 8-11 Beginner');
    for (const name of ['Eight FamilyB', 'Tenboy FamilyB']) {
      await move(page, 'Boys 8-11 Beginner', name, 'Girls 10 Beginner');
      await poll(() =>
        division(page, 'Girls 10 Beginner').getByRole('cell', { name, exact: true }).count(),
      ).toBe(1);
    }
    await poll(() => boys.getByText('Empty, will not be published').count()).toBe(1);
    // The warning names the rule broken and who breaks it.
    expect(
      await division(page, 'Girls 10 Beginner')
        .getByText('Gender rule broken: Eight FamilyB is male in a female division')
        .count(),
    ).toBe(1);

    await page.getByRole('button', { name: 'Publish…' }).click();
    // The open warnings come before the confirmation.
    await poll(() => page.getByTestId('publish-warnings').textContent()).toContain(
      'Boys 8-11 Beginner: Empty, will not be published',
    );
    await poll(() => page.getByTestId('publish-changes').textContent()).toContain(
      'Division removed: Boys 8-11 Beginner',
    );
    await page.getByRole('button', { name: 'Confirm and publish' }).click();
    await poll(() => page.getByText(/^Published\./).count()).toBe(1);

    const token = await stack.signIn(director.email, director.password);
    const balanced = await stack.api<{ results: { status: string }[] }>(
      'POST',
      '/sync/push',
      {
        clientGroupId: 'e2e-balance',
        clientId: 'e2e-balance-1',
        mutations: [{ id: 1, name: 'balanceRings@1', args: {} }],
      },
      token,
    );
    expect(balanced.json.results[0]!.status).toBe('applied');

    const tv = await newPage(browser, stack.baseUrl, { viewport: { width: 1920, height: 1080 } });
    await tv.goto('/signage/ring-assignments');
    const ring = tv.getByRole('region', { name: 'Ring 1', exact: true });
    // Balanced onto the ring: every published division, and the emptied one nowhere.
    await poll(() => ring.textContent()).toContain('Girls 10 Beginner');
    expect(await tv.locator('body').textContent()).not.toContain('Boys 8-11 Beginner');
    await tv.context().close();
  });
});
