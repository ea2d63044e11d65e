import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Dev server on this engineer's port range; the API runs on :3000 (DESIGN.md section 3).
const API = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
