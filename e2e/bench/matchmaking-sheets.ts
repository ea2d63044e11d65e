// `npm run bench -w @tournament/e2e` (after the sync bench): the time to render
// /admin/division-sheets/all/{draftId} in Chromium for a draft of 600 competitors in 4 event
// types (decision 017; goal under 2 s), from navigation to every sheet on screen, beside a floor
// measured in the same run and browser: the same navigation to the bare admin dashboard.
// Median of a few rounds; printed, never asserted. Serves the web build as it is.
import { launchBrowser } from '../src/browser.ts';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import { storeSession } from '../src/check-in-fixtures.ts';
import { startStack } from '../src/stack.ts';

const FAMILIES = 12;
const KIDS = 50; // 600 competitors
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const password = 'bench-pass-1';
const director = {
  email: 'bench-td@example.test',
  password,
  role: 'TournamentDirector' as const,
  first: 'Tess',
  last: 'Bench',
};
const parents = Array.from({ length: FAMILIES }, (_, i) => ({
  email: `bench-parent${i}@example.test`,
  password,
  role: 'Customer' as const,
  first: 'Pat',
  last: `Family${String.fromCharCode(65 + i)}`,
}));

const stack = await startStack({ users: [director, ...parents] });
const browser = await launchBrowser();
try {
  const tournament = (await stack.api<{ id: number; tournamentDate: string }[]>('GET', '/api/tournaments'))
    .json[0]!;
  const year = Number(tournament.tournamentDate.slice(0, 4));
  for (const [i, parent] of parents.entries()) {
    const token = await stack.signIn(parent.email, parent.password);
    const options = (
      await stack.api<RegistrationOptionsSeen & { events: { id: number }[] }>(
        'GET',
        `/api/registration/options/${tournament.id}`,
        undefined,
        token,
      )
    ).json;
    const reg = await stack.api<{ registrationId: number }>(
      'POST',
      `/api/registration/create/${tournament.id}`,
      undefined,
      token,
    );
    for (let k = 0; k < KIDS; k++) {
      const n = i * KIDS + k;
      const body = formsCompetitor(options, reg.json.registrationId, `Kid${k}`, parent.last);
      await stack.api(
        'POST',
        '/api/registration/competitor',
        {
          ...body,
          dateOfBirth: `${year - 6 - ((n * 7) % 40)}-01-01`,
          gender: 1 + (n % 2),
          competitorLevelId: options.competitorLevels[n % options.competitorLevels.length]!.id,
          weightKg: 25 + (n % 60),
          eventIds: options.events.slice(0, 1 + (n % options.events.length)).map((e) => e.id),
        },
        token,
      );
    }
    await stack.api('POST', `/api/registration/checkout/${reg.json.registrationId}`, undefined, token);
  }
  const token = await stack.signIn(director.email, director.password);
  const types = (
    await stack.api<{ eventTypes: { id: number }[] }>(
      'GET',
      `/api/admin/matchmaking/options/${tournament.id}`,
      undefined,
      token,
    )
  ).json;
  const created = await stack.api<{ draftId: number }>(
    'POST',
    '/api/admin/matchmaking/drafts',
    { tournamentId: tournament.id, source: 'completed', eventTypeIds: types.eventTypes.map((e) => e.id) },
    token,
  );
  const draftId = created.json.draftId;
  const answer = (
    await stack.api<{ sheets: { competitors: { id: number }[] }[] }>(
      'GET',
      `/api/admin/division-sheets/all/${draftId}`,
      undefined,
      token,
    )
  ).json;
  const sheets = answer.sheets.length;
  // Competitors the draft placed (registrations the API refused would not be there).
  const placed = new Set(answer.sheets.flatMap((s) => s.competitors.map((c) => c.id))).size;

  const context = await browser.newContext({ baseURL: stack.baseUrl });
  const page = await context.newPage();
  await storeSession(page, stack, director);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const sheetTimes: number[] = [];
  const floorTimes: number[] = [];
  for (let r = 0; r <= ROUNDS; r++) {
    let start = performance.now();
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const floor = performance.now() - start;
    start = performance.now();
    await page.goto(`/admin/division-sheets/all/${draftId}`);
    await page.waitForFunction(
      (n) => document.querySelectorAll('article.division-sheet').length === n,
      sheets,
      {
        timeout: 60_000,
      },
    );
    const took = performance.now() - start;
    if (r > 0) {
      // round 0 warms the caches
      sheetTimes.push(took);
      floorTimes.push(floor);
    }
  }
  console.log(
    `division sheets: render division-sheets/all of ${placed} competitors placed (${sheets} divisions) in Chromium: ` +
      `median ${median(sheetTimes).toFixed(0)} ms over ${ROUNDS} rounds (goal < 2000 ms); ` +
      `floor, the bare dashboard page: ${median(floorTimes).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await stack.stop();
}
