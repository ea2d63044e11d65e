import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * `@shared/<module>.ts` reaches one module of the shared package directly. Code in the main
 * bundle (app shell, lib, home page, route files) imports zod-free modules this way: the
 * package index also builds every zod schema at module level, which cannot be tree-shaken and
 * would add zod (about 40 KB gzip) to every public page. Lazy pages may import `@tournament/shared`.
 */
export const sharedAlias = { '@shared': fileURLToPath(new URL('../shared/src', import.meta.url)) };

/** `@web/<path>` is a module of this app by its path from web/src, from any depth. */
export const aliases = { ...sharedAlias, '@web': fileURLToPath(new URL('./src', import.meta.url)) };

// Dev server on this engineer's port range; the API runs on :3000 (docs/design.md §3).
const API = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Installable PWA (decision 010): the service worker is sw/src/sw.ts, built with the precache
    // manifest injected; web/src/sync/pwa.tsx registers it (no injected script).
    // The server's render of the public pages (decision 020) is built into dist-ssr/ by a
    // second, SSR build; the service worker and its manifest belong to the browser build only.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: '../sw/src',
        filename: 'sw.ts',
        injectRegister: false,
        registerType: 'prompt',
        includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        },
        manifest: {
          name: 'Northern Ontario Martial Arts Championship',
          short_name: 'NOMAC',
          description:
            'Registration, check-in and matchday of the Northern Ontario Martial Arts Championship.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#0b1220',
          background_color: '#0b1220',
          icons: [
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
      }),
  ],
  resolve: { alias: aliases },
  // The SSR bundle is self-contained: the server imports one file, whatever node_modules holds.
  ssr: { noExternal: true },
  publicDir: isSsrBuild ? false : 'public',
  server: {
    port: Number(process.env.VITE_PORT ?? 3100),
    proxy: { '/api': API, '/sync': API },
  },
  preview: { port: Number(process.env.VITE_PREVIEW_PORT ?? 3101) },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    // Staff areas are lazy routes (web/src/app/routes.tsx), so they land in chunks of their own.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // jsPDF's optional helpers for .html() and SVG, which the division sheets' PDF (drawn with
      // text and lines) never calls: left out of the build, so an install that skipped these
      // optional packages (npm does so silently) still builds.
      external: ['canvg', 'html2canvas', 'dompurify'],
      // The SSR bundle is one file: the server imports it afresh after a rebuild (`?v=`), and a
      // lazy page's chunk importing `../entry-server.js` would get a second copy of the entry,
      // with React Router's contexts of its own (the page then rendered outside its router).
      ...(isSsrBuild ? { output: { inlineDynamicImports: true } } : {}),
    },
  },
}));
