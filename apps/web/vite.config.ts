import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every built script and stylesheet, compressed once at the highest level:
 * the server sends those as they are (@fastify/static preCompressed) instead of compressing about 1 MB of
 * JavaScript per cold page load on the request path, which held its event loop for hundreds of ms.
 */
function precompress(): Plugin {
  return {
    name: 'dd-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const source = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

// The API runs as its own process in development; in production one server serves both (ARCHITECTURE.md).
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

// Chunk groups (issue 13 §2: a page needs about ten files, not fifty). The libraries every screen needs
// are one chunk, cached across deploys of our own code; whatever else the entry imports statically (shell,
// Mantine's base, the api client) is the entry chunk. Lazy code that two or more screens share is grouped
// by what it is for (UI components, forms and rules, markdown, time zones, our own shared modules), each
// loaded with the first screen that needs it; anything a single lazy route alone uses stays in its chunk.
const NODE_MODULES = /node_modules[\\/]/;
const LAZY_LIBRARY_GROUPS: Array<[RegExp, string]> = [
  [/node_modules[\\/](marked|dompurify)[\\/]/, 'lib-markdown'],
  [/node_modules[\\/](zod|@mantine[\\/]form)[\\/]/, 'lib-forms'],
  [/node_modules[\\/]luxon[\\/]/, 'lib-time'],
];
const chunkGroups = [
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/][^\\/]+)[\\/]/,
    priority: 5,
  },
  { name: 'app', tags: ['$initial' as const], priority: 4 },
  {
    debugName: 'lazy libraries',
    name: (id: string) => LAZY_LIBRARY_GROUPS.find(([test]) => test.test(id))?.[1] ?? 'lib-ui',
    test: NODE_MODULES,
    minShareCount: 2,
    priority: 3,
  },
  { name: 'shared', test: (id: string) => !NODE_MODULES.test(id), minShareCount: 2, priority: 2 },
];

export default defineConfig({
  plugins: [react(), precompress()],
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
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
