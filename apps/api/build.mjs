// Bundles the server (and @dd/domain) into dist/server.js; packages from node_modules stay external.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// API_DIST (relative to apps/api, default dist) lets parallel work build side by side; it must stay inside
// the repository so the bundle still resolves its packages from node_modules.
const out = process.env.API_DIST ?? 'dist';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: `${out}/server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // @dd/domain is our own TypeScript: bundle it rather than leave it external.
  plugins: [
    {
      name: 'bundle-domain',
      setup(b) {
        b.onResolve({ filter: /^@dd\/domain$/ }, () => ({
          path: new URL('../../packages/domain/src/index.ts', import.meta.url).pathname,
        }));
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
cpSync('drizzle', `${out}/drizzle`, { recursive: true });
console.log(`built apps/api/${out}/server.js`);
