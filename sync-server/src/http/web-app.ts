import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';

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

/**
 * Serves the built web app: hashed assets cached for a year, everything else (index.html,
 * the service worker, the manifest) revalidated every time, and index.html for any other
 * path so the client router takes it (SPA fallback).
 */
export function webApp(distDir: string) {
  const root = path.resolve(distDir);
  return async (c: Context) => {
    const rel = decodeURIComponent(new URL(c.req.url).pathname);
    const file = path.resolve(root, `.${rel}`);
    if (file.startsWith(root + path.sep) && (await isFile(file))) {
      return send(c, file, /\/assets\/.+-[\w-]{8,}\.\w+$/.test(rel));
    }
    const index = path.join(root, 'index.html');
    if (await isFile(index)) return send(c, index, false);
    return c.text('The web app is not built yet: run `npm start` (it builds first) or `npm run build`.', 503);
  };
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isFile();
  } catch {
    return false;
  }
}

async function send(c: Context, file: string, immutable: boolean) {
  const body = await fs.readFile(file);
  c.header('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
  c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  return c.body(body, 200);
}
