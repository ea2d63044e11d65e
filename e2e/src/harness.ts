import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

// The one import for end-to-end tests. The bench imports ./stack.ts and ./browser.ts
// directly, because this module needs the vitest runner.
export { launchBrowser, CHROMIUM_FLAGS, CHROMIUM_PATH, type Browser } from './browser.ts';
export { startStack, freePort, REPO_ROOT } from './stack.ts';
export type { ApiResult, Role, Stack, StackOptions, StackUser } from './stack.ts';
export { addressText, startMailCatcher, type MailCatcher, type ParsedMail } from './mail-catcher.ts';

const errorsByPage = new WeakMap<Page, Error[]>();

/**
 * A page in a context of its own (fresh storage), with `baseURL` set so tests can
 * `page.goto('/contact')`. Uncaught errors in the page (`pageerror`) are collected; when
 * called inside a test, the test fails at its end if any occurred. A page made outside a
 * test (in `beforeAll`) must be checked with `assertNoPageErrors(page)`.
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  /** More of the context: `{ locale: 'fr-CA' }` for a French-speaking browser, a viewport. */
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ ...options, baseURL: baseUrl });
  const page = await context.newPage();
  const errors: Error[] = [];
  errorsByPage.set(page, errors);
  page.on('pageerror', (err) => errors.push(err));
  try {
    onTestFinished(() => assertNoPageErrors(page));
  } catch {
    // Not inside a test: the caller checks with assertNoPageErrors.
  }
  return page;
}

/**
 * Waits until the app answers on the page. The public pages (home, contact, privacy, sign-in,
 * sign-up) arrive rendered by the server (decision 020): a script that types, scrolls or
 * clicks before hydration tests the plain HTML (a link loads a new page, a field shows no
 * message yet), not the app. A visitor's page starts the app only when they first act on it
 * (decision 031).
 */
export async function hydrated(page: Page): Promise<void> {
  // A visitor's public page starts the app at their first touch, key or focus (decision 031):
  // a Shift press is such a sign and changes nothing on the page.
  if (!(await page.locator('html[data-interactive]').count())) await page.keyboard.press('Shift');
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

/** The uncaught errors a page made with `newPage` has thrown so far. */
export function pageErrors(page: Page): Error[] {
  return errorsByPage.get(page) ?? [];
}

export function assertNoPageErrors(page: Page): void {
  const errors = pageErrors(page);
  if (errors.length === 0) return;
  const lines = errors.map((e) => `  ${e.stack ?? e.message}`);
  throw new Error(`Uncaught error(s) in the page ${page.url()}:\n${lines.join('\n')}`);
}

/**
 * `page.evaluate` that gives up after `ms`. A page stuck in a navigation (a reload waiting on
 * a service worker that never takes over) never answers a plain evaluate, and `expect.poll`
 * awaits each call: the test would end at its own timeout without saying which step hung.
 */
export function evaluateWithin<R>(page: Page, fn: () => R | Promise<R>, ms = 5_000): Promise<R> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the page did not answer within ${ms} ms (${page.url()})`)),
      ms,
    );
  });
  return Promise.race([page.evaluate(fn), late]).finally(() => clearTimeout(timer));
}
