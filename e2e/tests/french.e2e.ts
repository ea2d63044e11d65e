import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, axeViolationsInBothSchemes } from '../src/axe.ts';
import { CATALOGS, translatorFor } from '@tournament/shared';
import { parentsOf, storeSession, type Person } from '../src/check-in-fixtures.ts';
import {
  director,
  nextTournament,
  publishDivisions,
  registerKids,
  type Kid,
} from '../src/matchday-fixtures.ts';
import {
  addressText,
  hydrated,
  launchBrowser,
  newPage,
  startStack,
  type Browser,
  type Stack,
} from '../src/harness.ts';

// English and French (decision 037), in a real browser: a French-speaking visitor
// gets the public pages in French from the server, with no script; the switch changes the
// language and it is remembered; the French pages hold at 360 px and pass axe in both schemes;
// a parent registers in French; a director, a ring tablet and a TV run a division in French.
const FRENCH = { locale: 'fr-CA' };
const NARROW = { width: 360, height: 740 };
const PHONE = { width: 390, height: 844 };
/** The French catalog: labels are found by their French text, as a French reader finds them. */
const fr = translatorFor('fr').t;
/** A field by its French label (a required one's label ends in "*"). */
const label = (key: Parameters<typeof fr>[0]) => new RegExp(`^${escaped(fr(key))}\\s*\\*?$`);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The English texts of the catalog a French screen must not show: every one of some length
 * with no placeholder whose French differs. A screen that shows one has a text that skipped
 * the catalog, or a catalog lookup in the wrong language. The manifest's name is also the
 * seeded site name, which is data (the organizer's, as entered).
 */
const ENGLISH_ONLY = Object.entries(CATALOGS.en)
  .filter(
    ([key, text]) =>
      key !== 'app.manifest.name' && text.length >= 12 && !/[{}<]/.test(text) && CATALOGS.fr[key] !== text,
  )
  .map(([, text]) => text);
async function englishOn(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => document.body.innerText);
  return ENGLISH_ONLY.filter((text) => shown.includes(text));
}
const [family] = parentsOf('F') as [Person];
/** Girls of 16: a division of their own (16-17), whatever the parent's children above entered. */
const GIRLS: Kid[] = ['Maude', 'Rosalie', 'Zoé'].map((first) => ({
  first,
  age: 16,
  gender: 2,
  event: 'Forms',
}));

