import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs as its own process in development; in production one server serves both (ARCHITECTURE.md).
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

// Vendor groups: libraries every screen needs load once and cache across deploys of our own code.
// Anything a lazy route alone uses (dates, markdown, drag and drop) stays with that route.
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
  {
    name: 'vendor-router',
    test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 3,
  },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    // WEB_OUT_DIR lets parallel work build side by side (the server reads WEB_DIST to serve it).
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The CSP forbids inline scripts; keep the module preload polyfill out of index.html.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rolldownOptions: {
      // packages/domain is pure (no I/O, no global side effects): let unused rule modules, and zod with
      // them, drop out of chunks that only need roles and permissions.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id),
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
