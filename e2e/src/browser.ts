import { chromium, type Browser } from 'playwright-core';

export type { Browser };

/** Debian's Chromium: never a downloaded browser (docs/stack-notes.md). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Without the last two flags Chromium keeps trying the network here (docs/stack-notes.md);
 * the sandbox needs privileges the test machines do not give.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export interface LaunchOptions {
  /**
   * A camera that films this file (Y4M or MJPEG) over and over, granted without asking
   * (Chromium's fake capture device): e.g. a receipt's QR code for the check-in scanner.
   */
  fakeCamera?: string;
}

export function launchBrowser(opts: LaunchOptions = {}): Promise<Browser> {
  const camera = opts.fakeCamera
    ? [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${opts.fakeCamera}`,
      ]
    : [];
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...camera],
  });
}
