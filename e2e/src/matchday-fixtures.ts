import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { PullResponse, SyncDivision, SyncDivisionResult, SyncRing } from '@tournament/shared';
import { formsCompetitor, type RegistrationOptionsSeen } from './competitor-body.ts';
import { PASSWORD, probeToken, type Person } from './check-in-fixtures.ts';
import type { Stack } from './harness.ts';
import { english } from './english.ts';

// Setup of the matchday end-to-end tests and bench (decisions 021 and 023): directors (the matchday
// scope is theirs), families whose competitors enter Forms (judged) or Sparring (bracket), a draft
// of their divisions made and published through /api as the matchmaking screen would, and reads of
// the matchday scope as the server has it.

export const director: Person = {
  email: 'td@example.test',
  password: PASSWORD,
  role: 'TournamentDirector',
  first: 'Terry',
  last: 'Director',
};
/** Ring officials: the matchday scope is for directors and super admins (SPEC section 6). */
export const olga: Person = {
  email: 'olga@example.test',
  password: PASSWORD,
  role: 'TournamentDirector',
  first: 'Olga',
  last: 'Official',
};
/** A ring official's own account (decision 042): the matchday screen and nothing else. */
export const rita: Person = {
  email: 'rita@example.test',
  password: PASSWORD,
  role: 'RingOfficial',
  first: 'Rita',
  last: 'Ring',
};
export const omar: Person = {
  email: 'omar@example.test',
  password: PASSWORD,
  role: 'TournamentDirector',
  first: 'Omar',
  last: 'Official',
};

export interface Kid {
  first: string;
  age: number;
  gender: 1 | 2;
  event: 'Forms' | 'Sparring';
}

export interface Tournament {
  id: number;
  tournamentDate: string;
}

export async function nextTournament(s: Stack): Promise<Tournament> {
  return (await s.api<Tournament[]>('GET', '/api/tournaments')).json[0]!;
}

/** Registers `kids` for `parent` through the API and completes the registration (pay at the door). */
export async function registerKids(s: Stack, parent: Person, kids: readonly Kid[], tournament: Tournament) {
  const token = await s.signIn(parent.email, parent.password);
  const options = (
    await s.api<RegistrationOptionsSeen>(
      'GET',
      `/api/registration/options/${tournament.id}`,
      undefined,
      token,
    )
  ).json;
  const created = await s.api<{ registrationId: number }>(
    'POST',
    `/api/registration/create/${tournament.id}`,
    undefined,
    token,
  );
  expect(created.status).toBe(200);
  const year = Number(tournament.tournamentDate.slice(0, 4));
  for (const kid of kids) {
    const event = options.events.find((e) => e.name === kid.event)!;
    const res = await s.api(
      'POST',
      '/api/registration/competitor',
      {
        ...formsCompetitor(options, created.json.registrationId, kid.first, parent.last),
        dateOfBirth: `${year - kid.age}-01-01`,
        gender: kid.gender,
        eventIds: [event.id],
        weightKg: kid.event === 'Sparring' ? 45 : null,
        school: `Dojo ${kid.first.length % 3}`,
      },
      token,
    );
    expect(res.status, res.text).toBe(200);
  }
  const paid = await s.api(
    'POST',
    `/api/registration/checkout/${created.json.registrationId}`,
    undefined,
    token,
  );
  expect(paid.status, paid.text).toBe(200);
}

/** A draft of every completed registration in Forms and Sparring, published (as /admin/matchmaking does). */
export async function publishDivisions(
  s: Stack,
  tournament: Tournament,
  user: Person = director,
): Promise<void> {
  const token = await probeToken(s, user);
  const types = (await s.api<{ id: number; title: string }[]>('GET', '/api/event-types')).json;
  const eventTypeIds = types.filter((t) => t.title === 'Forms' || t.title === 'Sparring').map((t) => t.id);
  const draft = await s.api<{ draftId: number }>(
    'POST',
    '/api/admin/matchmaking/drafts',
    { tournamentId: tournament.id, source: 'completed', eventTypeIds },
    token,
  );
  expect(draft.status, draft.text).toBe(201);
  const published = await s.api(
    'POST',
    `/api/admin/matchmaking/drafts/${draft.json.draftId}/publish`,
    {},
    token,
  );
  expect([200, 201], published.text).toContain(published.status);
}

