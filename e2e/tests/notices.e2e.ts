import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import { pendingText, portRange, probeToken, tabletRack, type Person } from '../src/check-in-fixtures.ts';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import {
  addRing,
  assignOverSync,
  enterScores,
  nextTournament,
  publishDivisions,
  serverMatchdayRows,
  TABLET_VIEWPORT,
  type Tournament,
} from '../src/matchday-fixtures.ts';
import { startSmsStandIn, type SmsStandIn } from '../src/sms-stand-in.ts';

// Automatic notices (decision 026) in Chromium: a ring tablet on /admin/matchday starts the
// division two before a child's, and the phone number of the child's family (who chose text
// messages) gets "Your division is up soon in Ring 1" once, through the real twilio SDK
// against a local stand-in; a family that declined gets nothing, and a further completion and
// start send the next family theirs but nothing more to the first.

const admin: Person = {
  email: 'admin@example.test',
  password: 'tablet-pass-1',
  role: 'SuperAdmin',
  first: 'Sue',
  last: 'Admin',
};
/** One customer registers every family (each registration with its own contacts: notices go by those). */
const pat: Person = {
  email: 'pat@example.test',
  password: 'tablet-pass-1',
  role: 'Customer',
  first: 'Pat',
  last: 'Parent',
};
const PHONE = { C: '7055550103', W: '7055550104', D: '7055550105' };

// Ring 1's queue, in this order; each division has two competitors of one family or two.
const A = 'Boys 8-9 Beginner';
const B = 'Girls 8-9 Beginner';
const C = 'Girls 10-11 Beginner'; // the child's: Cleo FamilyC (texts) and Wren FamilyW (declined)
const D = 'Boys 10-11 Beginner';

let stack: Stack;
let browser: Browser;
let sms: SmsStandIn;
const rack = tabletRack(() => browser, portRange(4360, 10));

const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout });
/** The "up soon" texts a phone number received (publication sent each family its divisions before). */
const upSoonTo = (phone: string) =>
  sms.messages.filter((m) => m.to.replace(/\D/g, '').endsWith(phone) && m.body.includes('up soon'));

/** A family's registration through the API with one contact and their SMS choice, completed (pay at the door). */
async function register(
  tournament: Tournament,
  family: string,
  kids: { first: string; age: number; gender: 1 | 2 }[],
  contact: { phone: string; sms: boolean } | null,
) {
  const token = await probeToken(stack, pat);
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
  expect(created.status, created.text).toBe(200);
  const id = created.json.registrationId;
  const year = Number(tournament.tournamentDate.slice(0, 4));
  for (const kid of kids) {
    const res = await stack.api(
      'POST',
      '/api/registration/competitor',
      {
        ...formsCompetitor(options, id, kid.first, family),
        dateOfBirth: `${year - kid.age}-01-01`,
        gender: kid.gender,
      },
      token,
    );
    expect(res.status, res.text).toBe(200);
  }
  if (contact) {
    const res = await stack.api(
      'PUT',
      `/api/registration/contacts/${id}`,
      {
        contacts: [
          {
            name: `Parent ${family}`,
            email: `${family.toLowerCase()}@example.test`,
            phoneNumber: contact.phone,
            agreedToSmsDivisionNotifications: contact.sms,
            agreedToEmailDivisionNotifications: false,
          },
        ],
      },
      token,
    );
    expect(res.status, res.text).toBe(200);
  }
  const paid = await stack.api('POST', `/api/registration/checkout/${id}`, undefined, token);
  expect(paid.status, paid.text).toBe(200);
}

