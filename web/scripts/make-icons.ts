// Draws the app icons (web app manifest, decision 010) as PNG with no dependency beyond node:zlib.
// Run once after changing the design: `npx tsx web/scripts/make-icons.ts`; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const BACKGROUND = [0x0b, 0x12, 0x20] as const; // the dark theme colour
const RING = [0xdc, 0x26, 0x26] as const; // red ring (a competition ring seen from above)
const MARK = [0xff, 0xff, 0xff] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG of `size` pixels square; `safe` is the fraction of the side the drawing may use. */
function icon(size: number, safe: number): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const c = size / 2;
  const outer = (size * safe) / 2;
  const inner = outer * 0.78;
  const bar = outer * 0.16;
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - c;
      const dy = y + 0.5 - c;
      const d = Math.hypot(dx, dy);
      let px: readonly number[] = BACKGROUND;
      if (d <= outer && d >= inner) px = RING;
      // An "N" inside the ring: two uprights and a diagonal.
      const half = inner * 0.55;
      if (Math.abs(dy) <= half) {
        const left = Math.abs(dx + half * 0.8) <= bar / 2;
        const right = Math.abs(dx - half * 0.8) <= bar / 2;
        const diag = Math.abs(dx - dy * 0.8) <= bar * 0.6 && Math.abs(dx) <= half * 0.8;
        if (left || right || diag) px = MARK;
      }
      raw.set(px, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = (name: string) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));
writeFileSync(out('icon-192.png'), icon(192, 0.9));
writeFileSync(out('icon-512.png'), icon(512, 0.9));
// Maskable: the platform may crop to a circle of 80% of the side, so draw inside it.
writeFileSync(out('icon-maskable-512.png'), icon(512, 0.7));
writeFileSync(out('apple-touch-icon.png'), icon(180, 0.9));
