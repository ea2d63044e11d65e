// `npm run bench -w @tournament/e2e`: matchday's "complete on a ring tablet to the leaderboard
// updated on another device" (decisions 021 and 023), and the control room's update after a score
// typed on a ring tablet (decision 048). Three Chromium tablets on one stack: A on /admin/matchday
// running Ring 1, B on /admin/matchday/leaderboard, C on /admin/control-room. Each run, a third
// client (Node, over /sync/push) starts the next one-competitor Forms division and enters four of
// its five scores; A types the fifth (Enter) and the time until C's control room says "1 of 1
// competitor scored" is taken; then A completes the division (its "Complete division" and the
// question's answer) and the time from the answer until B's leaderboard shows the new row is taken.
// Printed beside floors measured in the same run and browsers: the same tablets' round trip of a
// bare check-in tap (A's /admin/check-in to B's, and to C's). Asserts nothing.
// Serves the web build as it is: run `npm run build` first.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import type { PullResponse, SyncDivision, SyncRing } from '@tournament/shared';
import { launchBrowser } from '../src/browser.ts';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import { payInFullAtTheDoor } from '../src/door-setup.ts';
import { startStack, type Stack } from '../src/stack.ts';

const RUNS = 30;
const password = 'bench-pass-1';
const director = { email: 'bench-td@example.test', password, role: 'TournamentDirector' as const };
const officialA = { email: 'bench-olga@example.test', password, role: 'TournamentDirector' as const };
const officialB = { email: 'bench-omar@example.test', password, role: 'TournamentDirector' as const };
const directorC = { email: 'bench-cara@example.test', password, role: 'TournamentDirector' as const };
const parent = { email: 'bench-parent@example.test', password, role: 'Customer' as const, last: 'Bench' };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}
const ms = (v: number) => `${v.toFixed(0)} ms`;

async function check<T>(res: Promise<{ status: number; json: T; text: string }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200 && r.status !== 201) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

/**
 * One competitor per starter division (decision 017's starter rules): youth bands by gender and
 * level, so a published draft has RUNS one-competitor Forms divisions. Completed, then published.
 */
async function setUp(stack: Stack): Promise<{ tournamentId: number; competitorNames: string[] }> {
  const token = await stack.signIn(parent.email, parent.password);
  const tournament = (
    await check(stack.api<{ id: number; tournamentDate: string }[]>('GET', '/api/tournaments'), 'tournaments')
  )[0]!;
  const options = await check(
    stack.api<RegistrationOptionsSeen>('GET', `/api/registration/options/${tournament.id}`, undefined, token),
    'options',
  );
  const { registrationId } = await check(
    stack.api<{ registrationId: number }>(
      'POST',
      `/api/registration/create/${tournament.id}`,
      undefined,
      token,
    ),
    'create',
  );
  const year = Number(tournament.tournamentDate.slice(0, 4));
  const names: string[] = [];
  const combos: { age: number; gender: 1 | 2; level: number }[] = [];
  for (const age of [8, 10, 12, 14, 16])
    for (const gender of [1, 2] as const)
      for (let level = 0; level < Math.min(4, options.competitorLevels.length); level++)
        combos.push({ age, gender, level });
  for (const [k, c] of combos.slice(0, RUNS).entries()) {
    const first = `Kid${k}`;
    names.push(`${first} ${parent.last}`);
    await check(
      stack.api(
        'POST',
        '/api/registration/competitor',
        {
          ...formsCompetitor(options, registrationId, first, parent.last),
          dateOfBirth: `${year - c.age}-01-01`,
          gender: c.gender,
          competitorLevelId: options.competitorLevels[c.level]!.id,
        },
        token,
      ),
      `competitor ${k}`,
    );
  }
  await check(
    stack.api('POST', `/api/registration/checkout/${registrationId}`, undefined, token),
    'checkout',
  );
  const td = await stack.signIn(director.email, director.password);
  // Paid in full, so a check-in tap checks in at once (decision 028: owing families are asked first).
  await payInFullAtTheDoor(stack, td, [registrationId]);
  const types = await check(
    stack.api<{ id: number; title: string }[]>('GET', '/api/event-types'),
    'event types',
  );
  const forms = types.find((t) => t.title === 'Forms')!.id;
  const { draftId } = await check(
    stack.api<{ draftId: number }>(
      'POST',
      '/api/admin/matchmaking/drafts',
      { tournamentId: tournament.id, source: 'completed', eventTypeIds: [forms] },
      td,
    ),
    'draft',
  );
  await check(stack.api('POST', `/api/admin/matchmaking/drafts/${draftId}/publish`, {}, td), 'publish');
  return { tournamentId: tournament.id, competitorNames: names };
}

/** A director's client over /sync from Node: sets the ring up and prepares each division. */
class Director {
  private readonly id = `bench-director-${randomUUID()}`;
  private next = 1;
  constructor(
    private readonly stack: Stack,
    private readonly token: string,
  ) {}

