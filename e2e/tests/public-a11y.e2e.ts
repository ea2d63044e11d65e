import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, COLOUR_RULES } from '../src/axe.ts';
import { hydrated, launchBrowser, newPage, startStack, type Browser, type Stack } from '../src/harness.ts';

// The public pages (decision 008): axe-core finds nothing on every public page in both schemes; the
// scheme follows the system until chosen and the choice is remembered; screenshots of the home page
// for a look.
const SCHEMES = ['light', 'dark'] as const;
const PAGES: [string, string][] = [
  ['/', 'Northern Ontario Martial Arts Championship'],
  ['/contact', 'Contact Us'],
  ['/privacy', 'Privacy Policy'],
  ['/mailing-list', 'Mailing List'],
];

/** Every rule in the light scheme; in the dark one, the rules a change of colours can break. */
const violations = (page: Page, scheme: 'light' | 'dark') =>
  axeViolations(page, scheme === 'dark' ? COLOUR_RULES : undefined);

describe('accessibility and colour schemes of the public pages', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function open(path: string, heading: string, scheme: 'light' | 'dark') {
    const page = await newPage(browser, stack.baseUrl);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // The home page arrives rendered by the server: its buttons work once the app has hydrated.
    await hydrated(page);
    return page;
  }

  for (const scheme of SCHEMES) {
    it.each(PAGES)(`axe finds no violations on %s (${scheme})`, async (path, heading) => {
      const page = await open(path, heading, scheme);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        scheme === 'dark',
      );
      expect(await violations(page, scheme)).toEqual([]);
    });

    it(`axe finds no violations on the contact form showing its errors (${scheme})`, async () => {
      const page = await open('/contact', 'Contact Us', scheme);
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Value is required', { exact: true }).first().waitFor();
      expect(await violations(page, scheme)).toEqual([]);
    });

    it(`the home page in ${scheme} (screenshot for a look)`, async () => {
      const page = await open('/', 'Northern Ontario Martial Arts Championship', scheme);
      await page.getByRole('heading', { name: 'Venue' }).waitFor();
      const file = `/tmp/public-home-${scheme}.png`;
      await page.screenshot({ path: file, fullPage: true });
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === 'dark' ? 'rgb(11, 18, 32)' : 'rgb(255, 255, 255)');
    });
  }

  it('the scheme toggle works by keyboard and is remembered', async () => {
    const page = await open('/', 'Northern Ontario Martial Arts Championship', 'light');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Switch to dark mode' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await isDark()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await isDark()).toBe(true);
  });

  it('a skip link leads keyboard users past the header', async () => {
    const page = await open('/', 'Northern Ontario Martial Arts Championship', 'light');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });
});
