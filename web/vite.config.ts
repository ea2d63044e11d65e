import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * `@shared/<module>.ts` reaches one module of the shared package directly. Code in the main
 * bundle (app shell, lib, home page, route files) imports zod-free modules this way: the
 * package index also builds every zod schema at module level, which cannot be tree-shaken and
 * would add zod (about 40 KB gzip) to every public page. Lazy pages may import `@tournament/shared`.
 */
export const sharedAlias = { '@shared': fileURLToPath(new URL('../shared/src', import.meta.url)) };

// Dev server on this engineer's port range; the API runs on :3000 (DESIGN.md section 3).
const API = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: sharedAlias },
  server: {
    port: Number(process.env.VITE_PORT ?? 3100),
    proxy: { '/api': API, '/sync': API },
  },
  preview: { port: Number(process.env.VITE_PREVIEW_PORT ?? 3101) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Staff areas are lazy routes (web/src/app/routes.tsx), so they land in chunks of their own.
    chunkSizeWarningLimit: 400,
  },
});
