import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The axe rules whose outcome depends on colours: all a page in its second colour scheme can
 * newly fail. The scheme changes CSS colours only (the `dark` class), not the page's structure,
 * names or roles, so the other rules would repeat the first scheme's verdict at the same cost.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core's violations on the page as it is now (none expected), one line each; with `rules`,
 * only those rules run.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (rules ? builder.withRules(rules) : builder).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * axe-core's violations in the light and then the dark scheme (each line names its scheme),
 * the page left in the light scheme: every rule in light, the colour rules in dark. Each scheme is measured once the page has switched to it
 * and its colour fades have ended: a button measured mid-fade fails contrast in neither scheme.
 */
export async function axeViolationsInBothSchemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(scheme === 'dark');
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    const rules = scheme === 'dark' ? COLOUR_RULES : undefined;
    for (const line of await axeViolations(page, rules)) found.push(`${scheme} ${line}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
