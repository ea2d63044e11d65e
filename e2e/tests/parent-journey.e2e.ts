import { axeViolationsInBothSchemes } from '../src/axe.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsCompetitor, type RegistrationOptionsSeen } from '../src/competitor-body.ts';
import {
  addressText,
  launchBrowser,
  newPage,
  startStack,
  type Browser,
  type Stack,
  type StackUser,
} from '../src/harness.ts';

// The parent's journey on a phone (390x844, decision 027), one item a test: data is made through
// the API and only the step under test is driven in the browser. Axe runs in both colour
// schemes on each page changed.
const PHONE = { width: 390, height: 844 };
const password = 'parent-pass-2026';
const parent = (name: string): StackUser => ({
  email: `${name}@example.com`,
  password,
  role: 'Customer',
  first: name[0]!.toUpperCase() + name.slice(1),
  last: 'Karate',
});
const users = {
  contacts: parent('casey'),
  counts: parent('morgan'),
  remove: parent('riley'),
  pays: parent('jordan'),
  form: parent('avery'),
  signIn: parent('quinn'),
  admin: { email: 'admin@example.com', password: 'admin-pass-2026', role: 'SuperAdmin' as const },
};

const violations = axeViolationsInBothSchemes;

describe("the parent's journey on a phone (decision 027)", () => {
  let stack: Stack;
  let browser: Browser;
  let tournamentId: number;
  let options: RegistrationOptionsSeen & {
    competitorLevels: { id: number; name: string; description?: string }[];
  };
  const tokens = new Map<StackUser, string>();

  /** A parent signed up and verified through the API, as the sign-up form and the e-mailed link would. */
  async function signUp(u: StackUser) {
    const res = await stack.api('POST', '/api/users/register', {
      firstName: u.first,
      lastName: u.last,
      email: u.email,
      password: u.password,
      confirmPassword: u.password,
      addressLine1: '1 Main St',
      addressLine2: '',
      city: 'Elliot Lake',
      province: 'ON',
      postalCode: 'P5A 1A1',
      phoneNumber: '705 555 0100',
    });
    expect(res.status).toBeLessThan(300);
    const mail = await stack.mail.waitFor((m) => addressText(m.to).includes(u.email));
    const hash = /\/user\/verification\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect((await stack.api('PUT', '/api/users/register', { hash })).status).toBeLessThan(300);
  }

  beforeAll(async () => {
    // Only the director through the admin CLI: each run of it starts a process.
    [stack, browser] = await Promise.all([startStack({ users: [users.admin] }), launchBrowser()]);
    const parents = Object.values(users).filter((u) => u !== users.admin);
    await Promise.all(parents.map(signUp));
    tournamentId = (await stack.api<{ id: number }[]>('GET', '/api/tournaments')).json[0]!.id;
    for (const u of Object.values(users)) tokens.set(u, await stack.signIn(u.email, u.password));
    options = (
      await stack.api<typeof options>(
        'GET',
        `/api/registration/options/${tournamentId}`,
        undefined,
        tokens.get(users.pays),
      )
    ).json;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A registration with these children (Forms), made through the API. */
  async function registration(u: StackUser, children: string[], emergency?: { name: string; phone: string }) {
    const token = tokens.get(u)!;
    const created = await stack.api<{ registrationId: number }>(
      'POST',
      `/api/registration/create/${tournamentId}`,
      undefined,
      token,
    );
    const id = created.json.registrationId;
    for (const first of children) {
      const body = formsCompetitor(options, id, first, 'Karate');
      const res = await stack.api(
        'POST',
        '/api/registration/competitor',
        {
          ...body,
          ...(emergency
            ? { emergencyContactName: emergency.name, emergencyContactPhone: emergency.phone }
            : {}),
        },
        token,
      );
      expect(res.status).toBe(200);
    }
    return id;
  }

  /** A phone-sized page signed in as `u` (the session stored as the login page stores it). */
  async function phonePage(u: StackUser, size = PHONE): Promise<Page> {
    const page = await newPage(browser, stack.baseUrl);
    const context: BrowserContext = page.context();
    await page.setViewportSize(size);
    const auth = await stack.api<{ user: Record<string, unknown> }>('POST', '/api/users/authenticate', {
      username: u.email,
      password: u.password,
    });
    const a = auth.json.user;
    const session = {
      user: {
        personId: a.personId,
        roles: a.roles,
        userDisplayName: a.userDisplayName,
        firstName: a.firstName,
        email: a.email,
      },
      token: a.token,
      refreshToken: a.refreshToken,
    };
    await context.addInitScript((s) => {
      if (!localStorage.getItem('session')) localStorage.setItem('session', s);
    }, JSON.stringify(session));
    return page;
  }

  it('1, 5: typed contacts are saved by "Continue to confirmation", a phone in a usual format kept as its 10 digits', async () => {
    const id = await registration(users.contacts, ['Ava']);
    const page = await phonePage(users.contacts);
    await page.goto(`/customer/registration/${id}`);
    // The first contact starts as the account's name and e-mail (decision 047).
    const contact = page.getByRole('group', { name: 'Contact 1' });
    await expect
      .poll(() => contact.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue())
      .toBe('casey@example.com');
    expect(await contact.getByLabel('Name').inputValue()).toBe('Casey Karate');
    await contact.getByLabel('Name').fill('Casey Karate');
    await contact.getByRole('textbox', { name: 'E-mail', exact: true }).fill('casey@example.com');
    // The format is shown before any error; "(705) 555-0142" is not refused.
    await contact.getByText('10 digits, e.g. 705-555-0142').waitFor();
    await contact.getByLabel('Phone number').fill('(705) 555-0142');
    await page.getByRole('button', { name: 'Continue to confirmation' }).click();
    await page.getByRole('heading', { name: 'Confirm your registration' }).waitFor();
    const saved = await stack.api<{ contacts: { name: string; phoneNumber: string }[] }>(
      'GET',
      `/api/registration/${id}`,
      undefined,
      tokens.get(users.contacts),
    );
    expect(saved.json.contacts.map((c) => [c.name, c.phoneNumber])).toEqual([['Casey Karate', '7055550142']]);
    // Back again: nothing lost.
    await page.getByRole('link', { name: 'Back to registration' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Contact 1' }).getByLabel('Phone number').inputValue())
      .toBe('7055550142');
  });

  it('2: spectator + updates the count in place: no spinner, same scroll, the focus stays on the button', async () => {
    const id = await registration(users.counts, ['Ben', 'Cleo', 'Dev']);
    const page = await phonePage(users.counts);
    await page.goto(`/customer/registration/${id}`);
    const add = page.getByRole('button', { name: 'Add one of Spectator passes' });
    await add.focus();
    await page.evaluate(() => window.scrollBy(0, 50));
    const scrollBefore = await page.evaluate(() => window.scrollY);
    expect(scrollBefore).toBeGreaterThan(0);
    await page.evaluate(() => {
      const w = window as unknown as { spinnerSeen: boolean };
      w.spinnerSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('main')?.textContent?.includes('Loading...')) w.spinnerSeen = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status', { name: 'Spectator passes' }).textContent()).toBe('1');
    // 3 x 45 + 1 x 10, read again in the background.
    await expect.poll(() => page.getByTestId('registration-total').textContent()).toBe('Total: $145');
    expect(await page.evaluate(() => (window as unknown as { spinnerSeen: boolean }).spinnerSeen)).toBe(
      false,
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Add one of Spectator passes',
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    // The keyboard goes on working from there.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status', { name: 'Spectator passes' }).textContent()).toBe('2');
  });

  it('3, 9: deleting a child asks first, and the button is an outlined secondary action; no internal id in the title', async () => {
    const id = await registration(users.remove, ['Eli', 'Fay']);
    const page = await phonePage(users.remove);
    await page.goto(`/customer/registration/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Online Registration', exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toContain('#');
    const del = page.getByRole('button', { name: 'Delete Eli' });
    // Not filled like the main actions: the background of the outlined Edit beside it.
    const edit = page.getByRole('link', { name: 'Edit Eli' });
    const background = (l: typeof del) => l.evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(await background(del)).toBe(await background(edit));
    expect((await del.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await del.click();
    const dialog = page.getByRole('dialog', { name: 'Delete Eli Karate?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep Eli' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Eli Karate', { exact: true }).waitFor();
    await del.click();
    await dialog.getByRole('button', { name: 'Delete Eli' }).click();
    await page.getByText('Eli Karate', { exact: true }).waitFor({ state: 'detached' });
    await page.getByText('Fay Karate').waitFor();
    const left = await stack.api<{ competitors: { firstName: string }[] }>(
      'GET',
      `/api/registration/${id}`,
      undefined,
      tokens.get(users.remove),
    );
    expect(left.json.competitors.map((c) => c.firstName)).toEqual(['Fay']);
    expect(await violations(page)).toEqual([]);
  });

  it('4, 6, 9: two choices with their amounts and an order summary; pay at the door; the receipt explains the price; home links the preferences', async () => {
    const id = await registration(users.pays, ['Gus']);
    await stack.api('POST', `/api/registration/spectator/${id}`, undefined, tokens.get(users.pays));
    const page = await phonePage(users.pays);
    await page.goto(`/customer/registration/${id}/confirmation`);
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    const door = page.getByRole('button', { name: /^Pay at the door/ });
    expect(await door.textContent()).toContain('$55');
    // No Stripe on this server: paying by card is not offered at all.
    expect(await page.getByRole('button', { name: /^Pay now by card/ }).count()).toBe(0);
    const note =
      'Registered online, each competitor is $45 (the online price), whether you pay now or at the door.';
    await page.getByText(note).waitFor();
    await page
      .getByText('The door price of $60 is only for competitors registered on tournament day.')
      .waitFor();
    expect(await violations(page)).toEqual([]);

    await door.click();
    await page.waitForURL(`**/customer/registration/${id}/receipt`);
    await page.getByRole('heading', { name: 'Registration confirmed: pay at the door' }).waitFor();
    expect(await page.getByTestId('balance-owing').textContent()).toBe('$55');
    await page.getByText(note).waitFor();
    // The headers read apart at 390 px, not "QuantityAmount".
    const gap = await page.evaluate(() => {
      const box = (text: string) => {
        const th = [...document.querySelectorAll('th')].find((t) => t.textContent === text)!;
        const range = document.createRange();
        range.selectNodeContents(th);
        return range.getBoundingClientRect();
      };
      return box('Amount').left - box('Quantity').right;
    });
    expect(gap).toBeGreaterThanOrEqual(8);
    expect(await violations(page)).toEqual([]);

    await page.goto('/customer/home');
    await page.getByText('Your registration: Completed').waitFor();
    expect(await page.getByTestId('registration-card').textContent()).not.toContain('#');
    // The first contact (the account's own, decision 047) has made no choice yet: home asks.
    await page.getByRole('link', { name: 'Choose notification preferences' }).waitFor();
    await page.getByRole('link', { name: 'Notification preferences', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Notification preferences' }).waitFor();
  });

  it('8, 7: the competitor form: 44 px event rows, level descriptions, "Same as" for the emergency contact, "Required" only once a field is left, the privacy policy', async () => {
    const id = await registration(users.form, ['Hana'], { name: 'Avery Karate', phone: '7055550142' });
    const page = await phonePage(users.form);
    await page.goto(`/customer/registration/${id}/competitor`);
    await page.getByRole('heading', { name: 'Add a competitor' }).waitFor();
    expect(await page.getByText('Value is required').count()).toBe(0);
    expect(await page.getByText('Required', { exact: true }).count()).toBe(0);
    const forms = page.getByLabel(/^Forms/);
    const row = page.locator('label', { has: forms });
    expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // The seeded levels' descriptions, then the chosen one's.
    await page.getByText('White to yellow belt, or under a year of training').waitFor();
    await page.getByLabel('Competitor level').selectOption({ label: 'Black Belt' });
    await page.getByText('Any degree of black belt').waitFor();
    // Leaving an empty required field says so.
    await page.getByLabel('First name').focus();
    await page.keyboard.press('Tab');
    await page.getByText('Value is required').first().waitFor();
    // The emergency contact in one tap.
    await page.getByRole('button', { name: 'Same as Hana (Avery Karate)' }).click();
    expect(await page.getByLabel('Emergency contact name').inputValue()).toBe('Avery Karate');
    expect(await page.getByLabel('Emergency contact phone').inputValue()).toBe('7055550142');
    await page.getByRole('main').getByRole('link', { name: 'privacy policy', exact: true }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('5, 7, 9: sign-up shows the phone format, links the privacy policy, accepts "705.555.0142"; the prompt leaves lunch out while it is off', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.setViewportSize(PHONE);
    await page.goto('/user/login');
    await page
      .getByText('Sign up for an account to register competitors and spectators for the tournament.')
      .waitFor();
    await page.goto('/user/register');
    await page.getByText('10 digits, e.g. 705-555-0142').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'privacy policy', exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('First Name').fill('Drew');
    await page.getByLabel('Last Name').fill('Karate');
    await page.getByLabel('Email').fill('drew@example.com');
    await page.getByLabel('Phone Number').fill('705.555.0142');
    await page.locator('input[name="password"]').fill('drew-pass-2026');
    await page.locator('input[name="confirmPassword"]').fill('drew-pass-2026');
    await page.getByLabel('Address Line 1').fill('1 Main St');
    await page.getByLabel('City').fill('Elliot Lake');
    await page.getByLabel('Postal Code').fill('P5A 1A1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/user/pending');
  });

  it('9: a short header on a phone that does not repeat the site name above the banner', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page
      .getByRole('heading', { level: 1, name: 'Northern Ontario Martial Arts Championship' })
      .waitFor();
    expect(await page.locator('header').textContent()).not.toContain('Northern Ontario');
    expect((await page.locator('header').boundingBox())!.height).toBeLessThanOrEqual(80);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).waitFor();
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect((await page.locator('header').boundingBox())!.height).toBeLessThanOrEqual(120);
  });

  it('9: signing in moves on in place, never showing a blank page', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.setViewportSize(PHONE);
    await page.goto('/user/login');
    await page.getByLabel('Email').fill(users.signIn.email);
    await page.getByLabel(/^Password/).fill(users.signIn.password);
    await page.evaluate(() => {
      const w = window as unknown as { samePage: boolean; blankFrames: number };
      w.samePage = true;
      w.blankFrames = 0;
      const tick = () => {
        if (!document.querySelector('main')?.textContent?.trim()) w.blankFrames++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/customer\/registration\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Online Registration' }).waitFor();
    const seen = await page.evaluate(() => {
      const w = window as unknown as { samePage?: boolean; blankFrames?: number };
      return { samePage: w.samePage, blankFrames: w.blankFrames };
    });
    expect(seen.samePage).toBe(true);
    expect(seen.blankFrames).toBe(0);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  });

  it('director: a level description is edited in settings without a save button, kept on leaving, and shown to families', async () => {
    const page = await phonePage(users.admin, { width: 1280, height: 800 });
    await page.goto('/admin/competitor-levels');
    const description = page.getByLabel('Description of level 2');
    await description.fill('Two to four years of training');
    // Straight to another page: leaving the field saves it.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect
      .poll(async () => {
        const o = await stack.api<typeof options>(
          'GET',
          `/api/registration/options/${tournamentId}`,
          undefined,
          tokens.get(users.form),
        );
        return o.json.competitorLevels[1]?.description;
      })
      .toBe('Two to four years of training');
    await page.goto('/admin/competitor-levels');
    await expect
      .poll(() => page.getByLabel('Description of level 2').inputValue())
      .toBe('Two to four years of training');
    expect(await page.getByRole('button', { name: 'Save name' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
  });
});
