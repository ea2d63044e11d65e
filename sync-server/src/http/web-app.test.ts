import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from './web-app.ts';

// The built web app as a browser gets it: compressed, cached by kind, SPA fallback.

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><title>NOMAC</title>${'<!-- pad -->'.repeat(200)}`,
);
fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123xy.js'), script);
fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const handler = webApp(dist);
const app = new Hono().get('*', handler);
const get = (p: string, encoding?: string) =>
  app.request(p, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

describe('serving the web app', () => {
  beforeAll(() => handler.ready);

  it('sends hashed assets brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('revalidates index.html and the service worker on every visit', async () => {
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache');
    const sw = await get('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toContain('text/javascript');
  });

  it('never makes a visitor wait for compression: the plain file until the compressed one is ready', async () => {
    // A compressor that finishes only when the test says so, as brotli's highest level on a
    // large bundle does seconds after the server starts.
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const slow = webApp(dist, undefined, async (identity) => {
      await held;
      return { br: zlib.brotliCompressSync(identity), gzip: zlib.gzipSync(identity) };
    });
    const slowApp = new Hono().get('*', slow);
    const first = await slowApp.request('/assets/index-AbC123xy.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBeNull();
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    expect(await first.text()).toBe(script);

    finish();
    await slow.ready;
    const later = await slowApp.request('/assets/index-AbC123xy.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(later.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await later.arrayBuffer())).toString()).toBe(script);
  });

  it('answers index.html for client routes, unknown files and malformed paths', async () => {
    for (const p of ['/customer/home', '/no-such-file.js', '/%E0%A4%A', '/../../etc/passwd']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toContain('<title>NOMAC</title>');
    }
  });
});

describe('the app manifest', () => {
  const manifestDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nomac-manifest-'));
  fs.writeFileSync(path.join(manifestDist, 'index.html'), '<!doctype html><title>NOMAC</title>');
  fs.writeFileSync(
    path.join(manifestDist, 'manifest.webmanifest'),
    JSON.stringify({
      name: 'Northern Ontario Martial Arts Championship',
      short_name: 'NOMAC',
      start_url: '/',
    }),
  );
  afterAll(() => fs.rmSync(manifestDist, { recursive: true, force: true }));
  const manifestApp = new Hono().get('*', webApp(manifestDist));

  it('names the app in the reader’s language', async () => {
    const fr = await manifestApp.request('/manifest.webmanifest', {
      headers: { 'Accept-Language': 'fr-CA' },
    });
    const french = (await fr.json()) as Record<string, string>;
    expect(french.name).toBe('Championnat d’arts martiaux du Nord de l’Ontario');
    expect(french.lang).toBe('fr-CA');
    expect(french.short_name).toBe('NOMAC');
    expect(fr.headers.get('vary')).toContain('Accept-Language');
    const en = await manifestApp.request('/manifest.webmanifest', { headers: { Cookie: 'lang=en' } });
    expect(((await en.json()) as Record<string, string>).name).toBe(
      'Northern Ontario Martial Arts Championship',
    );
  });
});