export interface MatchdayRows {
  rings: SyncRing[];
  divisions: SyncDivision[];
  divisionResults: SyncDivisionResult[];
}

/**
 * The matchday scope as the server has it (a fresh device's first pull), read as `user`; each
 * division's title as an English page shows it (a pull carries a generated title as a message
 * reference, docs/decisions/037-english-and-french.md).
 */
export async function serverMatchdayRows(s: Stack, user: Person = director): Promise<MatchdayRows> {
  const id = `probe-${Math.random()}`;
  const res = await s.api<PullResponse>(
    'POST',
    '/sync/pull',
    { clientGroupId: id, clientId: id, cookie: null, scope: 'matchday' },
    await probeToken(s, user),
  );
  expect(res.status).toBe(200);
  const out: MatchdayRows = { rings: [], divisions: [], divisionResults: [] };
  for (const op of res.json.patch) {
    if (op.op !== 'put') continue;
    if (op.entity === 'rings') out.rings.push(...op.rows);
    if (op.entity === 'divisions')
      out.divisions.push(...op.rows.map((d) => ({ ...d, title: english(d.title) })));
    if (op.entity === 'divisionResults') out.divisionResults.push(...op.rows);
  }
  return out;
}

/** The matchday screen's score field of a judge for a competitor. */
export const scoreField = (page: Page, judge: number, name: string) =>
  page.getByLabel(`Judge ${judge} score for ${name}`, { exact: true });

/** Types a judge's scores for a competitor, each sent with Enter (as an official does). */
export async function enterScores(page: Page, name: string, values: readonly number[]): Promise<void> {
  for (const [i, v] of values.entries()) {
    const field = scoreField(page, i + 1, name);
    await field.fill(String(v));
    await field.press('Enter');
  }
}

/** Completes the running division on a ring tablet: "Complete division", then its question answered. */
/**
 * Taps "Start <title>" on a ring tablet's queue. When some of its competitors are not checked in
 * the tablet asks first (decision 050): this answers "Start with everyone" and returns the
 * question's text; null when nothing was asked. Returns once the division runs on the tablet.
 */
export async function startDivision(page: Page, title: string): Promise<string | null> {
  await page.getByRole('button', { name: `Start ${title}` }).click();
  const question = page.getByRole('dialog', { name: `Start ${title}?` });
  const running = page.getByTestId('current-division').filter({ hasText: title });
  await question.or(running).first().waitFor();
  let asked: string | null = null;
  if (await question.isVisible()) {
    asked = await question.textContent();
    await question.getByRole('button', { name: 'Start with everyone' }).click();
  }
  await running.waitFor();
  return asked;
}

export async function completeDivision(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Complete division' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Complete division' }).click();
}

/** Adds a ring to the next tournament over /api (as the rings page does); returns its id. */
export async function addRing(
  s: Stack,
  tournament: Tournament,
  name: string,
  user: Person = director,
): Promise<number> {
  const res = await s.api<{ id: number }>(
    'POST',
    '/api/admin/rings',
    { tournamentId: tournament.id, name },
    await probeToken(s, user),
  );
  expect([200, 201], res.text).toContain(res.status);
  return res.json.id;
}

/** Puts a division on a ring's queue through /sync, as a director's tablet would. */
export async function assignOverSync(
  s: Stack,
  divisionId: number,
  ringId: number,
  user: Person = director,
): Promise<void> {
  const id = `fixture-${Math.random()}`;
  const res = await s.api<{ results: { status: string }[] }>(
    'POST',
    '/sync/push',
    {
      clientGroupId: id,
      clientId: id,
      mutations: [{ id: 1, name: 'assignDivision@1', args: { divisionId, ringId } }],
    },
    await probeToken(s, user),
  );
  expect(res.status, res.text).toBe(200);
  expect(res.json.results[0]?.status).toBe('applied');
}

/** A ring-side tablet's screen (docs/design.md: officials work on tablets). */
export const TABLET_VIEWPORT = { width: 1024, height: 768 };

/** With E2E_SHOTS=dir, a full-page screenshot of the step, to look at the tablet layout. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