  async push(mutations: { name: string; args: unknown }[]): Promise<void> {
    const res = await check(
      this.stack.api<{ results: { status: string; message: string | null }[] }>(
        'POST',
        '/sync/push',
        {
          clientGroupId: this.id,
          clientId: this.id,
          mutations: mutations.map((m) => ({ id: this.next++, ...m })),
        },
        this.token,
      ),
      'push',
    );
    const refused = res.results.find((r) => r.status !== 'applied');
    if (refused) throw new Error(`refused: ${refused.message}`);
  }

  async rows(): Promise<{ rings: SyncRing[]; divisions: SyncDivision[] }> {
    const res = await check(
      this.stack.api<PullResponse>(
        'POST',
        '/sync/pull',
        { clientGroupId: this.id, clientId: this.id, cookie: null, scope: 'matchday' },
        this.token,
      ),
      'pull',
    );
    const out = { rings: [] as SyncRing[], divisions: [] as SyncDivision[] };
    for (const op of res.patch) {
      if (op.op !== 'put') continue;
      if (op.entity === 'rings') out.rings.push(...op.rows);
      if (op.entity === 'divisions') out.divisions.push(...op.rows);
    }
    return out;
  }
}

async function tablet(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  stack: Stack,
  user: { email: string; password: string },
  path: string,
  heading: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width: 1024, height: 768 },
  });
  const page = await context.newPage();
  const auth = await check(
    stack.api<{ user: Record<string, unknown> }>('POST', '/api/users/authenticate', {
      username: user.email,
      password: user.password,
    }),
    'authenticate',
  );
  const u = auth.user;
  await page.goto('/');
  await page.evaluate((session) => localStorage.setItem('session', JSON.stringify(session)), {
    user: {
      personId: u.personId,
      roles: u.roles,
      userDisplayName: u.userDisplayName,
      firstName: u.firstName,
      email: u.email,
    },
    token: u.token,
    refreshToken: u.refreshToken,
  });
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.getByTestId('sync-last').filter({ hasText: 'Last synced' }).waitFor({ timeout: 60_000 });
  // Let the event stream open.
  await page.waitForTimeout(1000);
  return { context, page };
}

/**
 * Watches `page` until `selector` matches at least `count` elements (whose text is `text`, when
 * given); `seenAt` then answers that time (epoch ms).
 */
async function watch(page: Page, key: string, selector: string, count: number, text?: string): Promise<void> {
  // tsx names inner functions with esbuild's __name helper, which the page does not have.
  await page.evaluate('window.__name ??= (f) => f');
  await page.evaluate(
    ({ key, selector, count, text }) => {
      const w = window as unknown as { __seen: Record<string, number> };
      w.__seen ??= {};
      const done = () => {
        const matching = [...document.querySelectorAll(selector)].filter(
          (el) => text === undefined || el.textContent === text,
        );
        if (matching.length >= count) {
          w.__seen[key] = performance.timeOrigin + performance.now();
          return true;
        }
        return false;
      };
      if (done()) return;
      const observer = new MutationObserver(() => {
        if (done()) observer.disconnect();
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    },
    { key, selector, count, text },
  );
}

async function seenAt(page: Page, key: string): Promise<number> {
  const handle = await page.waitForFunction(
    (k) => (window as unknown as { __seen?: Record<string, number> }).__seen?.[k],
    key,
    { timeout: 30_000, polling: 10 },
  );
  return Number(await handle.jsonValue());
}

async function clickAt(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const at = performance.timeOrigin + performance.now();
    document.querySelector<HTMLButtonElement>(sel)!.click();
    return at;
  }, selector);
}

/** Presses Enter in the field `selector` (as the keyboard does); resolves the time of the press. */
async function enterAt(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const at = performance.timeOrigin + performance.now();
    document
      .querySelector<HTMLInputElement>(sel)!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    return at;
  }, selector);
}

