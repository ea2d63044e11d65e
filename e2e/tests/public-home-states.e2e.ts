import type { AdminTournament, TournamentInput } from '@tournament/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// Each home-page state (docs/product.md §1 "Texts of the home page"), set up by moving the
// tournament's dates relative to today through the SuperAdmin settings API, and checked by its
// visible text.
const ADMIN = { email: 'super@example.com', password: 'home-states-2026', role: 'SuperAdmin' as const };
const DAY = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe('the home page in every state', () => {
  let stack: Stack;
  let browser: Browser;
  let token: string;
  let tournament: AdminTournament;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [ADMIN] }), launchBrowser()]);
    token = await stack.signIn(ADMIN.email, ADMIN.password);
    const list = await stack.api<AdminTournament[]>('GET', '/api/admin/tournaments', undefined, token);
    expect(list.status).toBe(200);
    const first = list.json[0];
    if (!first) throw new Error('the seed made no tournament');
    tournament = first;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function setDates(tournamentDate: number, opens: number, closesAfter: number) {
    const t = tournament;
    const body: TournamentInput = {
      tournamentDate: day(tournamentDate),
      registrationOpensOn: day(opens),
      registrationClosesAfter: day(closesAfter),
      competitorOnlineCost: t.competitorOnlineCost,
      competitorDoorCost: t.competitorDoorCost,
      spectatorCost: t.spectatorCost,
      lunchCost: t.lunchCost,
      city: t.city,
      venue: t.venue,
      inPersonRegistrationTimes: t.inPersonRegistrationTimes,
      blackBeltMeetingTime: t.blackBeltMeetingTime,
      eliminationTime: t.eliminationTime,
      schedule: t.schedule,
    };
    const res = await stack.api('PUT', `/api/admin/tournaments/${t.id}`, body, token);
    expect(res.status, res.text).toBe(200);
  }

  async function home() {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/');
    const status = page.getByRole('region', { name: /registration|tournament today|thank you/i });
    await status.waitFor();
    return { page, status };
  }

  it('registration open: "Online registration is now open!" with the registration button', async () => {
    await setDates(30, -1, 20);
    const { page, status } = await home();
    await expect
      .poll(() => status.getByRole('heading').textContent())
      .toBe('Online registration is now open!');
    await status.getByRole('link', { name: 'Register online' }).click();
    // A visitor is sent to sign in first (docs/product.md §2).
    await page.waitForURL('**/user/login');
  });

  it('tournament today: "Tournament Today!", "Come see us at {venue}" and the in-person times', async () => {
    await setDates(0, -30, -7);
    const { page, status } = await home();
    await expect.poll(() => status.getByRole('heading').textContent()).toBe('Tournament Today!');
    expect(await status.textContent()).toContain(`Come see us at ${tournament.venue}`);
    expect(await status.textContent()).toContain(tournament.inPersonRegistrationTimes);
    expect(await page.getByRole('link', { name: 'Register online' }).count()).toBe(0);
  });

  it('opening soon: "Registration opens soon!" with the opening date', async () => {
    await setDates(60, 10, 50);
    const { status } = await home();
    await expect.poll(() => status.getByRole('heading').textContent()).toBe('Registration opens soon!');
    const opens = new Intl.DateTimeFormat('en-CA', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day(10)}T00:00:00Z`));
    expect(await status.textContent()).toContain(opens);
  });

  it('closed: "Online registration is currently closed"', async () => {
    await setDates(5, -30, -2);
    const { status } = await home();
    await expect
      .poll(() => status.getByRole('heading').textContent())
      .toBe('Online registration is currently closed');
  });

  it('no next tournament: "Thank you for your interest!" and no pricing', async () => {
    await setDates(-3, -60, -10);
    const { page, status } = await home();
    await expect.poll(() => status.getByRole('heading').textContent()).toBe('Thank you for your interest!');
    expect(await page.getByRole('heading', { name: 'Pricing' }).count()).toBe(0);
    expect(await page.getByText('295 Mississauga Ave, Elliot Lake').count()).toBe(1);
  });
});