beforeAll(async () => {
  sms = await startSmsStandIn();
  [stack, browser] = await Promise.all([
    startStack({
      users: [admin, pat],
      env: sms.serverEnv,
    }),
    launchBrowser(),
  ]);
  const tournament = await nextTournament(stack);
  // Ten minutes a performance: two competitors make a 20-minute division, so only the queue
  // places (two away) make a division up soon here, never the 15-minute estimate.
  const adminToken = await probeToken(stack, admin);
  const types = (
    await stack.api<{ id: number; title: string; description: string; decidedBy: string }[]>(
      'GET',
      '/api/admin/event-types',
      undefined,
      adminToken,
    )
  ).json;
  const forms = types.find((t) => t.title === 'Forms')!;
  const set = await stack.api(
    'PUT',
    `/api/admin/event-types/${forms.id}`,
    {
      title: forms.title,
      description: forms.description,
      decidedBy: forms.decidedBy,
      minutesPerPerformance: 10,
    },
    adminToken,
  );
  expect(set.status, set.text).toBe(200);

  await register(
    tournament,
    'FamilyA',
    [
      { first: 'Al', age: 8, gender: 1 },
      { first: 'Abe', age: 8, gender: 1 },
    ],
    null,
  );
  await register(
    tournament,
    'FamilyB',
    [
      { first: 'Bo', age: 8, gender: 2 },
      { first: 'Bea', age: 8, gender: 2 },
    ],
    null,
  );
  await register(tournament, 'FamilyC', [{ first: 'Cleo', age: 10, gender: 2 }], {
    phone: PHONE.C,
    sms: true,
  });
  await register(tournament, 'FamilyW', [{ first: 'Wren', age: 10, gender: 2 }], {
    phone: PHONE.W,
    sms: false,
  });
  await register(
    tournament,
    'FamilyD',
    [
      { first: 'Dan', age: 10, gender: 1 },
      { first: 'Dev', age: 10, gender: 1 },
    ],
    {
      phone: PHONE.D,
      sms: true,
    },
  );
  await publishDivisions(stack, tournament, admin);
  const ring = await addRing(stack, tournament, 'Ring 1', admin);
  const { divisions } = await serverMatchdayRows(stack, admin);
  for (const title of [A, B, C, D]) {
    const d = divisions.find((x) => x.title === title);
    expect(d, `division ${title}`).toBeDefined();
    await assignOverSync(stack, d!.id, ring, admin);
  }
}, 240_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
  await sms?.close();
});

async function start(page: Page, title: string) {
  await page.getByRole('button', { name: `Start ${title}` }).click();
  await page.getByTestId('current-division').filter({ hasText: title }).waitFor();
  await poll(() => pendingText(page).textContent()).toBe('All changes sent');
}

describe('automatic notices', () => {
  it('a ring tablet starts the division two before a child\'s, and the family\'s phone gets "up soon" once', async () => {
    const { page } = await rack.open(stack, admin, { path: '/admin/matchday', heading: 'Matchday' });
    await page.setViewportSize(TABLET_VIEWPORT);
    await page.getByLabel('Ring', { exact: true }).selectOption({ label: 'Ring 1' });

    // Laying out the ring told no one: it has not started its day.
    expect(upSoonTo(PHONE.C)).toEqual([]);

    await start(page, A);
    const [first] = await sms.waitFor((m) => m.to.endsWith(PHONE.C) && m.body.includes('up soon'));
    expect(first!.body).toContain(`Your division is up soon in Ring 1: ${C} (Cleo FamilyC)`);

    // The ring goes on: A completes and B starts. C is now next (still up soon: not told again),
    // and D is two away, so family D's text is the sign that both taps were evaluated.
    await enterScores(page, 'Al FamilyA', [9, 9, 9, 9, 9]);
    await enterScores(page, 'Abe FamilyA', [8, 8, 8, 8, 8]);
    await page.getByRole('button', { name: 'Complete division' }).click();
    await page.getByTestId('completed-division').filter({ hasText: A }).waitFor();
    await start(page, B);
    const [forD] = await sms.waitFor((m) => m.to.endsWith(PHONE.D) && m.body.includes('up soon'));
    expect(forD!.body).toContain(`Your division is up soon in Ring 1: ${D} (Dan FamilyD and Dev FamilyD)`);

    expect(upSoonTo(PHONE.C)).toHaveLength(1);
    expect(upSoonTo(PHONE.D)).toHaveLength(1);
    // Wren's family declined text messages: not even the publication reached them.
    expect(sms.messages.filter((m) => m.to.endsWith(PHONE.W))).toEqual([]);
  });
});
