import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe-core's violations on the page as it is now (none expected), one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * axe-core's violations in the light and then the dark scheme (each line names its scheme),
 * the page left in the light scheme. Each scheme is measured once the page has switched to it
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
    for (const line of await axeViolations(page)) found.push(`${scheme} ${line}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
