import type { AdminTournament, TournamentInput } from '@tournament/shared';
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// Fast public pages (decisions 020 and 031): the public pages arrive as HTML with their content.
// The home page shows the next tournament with JavaScript off; with it on, it loads no script until
// the visitor acts, then the same markup is hydrated with no console error and no read of the data
// it came with (a click made before is answered); a signed-in visitor's app starts at once; a
// change in settings shows on the next load; a tournament field holding markup is shown as text.
const ADMIN = { email: 'ssr-admin@example.com', password: 'ring-side-2026', role: 'SuperAdmin' as const };

describe('server-rendered public pages', () => {
  let stack: Stack;
  let browser: Browser;
  let token: string;
  let tournament: AdminTournament;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [ADMIN] }), launchBrowser()]);
    token = await stack.signIn(ADMIN.email, ADMIN.password);
    const list = await stack.api<AdminTournament[]>('GET', '/api/admin/tournaments', undefined, token);
    const first = list.json[0];
    if (!first) throw new Error('the seed made no tournament');
    tournament = first;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function setVenue(venue: string) {
    const t = tournament;
    const body: TournamentInput = {
      tournamentDate: t.tournamentDate,
      registrationOpensOn: t.registrationOpensOn,
      registrationClosesAfter: t.registrationClosesAfter,
      competitorOnlineCost: t.competitorOnlineCost,
      competitorDoorCost: t.competitorDoorCost,
      spectatorCost: t.spectatorCost,
      lunchCost: t.lunchCost,
      city: t.city,
      venue,
      inPersonRegistrationTimes: t.inPersonRegistrationTimes,
      blackBeltMeetingTime: t.blackBeltMeetingTime,
      eliminationTime: t.eliminationTime,
      schedule: t.schedule,
    };
    const res = await stack.api('PUT', `/api/admin/tournaments/${t.id}`, body, token);
    expect(res.status, res.text).toBe(200);
  }

  /** Console errors (React reports a hydration mismatch as one, or as an uncaught error: newPage fails on those). */
  function consoleProblems(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    return problems;
  }

  it('with JavaScript off, the home page shows the next tournament, its status, pricing and events', async () => {
    const context = await browser.newContext({ baseURL: stack.baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.title()).resolves.toBe('NOMAC Home');
      await expect(
        page
          .getByRole('heading', { level: 1, name: 'Northern Ontario Martial Arts Championship' })
          .isVisible(),
      ).resolves.toBe(true);
      const banner = await page.locator('#site-name + p').textContent();
      expect(banner).toContain(`at ${tournament.venue}, ${tournament.city}`);
      await expect(
        page.getByRole('heading', { name: 'Online registration is now open!' }).isVisible(),
      ).resolves.toBe(true);
      await expect(
        page.getByText(/Competing costs \$\d+ when you register online/).isVisible(),
      ).resolves.toBe(true);
      await expect(page.getByRole('heading', { name: 'Events' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'Register online' }).getAttribute('href')).resolves.toBe(
        '/customer/registration',
      );
    } finally {
      await context.close();
    }
  });

  it('with JavaScript on, the page loads no script until the visitor acts, then hydrates without a console error or a read of the data it carries', async () => {
    const page = await newPage(browser, stack.baseUrl);
    const problems = consoleProblems(page);
    const reads: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p === '/api/tournaments' || p === '/api/event-types' || p === '/api/settings') reads.push(p);
      if (r.resourceType() === 'script') scripts.push(p);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // Decision 031: a visitor reading the page downloads no JavaScript.
    expect(scripts).toEqual([]);
    expect(await page.locator('html[data-interactive]').count()).toBe(0);
    // The first click, on the scheme toggle, starts the app; the click is answered once the
    // app has hydrated the page (a React handler, not markup).
    const toggle = page.getByRole('button', { name: 'Switch to dark mode' });
    await toggle.click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await page.locator('html.dark').count()).toBe(1);
    expect(scripts.length).toBeGreaterThan(0);
    // Client navigation still works from the hydrated page.
    await page.getByRole('link', { name: 'Contact Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(problems).toEqual([]);
    expect(reads).toEqual([]);
  });

  // The other pages a visitor lands on: their content and title arrive with the HTML, and
  // they hydrate with no console error and no read of the answers they carry.
  const OTHER_PAGES = [
    ['/contact', 'Contact Us', 'NOMAC Contact Us'],
    ['/privacy', 'Privacy Policy', 'NOMAC Privacy Policy'],
    ['/user/login', 'Login', 'NOMAC Login'],
    ['/user/register', 'Page: Sign Up', 'NOMAC Sign Up'],
  ] as const;

  it('with JavaScript off, the contact, privacy and sign-in pages show their content and title', async () => {
    const context = await browser.newContext({ baseURL: stack.baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const [path, heading, title] of OTHER_PAGES) {
        await page.goto(path);
        await expect(page.title(), path).resolves.toBe(title);
        await expect(
          page.getByRole('heading', { name: heading, exact: true }).isVisible(),
          path,
        ).resolves.toBe(true);
      }
      await page.goto('/user/login');
      await expect(page.getByRole('textbox', { name: 'Email' }).isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('with JavaScript on, they hydrate without a console error or a read of the data they carry', async () => {
    for (const [path, heading] of OTHER_PAGES) {
      const page = await newPage(browser, stack.baseUrl);
      const problems = consoleProblems(page);
      const reads: string[] = [];
      page.on('request', (r) => {
        const p = new URL(r.url()).pathname;
        if (p === '/api/tournaments' || p === '/api/event-types' || p === '/api/settings') reads.push(p);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await hydrated(page);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      expect(problems, path).toEqual([]);
      expect(reads, path).toEqual([]);
      await page.context().close();
    }
  });

  it("a signed-in visitor's page starts the app at once: the header shows their account without a touch", async () => {
    // No service worker: the stored session alone starts the app.
    const context = await browser.newContext({ baseURL: stack.baseUrl, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto('/user/login');
      await hydrated(page);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel(/^Password/).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname !== '/user/login');
      // A new load of the home page, rendered by the server without the session; nothing is touched.
      await page.goto('/');
      await page.getByRole('button', { name: 'Logout' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a returning visitor, whose device holds the app, gets it at once', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/');
    await hydrated(page);
    // The app installed this site's service worker; on the next load it answers with the app.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await page.context().close();
  });

  it('a sign-in typed before the app has hydrated is kept, and is never sent in the address', async () => {
    const page = await newPage(browser, stack.baseUrl);
    // A slow phone: the app's scripts arrive only after the parent has typed.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/user/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill('not-the-password-1');
    // Not yet hydrated: the button cannot send the form natively (a GET with the password in it).
    await expect(page.getByRole('button', { name: 'Login' }).isDisabled()).resolves.toBe(true);
    release();
    await hydrated(page);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(ADMIN.email);
    await page.getByRole('button', { name: 'Login' }).click();
    // Both typed values reached the form: the server's refusal, not "Value is required".
    await page.getByText('The e-mail address or password is incorrect.').waitFor();
    expect(page.url()).not.toContain('password');
    await page.context().close();
  });

  it('a venue changed in settings shows on the next load, as text even when it holds markup', async () => {
    const venue = '<img src=x onerror=alert(1)> Collège Boréal </script><script>alert(2)</script>';
    await setVenue(venue);
    try {
      const page = await newPage(browser, stack.baseUrl);
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      const res = await page.goto('/');
      const html = (await res?.text()) ?? '';
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('</script><script>alert(2)');
      expect(await page.locator('#site-name + p').textContent()).toContain(venue);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(dialogs).toEqual([]);
    } finally {
      await setVenue(tournament.venue);
    }
  });
});
