import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startStack, type Browser, type Stack } from '../src/harness.ts';
import { dana, parentsOf, portRange, registerFamily, tabletRack } from '../src/check-in-fixtures.ts';

// QR scanning on /admin/check-in with a camera: Chromium's fake capture device films a Y4M
// picture of a receipt's QR code (the check-in token from GET /api/registration/receipt/{id}),
// and the scanner must find that family.

const [quinnParent, otherParent] = parentsOf('QR');

let stack: Stack;
let browser: Browser;
let dir: string;
let token: string;
const rack = tabletRack(() => browser, portRange(3950, 20));

/** One Y4M frame (4:2:0, grey) of `text`'s QR code, black on white, centred, as large as fits. */
function qrY4m(text: string, width = 1280, height = 720): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor(Math.min(width, height) / (size + 8));
  expect(scale).toBeGreaterThanOrEqual(4);
  const side = (size + 8) * scale; // with a quiet zone of 4 modules
  const left = Math.floor((width - side) / 2) + 4 * scale;
  const top = Math.floor((height - side) / 2) + 4 * scale;
  const y = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        y.fill(
          16,
          (top + row * scale + dy) * width + left + col * scale,
          (top + row * scale + dy) * width + left + (col + 1) * scale,
        );
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
    Buffer.from('FRAME\n'),
    y,
    chroma,
  ]);
}

beforeAll(async () => {
  stack = await startStack({ users: [dana, quinnParent!, otherParent!] });
  const registrationId = await registerFamily(stack, quinnParent!, ['Quinn', 'Quill']);
  await registerFamily(stack, otherParent!, ['Rory']);
  // Completed (pay at the door, no Stripe here): the receipt and its QR code exist.
  const parentToken = await stack.signIn(quinnParent!.email, quinnParent!.password);
  const done = await stack.api(
    'POST',
    `/api/registration/checkout/${registrationId}`,
    undefined,
    parentToken,
  );
  expect(done.status).toBe(200);
  const receipt = await stack.api<{ checkInToken: string }>(
    'GET',
    `/api/registration/receipt/${registrationId}`,
    undefined,
    parentToken,
  );
  expect(receipt.status).toBe(200);
  token = receipt.json.checkInToken;
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomac-e2e-camera-'));
  const film = path.join(dir, 'receipt-qr.y4m');
  await fs.writeFile(film, qrY4m(token));
  browser = await launchBrowser({ fakeCamera: film });
}, 180_000);

afterAll(async () => {
  await rack.closeAll();
  await browser?.close();
  await stack?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('check-in QR scan', () => {
  it("scanning a receipt's QR code with the camera finds that family on /admin/check-in", async () => {
    const t = await rack.open(stack, dana);
    const { page } = t;
    await page.getByRole('button', { name: 'Check in Rory FamilyR', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Scan QR code' }).click();
    await page.getByRole('dialog', { name: "Scan the receipt's QR code" }).waitFor();
    // The scanner closes once it has read the code, and the list shows that family only.
    await page
      .getByRole('dialog')
      .waitFor({ state: 'detached', timeout: 30_000 })
      .catch(async (e: unknown) => {
        // Say what the scanner saw, so a failure here can be told apart: no camera, a camera
        // that films nothing, or frames the decoder cannot read.
        const seen = await page.evaluate(() => {
          const v = document.querySelector('video');
          return {
            video: v && {
              readyState: v.readyState,
              width: v.videoWidth,
              height: v.videoHeight,
              paused: v.paused,
            },
            alert: document.querySelector('[role="dialog"] [role="alert"]')?.textContent ?? null,
          };
        });
        throw new Error(`The scanner did not close: ${JSON.stringify(seen)}`, { cause: e });
      });
    await page.getByRole('button', { name: 'Check in Quinn FamilyQ', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Check in Quill FamilyQ', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Check in Rory FamilyR', exact: true }).count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: 'camera' }).count()).toBe(0);
  }, 120_000);
});