async function main() {
  const stack = await startStack({
    users: [director, officialA, officialB, directorC, { ...parent, first: 'Pat' }],
  });
  const browser = await launchBrowser();
  try {
    const { competitorNames } = await setUp(stack);
    const tdToken = await stack.signIn(director.email, director.password);
    const td = new Director(stack, tdToken);
    // One ring, every division queued on it (the order the draft gives them).
    const { tournamentId } = (await td.rows()).divisions[0]!;
    const ring = await check(
      stack.api<{ id: number }>('POST', '/api/admin/rings', { tournamentId, name: 'Ring 1' }, tdToken),
      'ring',
    );
    const divisions = (await td.rows()).divisions.sort((a, b) => a.id - b.id).slice(0, RUNS);
    await td.push(
      divisions.map((d) => ({ name: 'assignDivision@1', args: { divisionId: d.id, ringId: ring.id } })),
    );

    const a = await tablet(browser, stack, officialA, `/admin/matchday?ring=${ring.id}`, 'Matchday');
    const b = await tablet(
      browser,
      stack,
      officialB,
      '/admin/matchday/leaderboard',
      'Grand Championship leaderboard',
    );
    const c = await tablet(browser, stack, directorC, '/admin/control-room', 'Control room');

    // Each run: Node starts the next division and enters four scores; A types the fifth and C's
    // control room counts the competitor scored; A completes it; B's leaderboard grows.
    const complete: number[] = [];
    const control: number[] = [];
    for (const [k, d] of divisions.entries()) {
      const competitorId = await competitorOf(stack, tdToken, d.id);
      const eventTypeId = d.eventTypeIds[0]!;
      await td.push([
        { name: 'startDivision@1', args: { divisionId: d.id, seed: k + 1 } },
        ...[1, 2, 3, 4].map((judge) => ({
          name: 'recordScore@1',
          args: { divisionId: d.id, eventTypeId, competitorId, judge, round: 0, value: 8 },
        })),
      ]);
      const fifth = `#score-${d.id}-${eventTypeId}-${competitorId}-5-0`;
      await a.page.locator(fifth).fill('8', { timeout: 30_000 });
      await c.page
        .getByTestId('control-scored')
        .filter({ hasText: '0 of 1 competitor scored' })
        .waitFor({ timeout: 30_000 });
      await watch(c.page, `score${k}`, '[data-testid="control-scored"]', 1, '1 of 1 competitor scored');
      const entered = await enterAt(a.page, fifth);
      control.push((await seenAt(c.page, `score${k}`)) - entered);
      await a.page
        .getByRole('button', { name: 'Complete division', disabled: false })
        .waitFor({ timeout: 30_000 });
      await a.page.getByTestId('complete-division').click();
      await a.page.getByTestId('confirm-yes').waitFor();
      await watch(b.page, `run${k}`, '[data-testid="leaderboard-row"]', k + 1);
      const clicked = await clickAt(a.page, '[data-testid="confirm-yes"]');
      complete.push((await seenAt(b.page, `run${k}`)) - clicked);
      await a.page.getByTestId('ring-idle').waitFor({ timeout: 30_000 });
    }
    void competitorNames;

    // Floor: the same two tablets' round trip of a bare check-in tap, A's check-in to B's.
    // The matchday pages close first: two tabs of one device would both sync and render.
    const a2 = await a.context.newPage();
    const b2 = await b.context.newPage();
    const c2 = await c.context.newPage();
    await a.page.close();
    await b.page.close();
    await c.page.close();
    for (const p of [a2, b2, c2]) {
      await p.goto('/admin/check-in');
      await p.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor();
      await p.getByTestId('check-in-family').first().waitFor({ timeout: 60_000 });
      await p.waitForTimeout(1000);
    }
    const floor: number[] = [];
    const floorC: number[] = [];
    for (const [k, name] of competitorNames.entries()) {
      await watch(b2, `tap${k}`, `button[aria-label="Undo check-in of ${name}"]`, 1);
      await watch(c2, `tap${k}`, `button[aria-label="Undo check-in of ${name}"]`, 1);
      const clicked = await clickAt(a2, `button[aria-label="Check in ${name}"]`);
      floor.push((await seenAt(b2, `tap${k}`)) - clicked);
      floorC.push((await seenAt(c2, `tap${k}`)) - clicked);
    }

    const rows: [string, string, string, string][] = [
      ['figure', 'measured', 'floor (check-in tap A to B, or A to C)', 'goal'],
      [
        `Complete on tablet A to leaderboard on tablet B, p50 (${complete.length})`,
        ms(percentile(complete, 50)),
        ms(percentile(floor, 50)),
        '',
      ],
      [
        `Complete on tablet A to leaderboard on tablet B, p95 (${complete.length})`,
        ms(percentile(complete, 95)),
        ms(percentile(floor, 95)),
        '< 250 ms',
      ],
      [
        `Score on tablet A to control room C, p50 (${control.length})`,
        ms(percentile(control, 50)),
        ms(percentile(floorC, 50)),
        '',
      ],
      [
        `Score on tablet A to control room C, p95 (${control.length})`,
        ms(percentile(control, 95)),
        ms(percentile(floorC, 95)),
        '',
      ],
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log('\nMatchday (decisions 021, 023, 048), three Chromium tablets on one server');
    for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/** The one competitor of a division (its entry in the matchday scope). */
async function competitorOf(stack: Stack, token: string, divisionId: number): Promise<number> {
  const cached = entryCache.get(divisionId);
  if (cached !== undefined) return cached;
  const res = await check(
    stack.api<PullResponse>(
      'POST',
      '/sync/pull',
      { clientGroupId: 'bench-entries', clientId: 'bench-entries', cookie: null, scope: 'matchday' },
      token,
    ),
    'entries',
  );
  for (const op of res.patch) {
    if (op.op !== 'put' || op.entity !== 'divisionEntries') continue;
    for (const e of op.rows) entryCache.set(e.divisionId, e.competitorId);
  }
  return entryCache.get(divisionId)!;
}
const entryCache = new Map<number, number>();

await main();
