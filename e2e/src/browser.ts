import { chromium, type Browser } from 'playwright-core';

export type { Browser };

/** Debian's Chromium: never a downloaded browser (STACK-NOTES.md). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Without the last two flags Chromium keeps trying the network here (STACK-NOTES.md);
 * the sandbox needs privileges the test machines do not give.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}
