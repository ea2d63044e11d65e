import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { codeFromScan } from './qr.ts';
import { decodeQrPixels, type Pixels } from './qr-decode.ts';

// jsdom has no canvas: the QR matrix comes from `qrcode.create()` and is drawn into an RGBA
// buffer here, as a camera frame drawn to a canvas would give it.

function render(text: string, { scale = 4, quiet = 4, offsetX = 0, offsetY = 0, extra = 0 } = {}): Pixels {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + quiet * 2) * scale;
  const width = side + offsetX + extra;
  const height = side + offsetY + extra;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const x = offsetX + (quiet + col) * scale + dx;
          const y = offsetY + (quiet + row) * scale + dy;
          const i = (y * width + x) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
      }
    }
  }
  return { data, width, height };
}

const b64url = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('QR decoding without BarcodeDetector', () => {
  it('reads the text of a QR code from RGBA pixels', () => {
    expect(decodeQrPixels(render('AB12CD34'))).toBe('AB12CD34');
  });

  it('reads the confirmation code of a receipt token through the scan path', () => {
    const token = `${b64url({ alg: 'HS256' })}.${b64url({ code: 'K7Q2M9PX', rid: 12 })}.c2lnbmF0dXJl`;
    const text = decodeQrPixels(render(token, { scale: 3, offsetX: 37, offsetY: 11, extra: 60 }));
    expect(text).toBe(token);
    expect(codeFromScan(text!)).toBe('K7Q2M9PX');
  });

  it('finds nothing in a frame without a QR code', () => {
    const blank = { data: new Uint8ClampedArray(200 * 150 * 4).fill(255), width: 200, height: 150 };
    expect(decodeQrPixels(blank)).toBeNull();
  });
});
