import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { loggablePath, logger } from '../lib/logger.ts';
import { LOCALE_TAGS, translatorFor, type Locale } from '@tournament/shared';
import { pageLocale, requestLocale } from './locale.ts';
import type { PublicPages } from './public-pages.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Text types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli at its highest level and gzip at 9, off the event loop (zlib's thread pool). */
async function compressBoth(identity: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

interface Encoded {
  key: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else (index.html,
 * the service worker, the manifest) revalidated every time, and index.html for any other
 * path so the client router takes it (SPA fallback). Text files are sent brotli- or
 * gzip-compressed when the browser accepts it, compressed once per file version and kept.
 * With `pages`, the public pages a visitor lands on are sent rendered with their content
 * (decision 020), compressed once per rendered version.
 *
 * No visitor waits for compression: a file is sent as it is until its compressed forms are
 * ready. At start the whole app is compressed in the background, one file at a time, so
 * brotli's highest level never fills zlib's thread pool (which file reads share) while the
 * first visitors arrive. `ready` settles when that first pass is done.
 */
export function webApp(distDir: string, pages?: PublicPages, compressText = compressBoth) {
  const root = path.resolve(distDir);
  const encoded = new Map<string, Encoded>();
  const rendered = new Map<string, { html: string; entry: Encoded }>();
  /** Compressions in flight, by file and version, so a file is compressed once. */
  const compressing = new Map<string, Promise<void>>();

  async function compress(identity: Buffer, key: string): Promise<Encoded> {
    return { key, identity, ...(await compressText(identity)) };
  }

  /** The page at `rel` rendered on the server, compressed, or undefined for the plain shell. */
  async function renderedPage(rel: string, shell: Encoded, locale: Locale): Promise<Encoded | undefined> {
    if (!pages) return undefined;
    const html = await pages.render(rel, shell.identity.toString('utf8'), root, locale);
    if (html === undefined) return undefined;
    const key = `${locale} ${rel}`;
    let hit = rendered.get(key);
    if (hit?.html !== html) {
      const page = { html, entry: { key: shell.key, identity: Buffer.from(html) } as Encoded };
      rendered.set(key, page);
      void compress(page.entry.identity, shell.key).then(
        (done) => {
          if (rendered.get(key) === page) page.entry = done;
        },
        () => undefined, // the plain page is still sent
      );
      hit = page;
    }
    return hit.entry;
  }

  /** The entry of `file` as last read (plain or compressed), re-read when the file changed. */
  async function read(file: string): Promise<Encoded | undefined> {
    let stat;
    try {
      stat = await fs.stat(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const key = `${stat.mtimeMs}:${stat.size}`;
    const hit = encoded.get(file);
    if (hit?.key === key) return hit;
    const entry: Encoded = { key, identity: await fs.readFile(file) };
    if (encoded.get(file)?.key !== key) encoded.set(file, entry);
    return encoded.get(file);
  }

  /** Compresses `file`'s current version once (off the event loop, in zlib's thread pool). */
  function compressFile(file: string, entry: Encoded): Promise<void> {
    if (entry.br || !COMPRESSIBLE.has(path.extname(file)) || entry.identity.length <= 1024) {
      return Promise.resolve();
    }
    const id = `${file} ${entry.key}`;
    let running = compressing.get(id);
    if (!running) {
      running = compress(entry.identity, entry.key).then(
        (done) => {
          if (encoded.get(file)?.key === done.key) encoded.set(file, done);
        },
        () => undefined, // the plain file is still sent
      );
      running.finally(() => compressing.delete(id)).catch(() => undefined);
      compressing.set(id, running);
    }
    return running;
  }

  /** `file` as it can be sent now; its compression starts if it has not yet. */
  async function load(file: string): Promise<Encoded | undefined> {
    const entry = await read(file);
    if (entry) void compressFile(file, entry);
    return entry;
  }

  /**
   * The app's manifest with its name and description in the reader's language (decision 037): an
   * installed app is named in the language it was installed in. The build writes the English.
   */
  const manifests = new Map<string, Encoded>();
  async function localManifest(file: string, locale: Locale): Promise<Encoded | undefined> {
    const built = await load(file);
    if (!built || locale === 'en') return built;
    const key = `${locale} ${built.key}`;
    let hit = manifests.get(key);
    if (!hit) {
      const t = translatorFor(locale).t;
      const manifest = JSON.parse(built.identity.toString('utf8')) as Record<string, unknown>;
      const text = JSON.stringify({
        ...manifest,
        lang: LOCALE_TAGS[locale],
        name: t('app.manifest.name'),
        description: t('app.manifest.description'),
      });
      hit = { key, identity: Buffer.from(text) };
      manifests.set(key, hit);
    }
    return hit;
  }

  function send(c: Context, file: string, entry: Encoded, immutable: boolean) {
    c.header('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    // Sent plain until compressed, then compressed: either way it varies with the encoding.
    if (COMPRESSIBLE.has(path.extname(file)) && entry.identity.length > 1024) {
      c.header('Vary', 'Accept-Encoding', { append: true });
    }
    if (!entry.br || !entry.gzip) return c.body(new Uint8Array(entry.identity), 200);
    const accepts = c.req.header('Accept-Encoding') ?? '';
    if (/\bbr\b/.test(accepts)) {
      c.header('Content-Encoding', 'br');
      return c.body(new Uint8Array(entry.br), 200);
    }
    if (/\bgzip\b/.test(accepts)) {
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(entry.gzip), 200);
    }
    return c.body(new Uint8Array(entry.identity), 200);
  }

  // Compress the shell and its assets in the background at start, one file at a time.
  const ready = (async () => {
    let names: string[];
    try {
      names = await fs.readdir(root, { recursive: true });
    } catch {
      return; // not built yet: each file is compressed at its first request
    }
    for (const name of names) {
      const file = path.join(root, name);
      const entry = await read(file);
      if (entry) await compressFile(file, entry);
    }
  })();

  const handler = async (c: Context) => {
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      rel = '/'; // a malformed escape is no file of ours: the app takes it
    }
    const file = path.resolve(root, `.${rel}`);
    if (rel === '/manifest.webmanifest') {
      const manifest = await localManifest(file, requestLocale(c));
      if (manifest) {
        c.header('Vary', 'Cookie, Accept-Language');
        return send(c, file, manifest, false);
      }
    }
    const asset = file.startsWith(root + path.sep) ? await load(file) : undefined;
    if (asset) return send(c, file, asset, /\/assets\/.+-[\w-]{8,}\.\w+$/.test(rel));
    const index = path.join(root, 'index.html');
    const page = await load(index);
    if (page) {
      let withContent: Encoded | undefined;
      try {
        withContent = await renderedPage(rel, page, pageLocale(c));
        // The same address is rendered in the reader's language.
        if (withContent) c.header('Vary', 'Cookie, Accept-Language', { append: true });
      } catch (err) {
        // The plain shell still works (the browser renders the page): log it and send that.
        logger.error(
          { err: String(err), path: loggablePath(rel) },
          'server rendering of a public page failed',
        );
      }
      return send(c, index, withContent ?? page, false);
    }
    return c.text('The web app is not built yet: run `npm start` (it builds first) or `npm run build`.', 503);
  };
  return Object.assign(handler, { ready });
}