describe('the site in French', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ users: [director, family] }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a French-speaking browser gets the home page in French from the server, with no script', async () => {
    const context = await browser.newContext({ ...FRENCH, baseURL: stack.baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
      await expect(page.title()).resolves.toBe('NOMAC Accueil');
      await page.getByRole('heading', { name: 'Prix' }).waitFor();
      await page.getByRole('link', { name: 'Nous joindre' }).waitFor();
      // Search engines find the page's other language at its own address.
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`));
      expect(alternates).toEqual([
        `en-CA ${stack.baseUrl}/?lang=en`,
        `fr-CA ${stack.baseUrl}/?lang=fr`,
        `x-default ${stack.baseUrl}/`,
      ]);
      // The switch is a plain link: it works before any script runs.
      await page.getByRole('link', { name: 'Read this site in English' }).click();
      await page.waitForURL(/\?lang=en$/);
      expect(await page.getAttribute('html', 'lang')).toBe('en-CA');
      await page.getByRole('heading', { name: 'Pricing' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the switch changes every text at once, and the choice is remembered', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await hydrated(page);
    await page.getByRole('link', { name: 'Lire ce site en français' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nous joindre' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    expect(new URL(page.url()).search).toBe('');
    await hydrated(page);
    // A page the app renders (not the server) speaks the chosen language too, and a field error
    // comes from the French catalog.
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText(fr('field.required'), { exact: true }).first().waitFor();
    await page.goto('/mailing-list');
    await page.getByRole('heading', { level: 1, name: 'Liste d’envoi' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Liste d’envoi' }).waitFor();
  });

  async function frenchPage(size?: { width: number; height: number }): Promise<Page> {
    return newPage(browser, stack.baseUrl, { ...FRENCH, ...(size ? { viewport: size } : {}) });
  }

  it('at 360 px wide, no French page is wider than the screen, and axe finds nothing there', async () => {
    const page = await frenchPage(NARROW);
    const wide: string[] = [];
    for (const [path, heading] of [
      ['/', 'Prix'],
      ['/contact', 'Nous joindre'],
      ['/privacy', 'Politique de confidentialité'],
      ['/mailing-list', 'Liste d’envoi'],
      ['/results', 'Résultats'],
      ['/user/login', 'Connexion'],
      ['/user/register', 'Créer un compte'],
      ['/user/forgot', 'Mot de passe oublié'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > NARROW.width) wide.push(`${path}: ${width}px`);
      // French's longer words must not push a header link out of reach: axe's target-size (and
      // every other rule) at a phone's width.
      await hydrated(page);
      for (const line of await axeViolations(page)) wide.push(`${path} ${line}`);
      await page.screenshot({
        path: `/tmp/fr-360${path.replace(/\//g, '-') || '-home'}.png`,
        fullPage: true,
      });
    }
    expect(wide).toEqual([]);
  });

  it('axe finds nothing on the main French pages, in both schemes', async () => {
    const page = await frenchPage();
    const found: string[] = [];
    for (const [path, heading] of [
      ['/', 'Prix'],
      ['/contact', 'Nous joindre'],
      ['/user/login', 'Connexion'],
      ['/user/register', 'Créer un compte'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await hydrated(page);
      for (const line of await axeViolationsInBothSchemes(page)) found.push(`${path} ${line}`);
    }
    expect(found).toEqual([]);
  });

  it('a parent on a phone signs up in French, verifies from the French e-mail, registers two children to pay at the door and gets the French receipt', async () => {
    const page = await frenchPage(PHONE);
    await page.goto('/user/register');
    await page.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor();
    await hydrated(page);
    await page.getByLabel(label('auth.field.firstName')).fill('Camille');
    await page.getByLabel(label('auth.field.lastName')).fill('Gagnon');
    await page.getByLabel(label('auth.field.email')).fill('camille@example.com');
    await page.getByLabel(label('auth.field.phoneNumber')).fill('705 555 0177');
    await page.locator('input[name="password"]').fill('kata-et-kumite');
    await page.locator('input[name="confirmPassword"]').fill('kata-et-kumite');
    await page.getByLabel(label('auth.field.addressLine1')).fill('12, rue du Dojo');
    await page.getByLabel(label('auth.field.city')).fill('Elliot Lake');
    await page.getByLabel(label('auth.field.postalCode')).fill('P5A 1A1');
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await page.waitForURL('**/user/pending');
    await page.getByRole('heading', { name: /Merci d’avoir créé un compte, Camille/ }).waitFor();

    // The verification e-mail is in French (the account took the language it signed up in).
    const mail = await stack.mail.waitFor((m) => addressText(m.to).includes('camille@example.com'));
    expect(mail.subject).not.toMatch(/verify|account/i);
    expect(mail.text).toMatch(/courriel|compte/);
    const link = /https?:\/\/\S+\/user\/verification\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByText(/Votre compte a été vérifié/).waitFor();

    await page.goto('/user/login');
    await hydrated(page);
    await page.getByLabel(label('auth.field.email')).fill('camille@example.com');
    await page.getByLabel(/^Mot de passe/).fill('kata-et-kumite');
    await page.getByRole('button', { name: fr('auth.login.button') }).click();
    await page.waitForURL(/\/customer\/registration\/\d+$/);
    const registrationPath = new URL(page.url()).pathname;

    for (const [first, born] of [
      ['Léa', '2015-04-02'],
      ['Noé', '2013-09-20'],
    ] as const) {
      await page.getByRole('link', { name: fr('registration.competitors.add') }).click();
      await page.getByRole('heading', { name: fr('registration.competitor.addTitle') }).waitFor();
      await page.getByLabel(label('common.field.firstName')).fill(first);
      await page.getByLabel(label('common.field.lastName')).fill('Gagnon');
      await page.getByLabel(label('common.competitor.dateOfBirth')).fill(born);
      await page.getByLabel(label('common.competitor.gender')).selectOption('2');
      await page.getByLabel(label('common.competitor.level')).selectOption({ index: 1 });
      await page.getByRole('checkbox', { name: /^Forms/ }).check();
      await page.getByLabel(label('common.competitor.emergencyName')).fill('Dominique Gagnon');
      await page.getByLabel(label('common.competitor.emergencyPhone')).fill('7055550123');
      await page.getByLabel(label('common.competitor.relationship')).fill('Parent');
      await page.getByLabel(/parent ou tuteur/).check();
      await page.getByRole('button', { name: fr('registration.competitor.save') }).click();
      await page.getByText(`${first} Gagnon`).first().waitFor();
    }
    // Two competitors at the online price, in Canadian French money.
    await expect.poll(() => page.getByTestId('registration-total').textContent()).toMatch(/90,00\s\$/);

    await page.getByRole('button', { name: fr('registration.page.continue') }).click();
    await page
      .getByRole('button', { name: new RegExp(`^${fr('registration.confirmation.payDoor')}`) })
      .click();
    await page.waitForURL('**/receipt');
    await page.getByRole('img', { name: 'Code QR pour les arrivées' }).waitFor();
    expect(await page.getByTestId('balance-owing').textContent()).toMatch(/90,00\s\$/);
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    await page.screenshot({ path: '/tmp/fr-receipt.png', fullPage: true });

    const receipt = await stack.mail.waitFor(
      (m) =>
        addressText(m.to).includes('camille@example.com') &&
        /\b[23456789A-HJKMNP-Z]{8}\b/.test(m.subject ?? ''),
    );
    expect(receipt.text).toMatch(/Solde dû\s*:\s*90,00\s\$/);
    expect(receipt.html || '').toContain('alt="Code QR pour les arrivées"');

    // The family's own pages hold at 360 px in French too.
    const receiptPath = new URL(page.url()).pathname;
    await page.setViewportSize(NARROW);
    const wide: string[] = [];
    for (const path of [receiptPath, registrationPath, '/customer/home']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await hydrated(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > NARROW.width) wide.push(`${path}: ${width}px`);
    }
    expect(wide).toEqual([]);
  });
  /** A staff screen in a French-speaking browser, signed in as `user`, after its first sync. */
  async function staffScreen(
    user: Person,
    path: string,
    heading: Parameters<typeof fr>[0],
    viewport: { width: number; height: number },
  ): Promise<Page> {
    const page = await frenchPage(viewport);
    await storeSession(page, stack, user);
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: fr(heading) }).waitFor();
    await page
      .getByTestId('sync-last')
      .filter({ hasText: fr('common.sync.lastSynced', { time: '' }).trim() })
      .waitFor({ timeout: 30_000 });
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    return page;
  }

  it('a director lays out the rings, a ring tablet runs a division and a TV shows it, all in French', async () => {
    const tournament = await nextTournament(stack);
    await registerKids(stack, family, GIRLS, tournament);
    await publishDivisions(stack, tournament);

    // The director, at a laptop: adds a ring and puts the division on it.
    const desk = await staffScreen(director, '/admin/rings', 'page.rings', { width: 1280, height: 800 });
    await desk.getByLabel(fr('rings.setup.newName')).fill('Aire 1');
    await desk.getByRole('button', { name: fr('rings.setup.add') }).click();
    await desk.getByRole('region', { name: 'Aire 1', exact: true }).waitFor();
    const title = (await desk
      .getByTestId('division-card')
      .filter({ hasText: /\b16-17\b/ })
      .getAttribute('aria-label'))!;
    await desk.getByLabel(fr('rings.board.moveTo', { division: title })).selectOption({ label: 'Aire 1' });
    await desk
      .getByRole('button', { name: fr('rings.board.moveLabel', { division: title }), exact: true })
      .click();
    await expect
      .poll(() =>
        desk.getByRole('region', { name: 'Aire 1', exact: true }).getByTestId('division-card').count(),
      )
      .toBe(1);
    await expect
      .poll(() => desk.getByTestId('sync-pending').textContent(), { timeout: 15_000 })
      .toBe(fr('common.sync.allSent'));
    expect(await englishOn(desk)).toEqual([]);

    // The TV beside the ring speaks French because its address asks for it (the browser is English).
    const tvContext = await browser.newContext({
      baseURL: stack.baseUrl,
      viewport: { width: 1920, height: 1080 },
    });
    try {
      const tv = await tvContext.newPage();
      await tv.goto('/signage/ring-assignments?lang=fr');
      await tv.getByRole('heading', { level: 1, name: fr('signage.heading') }).waitFor();
      await tv.getByRole('region', { name: 'Aire 1', exact: true }).waitFor({ timeout: 30_000 });
      expect(await tv.getAttribute('html', 'lang')).toBe('fr-CA');

      // The ring tablet: starts the division, scores it, completes it.
      const ring = await staffScreen(director, '/admin/matchday', 'page.matchday', {
        width: 1024,
        height: 768,
      });
      await ring.getByLabel(fr('matchday.ring'), { exact: true }).selectOption({ label: 'Aire 1' });
      await ring.getByRole('button', { name: fr('matchday.start.label', { title }) }).click();
      // Nobody is checked in: the tablet asks first, in French (decision 050), and starts with everyone.
      const question = ring.getByRole('dialog', { name: fr('matchday.start.absent.title', { title }) });
      await question.getByRole('button', { name: fr('matchday.start.absent.everyone') }).click();
      await ring.getByTestId('current-division').waitFor();
      // The TV shows it running within moments.
      await expect
        .poll(
          () =>
            tv
              .getByRole('region', { name: 'Aire 1', exact: true })
              .getByTestId('signage-current')
              .textContent(),
          { timeout: 15_000 },
        )
        .toContain(title);
      expect(await englishOn(tv)).toEqual([]);

      for (const [i, kid] of GIRLS.entries()) {
        const name = `${kid.first} ${family.last}`;
        // Each judge's field ("Pointage du juge 2 pour Zoé …"), however many judges the event has.
        const fields = ring.getByLabel(
          new RegExp(
            `^${escaped(fr('matchday.scores.label', { judge: 999, name })).replace('999', '\\d+')}$`,
          ),
        );
        const judges = await fields.count();
        expect(judges).toBeGreaterThan(0);
        for (let j = 0; j < judges; j++) {
          await fields.nth(j).fill(String(9 - i));
          await fields.nth(j).press('Enter');
        }
      }
      await expect
        .poll(() => ring.getByTestId('placings').getByRole('listitem').allTextContents())
        .toEqual(
          GIRLS.map((kid, i) => `${fr('matchday.place', { place: i + 1 })}${kid.first} ${family.last}`),
        );
      expect(await englishOn(ring)).toEqual([]);
      await ring.getByRole('button', { name: fr('matchday.complete') }).click();
      // The question before ending the running division speaks French too.
      const ask = ring.getByRole('dialog', { name: fr('matchday.complete.title', { title }) });
      await ask.waitFor();
      expect(await englishOn(ring)).toEqual([]);
      await ask.getByRole('button', { name: fr('matchday.complete.confirm') }).click();
      await ring.getByTestId('completed-division').filter({ hasText: title }).waitFor();
      await expect
        .poll(() => ring.getByTestId('sync-pending').textContent(), { timeout: 15_000 })
        .toBe(fr('common.sync.allSent'));
      // Its ring's only division done (the day itself still ahead), the TV shows the tournament
      // and what comes next instead of an empty ring card (decision 022), in French.
      const nextLabel = fr('signage.next', { what: '\u0000', time: '' }).split('\u0000')[0]!;
      await expect.poll(() => tv.locator('main').textContent(), { timeout: 15_000 }).toContain(nextLabel);
      expect(await tv.getByRole('region', { name: 'Aire 1', exact: true }).count()).toBe(0);
    } finally {
      await tvContext.close();
    }
  });
});
