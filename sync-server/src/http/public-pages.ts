import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  LOCALE_TAGS,
  LOCALES,
  type EventType,
  type Locale,
  type SiteSettings,
  type Tournament,
} from '@tournament/shared';
import { logger } from '../lib/logger.ts';

// Public pages sent as HTML with their content (docs/decisions/020-fast-public-pages.md).
// The web build's SSR bundle (web/dist-ssr/entry-server.js) renders the page with the cached
// public reads; the answers travel with it in a `type="application/json"` script (which CSP
// never runs) so the browser hydrates the same markup without reading them again. React
// escapes every text it renders, and the JSON is escaped for a script element, so a tournament
// field set in settings cannot become markup.
//
// A rendered page is kept per address and per version of its data: the read cache hands out
// the same objects until a change drops them (lib/cache.ts, here and on every server through
// NOTIFY), and the tournament list is a new object each UTC day, so a kept page is never stale.

/**
 * Addresses rendered on the server: the pages a visitor lands on. Add a page here only with
 * the e2e check (`public-server-rendered`) that it hydrates without a console error.
 */
export const SERVER_RENDERED_PATHS = new Set(['/', '/contact', '/privacy', '/user/login', '/user/register']);

export interface PageData {
  settings: SiteSettings;
  tournaments: Tournament[];
  eventTypes: EventType[];
}

interface SsrModule {
  renderPage(
    url: string,
    data: PageData,
    locale: Locale,
  ): Promise<{ html: string; meta?: { title: string; description: string } } | undefined>;
  scriptJson(value: unknown): string;
  PAGE_DATA_ID: string;
}

interface Kept {
  mod: SsrModule;
  shell: string;
  data: PageData;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Renders the public pages into the web app's shell. `ssrEntry` is the built SSR bundle;
 * when it is missing (a build without it, a test) `render` answers undefined and the plain
 * shell is sent, as before.
 */
export function publicPages(
  ssrEntry: string,
  loadData: () => Promise<PageData>,
  /** public/boot.js as the CSP's script hash allows it inline (app.ts), if it was there at start. */
  bootScript?: string,
  /** The site's address (PUBLIC_URL), for the pages' language alternates. */
  publicUrl = '',
) {
  let loaded: { version: number; module: Promise<SsrModule | undefined> } | undefined;
  const kept = new Map<string, Kept>();
  const inlinedCss = new Map<string, string>();

  /**
   * The SSR bundle of the same build as the shell being served, or undefined. The web build
   * writes the shell, then the SSR bundle: a bundle older than the shell is from an earlier
   * build (the browser build was run alone), whose markup would not hydrate, so the plain shell
   * is sent instead. A rebuilt bundle is imported afresh.
   */
  async function ssrModule(distDir: string): Promise<SsrModule | undefined> {
    let version: number;
    try {
      const [bundle, shell] = await Promise.all([
        fs.stat(ssrEntry),
        fs.stat(path.join(distDir, 'index.html')),
      ]);
      if (bundle.mtimeMs < shell.mtimeMs) {
        if (loaded?.version !== -1)
          logger.warn(
            'the SSR bundle is older than the web build: public pages are not server-rendered until `npm run build`',
          );
        loaded = { version: -1, module: Promise.resolve(undefined) };
        return undefined;
      }
      version = bundle.mtimeMs;
    } catch {
      return undefined;
    }
    if (loaded?.version !== version) {
      const module = (import(`${pathToFileURL(ssrEntry).href}?v=${version}`) as Promise<SsrModule>).catch(
        (err: unknown) => {
          logger.warn(
            { err: String(err) },
            'no server rendering of the public pages: the SSR bundle did not load',
          );
          return undefined;
        },
      );
      loaded = { version, module };
    }
    return loaded.module;
  }

  /** The shell's stylesheet inlined: the first paint needs no second request (decision 020). */
  async function inlineStylesheet(shell: string, distDir: string): Promise<string> {
    const link = /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/.exec(shell);
    if (!link?.[1]) return shell;
    let css = inlinedCss.get(link[1]);
    if (css === undefined) {
      try {
        css = await fs.readFile(path.join(distDir, link[1]), 'utf8');
      } catch {
        return shell;
      }
      inlinedCss.set(link[1], css);
    }
    // `</style` cannot occur in the built CSS in a way that matters, but never end the element early.
    return shell.replace(link[0], () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }

  return {
    /** The page at `pathname` with its content, or undefined to send the plain shell. */
    async render(
      pathname: string,
      shell: string,
      distDir: string,
      locale: Locale = 'en',
    ): Promise<string | undefined> {
      if (!SERVER_RENDERED_PATHS.has(pathname)) return undefined;
      const mod = await ssrModule(distDir);
      if (!mod) return undefined;
      const data = await loadData();
      const key = `${locale} ${pathname}`;
      const hit = kept.get(key);
      if (
        hit &&
        hit.mod === mod &&
        hit.shell === shell &&
        hit.data.settings === data.settings &&
        hit.data.tournaments === data.tournaments &&
        hit.data.eventTypes === data.eventTypes
      ) {
        return hit.html;
      }
      const page = await mod.renderPage(`http://localhost${pathname}`, data, locale);
      if (!page) return undefined;
      let html = await inlineStylesheet(shell, distDir);
      const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(html);
      // public/boot.js starts the app after the first paint (it reads this meta, so it comes
      // first); the app's chunks load then, not before.
      const appEntry = entry?.[1] ? `<meta name="app-entry" content="${entry[1]}" />` : '';
      if (entry) {
        html = html.replace(entry[0], '');
        html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
      }
      // The page's language, and its address in each language for search engines.
      const alternates = [
        ...LOCALES.map(
          (l) =>
            `<link rel="alternate" hreflang="${LOCALE_TAGS[l]}" href="${escapeHtml(`${publicUrl}${pathname}?lang=${l}`)}" />`,
        ),
        `<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${publicUrl}${pathname}`)}" />`,
      ].join('');
      html = html
        .replace(/<html lang="[^"]*">/, `<html lang="${LOCALE_TAGS[locale]}">`)
        .replace('</head>', () => `${alternates}</head>`)
        // Inline, its hash in the CSP (app.ts): one request fewer before the first paint.
        .replace(
          '<script src="/boot.js"></script>',
          () =>
            appEntry +
            (bootScript === undefined
              ? '<script src="/boot.js"></script>'
              : `<script>${bootScript}</script>`),
        )
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${page.html}</div><script type="application/json" id="${mod.PAGE_DATA_ID}">${mod.scriptJson(data)}</script>`,
        );
      if (page.meta) {
        const { title, description } = page.meta;
        html = html
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
          .replace(
            /(<meta\s+name="description"\s+content=")[^"]*(")/,
            (_m, a: string, b: string) => `${a}${escapeHtml(description)}${b}`,
          );
      }
      kept.set(key, { mod, shell, data, html });
      return html;
    },
  };
}

export type PublicPages = ReturnType<typeof publicPages>;
