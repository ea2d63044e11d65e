import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsInBothSchemes } from '../src/axe.ts';
import { hydrated, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// English and French (decision 037), in a real browser: a French-speaking visitor
// gets the public pages in French from the server, with no script; the switch changes the
// language and it is remembered; the French pages hold at 360 px and pass axe in both schemes.
const FRENCH = { locale: 'fr-CA' };
const NARROW = { width: 360, height: 740 };

describe('the site in French', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
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
    await page.getByText('Une valeur est requise', { exact: true }).first().waitFor();
    await page.goto('/mailing-list');
    await page.getByRole('heading', { level: 1, name: 'Liste d’envoi' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Liste d’envoi' }).waitFor();
  });

  async function frenchPage(size?: { width: number; height: number }): Promise<Page> {
    return newPage(browser, stack.baseUrl, { ...FRENCH, ...(size ? { viewport: size } : {}) });
  }

  it('at 360 px wide, no French page is wider than the screen', async () => {
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
});
