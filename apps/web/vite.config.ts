import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, OutputBundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

/**
 * The screens worth announcing in index.html, by the path the page request asks for: the server adds a
 * <link rel=modulepreload> for each file of the screen's chunk and its static imports (apps/api web-app
 * plugin, `route-preloads.json`), so they download while the entry script runs instead of after it.
 * `session` says for whom: a signed-in page request (session cookie) or an anonymous one.
 */
const PRELOADED_SCREENS: Array<{ path: string; session: 'signed-in' | 'anonymous'; screen: string }> = [
  { path: '/login/signin', session: 'anonymous', screen: 'src/features/auth/components/sign-in-page.tsx' },
  {
    path: '/project/daily-updates/:id',
    session: 'signed-in',
    screen: 'src/features/project-page/components/daily-updates-page.tsx',
  },
  {
    path: '/project/tasks/:id',
    session: 'signed-in',
    screen: 'src/features/task-board/components/task-board-page.tsx',
  },
  {
    path: '/projects-table',
    session: 'signed-in',
    screen: 'src/features/projects/components/projects-table-page.tsx',
  },
  { path: '/calls', session: 'signed-in', screen: 'src/features/calls/components/calls-page.tsx' },
  {
    path: '/get-started',
    session: 'anonymous',
    screen: 'src/features/get-started/components/get-started-page.tsx',
  },
];

/** The bundle's chunks, and the files a set of chunks loads statically (themselves included). */
function chunkGraph(bundle: OutputBundle) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[]): Set<string> => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry);
  const initial = closure(entry ? [entry.fileName] : []);
  const screenChunk = (screen: string) =>
    chunks.find((c) => c.facadeModuleId?.endsWith(`/apps/web/${screen}`));
  return { byFile, closure, initial, screenChunk };
}

/** Emits route-preloads.json: per PRELOADED_SCREENS path, the files its screen needs beyond the entry's. */
function routePreloads(): Plugin {
  return {
    name: 'dd-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { byFile, closure, initial, screenChunk } = chunkGraph(bundle);
      const routes = PRELOADED_SCREENS.flatMap(({ path: routePath, session, screen }) => {
        const chunk = screenChunk(screen);
        if (!chunk) return [];
        const files = [...closure([chunk.fileName])].filter((f) => !initial.has(f));
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return [
          { path: routePath, session, scripts: files.map((f) => `/${f}`), styles: css.map((f) => `/${f}`) },
        ];
      });
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify({ routes }) });
    },
  };
}

/**
 * index.html preloads the global stylesheets (src/app/styles.ts), which the entry script applies: they
 * download with the scripts, as a render-blocking <link> did, but no longer hold back the page's own
 * loading state (docs/adr/0037-stylesheets-that-do-not-block.md).
 */
const GLOBAL_STYLES = 'src/app/styles.ts';
function stylePreload(): Plugin {
  return {
    name: 'dd-style-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        // A module that only imports stylesheets leaves no script chunk: its stylesheet is the asset the
        // build names after it.
        const css = Object.values(bundle ?? {})
          .filter((a) => a.type === 'asset' && a.originalFileNames.includes(GLOBAL_STYLES))
          .map((a) => a.fileName);
        if (css.length === 0) throw new Error(`dd-style-preload: no stylesheet found for ${GLOBAL_STYLES}`);
        // A stylesheet imported by a module of the entry would be linked from index.html again, blocking
        // the first paint and coming before Mantine's: global stylesheets belong in GLOBAL_STYLES.
        const entryCss = Object.values(bundle ?? {}).flatMap((c) =>
          c.type === 'chunk' && c.isEntry ? [...(c.viteMetadata?.importedCss ?? [])] : [],
        );
        if (entryCss.length > 0)
          throw new Error(
            `dd-style-preload: the entry imports ${entryCss.join(', ')}; import it in ${GLOBAL_STYLES}`,
          );
        return css.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Marks the first screens' large chunks (the entry's and PRELOADED_SCREENS' static closures) with V8's
 * explicit compile hint, `//# allFunctionsCalledOnLoad`: Chromium then compiles their functions while the
 * file streams in, on a background thread, instead of lazily on the main thread as each first runs. On a
 * phone's CPU that lazy compiling was most of the ~370 ms task in which the entry ran (docs/adr/0036).
 * Small files are not streamed, so a hint there would compile them eagerly on the main thread: skipped.
 * Lazy chunks keep V8's default, since most of their functions never run on a page load.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const STREAMED_BYTES = 30_000;
function compileHints(): Plugin {
  return {
    name: 'dd-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own steps, which rewrite the entry's code (its preload list goes first in the file).
      order: 'post',
      handler(_options, bundle) {
        const { byFile, closure, initial, screenChunk } = chunkGraph(bundle);
        const first = new Set(initial);
        for (const { screen } of PRELOADED_SCREENS) {
          const chunk = screenChunk(screen);
          if (chunk) for (const file of closure([chunk.fileName])) first.add(file);
        }
        for (const file of first) {
          const chunk = byFile.get(file);
          if (chunk && chunk.code.length >= STREAMED_BYTES) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}

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

// Chunk groups (docs/product.md §F5: a page needs about ten files, not fifty). The libraries every screen needs
// are one chunk, cached across deploys of our own code; whatever else the entry imports statically (shell,
// Mantine's base, the api client) is the entry chunk. Lazy code that two or more screens share is grouped
// by what it is for (UI components, forms and rules, markdown, time zones, our own shared modules), each
// loaded with the first screen that needs it; anything a single lazy route alone uses stays in its chunk.
const NODE_MODULES = /node_modules[\\/]/;
// Our own modules that import one of these libraries go with it: in the shared chunk they would make every
// screen that loads it load the library too (the sign-in page would fetch markdown and time zone code).
const LAZY_LIBRARY_GROUPS: Array<[RegExp, string]> = [
  [/node_modules[\\/](marked|dompurify)[\\/]|[\\/]src[\\/]lib[\\/]render-markdown\.ts$/, 'lib-markdown'],
  [/node_modules[\\/](zod|@mantine[\\/]form)[\\/]|[\\/]domain[\\/]src[\\/]validation[\\/]/, 'lib-forms'],
  [
    /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]|[\\/]src[\\/]lib[\\/]ui[\\/]date-range-inputs\.tsx$/,
    'lib-dates',
  ],
  [/node_modules[\\/]luxon[\\/]|[\\/]domain[\\/]src[\\/](slots|project-team)\.ts$/, 'lib-time'],
];
const inLazyLibrary = (id: string) => LAZY_LIBRARY_GROUPS.some(([test]) => test.test(id));
// Mantine's components that the project page's first screen does not draw (docs/adr/0029): dialogs, menus,
// popovers and selects with floating-ui, scroll areas, tables, choice and text-area inputs. Together more
// than half of lib-ui's bytes, opened on a click or used by other screens and forms. Our shared modules
// that import one of these by name go to a shared group of their own (sharedChunkName), so the project
// page's first paint waits for neither. A component the first screen starts drawing leaves this list.
const LATER_COMPONENTS = [
  'Autocomplete',
  'Chip',
  'Combobox',
  'FileInput',
  'FloatingIndicator',
  'Menu',
  'Modal',
  'ModalBase',
  'MultiSelect',
  'NumberInput',
  'Pill',
  'PillsInput',
  'Popover',
  'Radio',
  'ScrollArea',
  'SegmentedControl',
  'Select',
  'Table',
  'TagsInput',
  'Textarea',
  'Tooltip',
];
const LIB_UI_LATER = new RegExp(
  `node_modules[\\\\/](@floating-ui[\\\\/]|react-number-format[\\\\/]|@mantine[\\\\/]core[\\\\/]esm[\\\\/](utils[\\\\/]Floating[\\\\/]|components[\\\\/](${LATER_COMPONENTS.join('|')})[\\\\/]))`,
);
const MANTINE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;
const importsLaterUi = (id: string, ctx: ChunkingContext) =>
  [...(ctx.getModuleInfo(id)?.code ?? '').matchAll(MANTINE_IMPORT)].some((m) =>
    (m[1] ?? '').split(',').some((part) => LATER_COMPONENTS.includes(part.trim().split(/\s+as\s+/)[0] ?? '')),
  );
// Our modules that stay with the one screen importing them statically, though another loads them on
// demand: in a shared chunk, the sign-in request took the shared chunk and lib-ui onto the sign-in
// page's first paint (docs/adr/0029).
const OWN_SCREEN_ONLY = /[\\/]src[\\/]features[\\/]auth[\\/]api[\\/]login\.ts$/;
const inSharedGroup = (id: string) => !NODE_MODULES.test(id) && !OWN_SCREEN_ONLY.test(id);

const DOMAIN_BARREL = /[\\/]packages[\\/]domain[\\/]src[\\/](validation[\\/])?index\.ts$/;
const DOMAIN_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@dd\/domain["']/g;

/** The domain modules that define what a module imports from '@dd/domain' (its index re-exports all). */
function domainModulesUsedBy(id: string, ctx: ChunkingContext): string[] {
  const code = ctx.getModuleInfo(id)?.code ?? '';
  const names = [...code.matchAll(DOMAIN_IMPORT)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '',
      )
      .filter(Boolean),
  );
  if (names.length === 0) return [];
  const barrel = ctx.getModuleInfo(id)?.importedIds.find((i) => DOMAIN_BARREL.test(i));
  const definers = new Set<string>();
  const seen = new Set<string>();
  const walk = (moduleId: string) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const info = ctx.getModuleInfo(moduleId);
    if (!info) return;
    if (DOMAIN_BARREL.test(moduleId)) for (const next of info.importedIds) walk(next);
    else if (names.some((name) => info.exports.includes(name))) definers.add(moduleId);
  };
  if (barrel) walk(barrel);
  return [...definers];
}

/**
 * Our own modules that two or more screens share, grouped by the lazy libraries they import (statically,
 * directly or through other modules of ours): 'shared' needs none, 'shared-lib-forms' needs the forms
 * library. In one chunk, a filter form's date pickers and a create form's rules were loaded by every
 * screen that needed any shared module: the sign-in page and the project page loaded both. What a module
 * takes from '@dd/domain' is followed to the domain module that defines it, not through the index that
 * re-exports every rule (tree-shaking keeps only what is used).
 */
const sharedChunkNames = new Map<string, string>();
function sharedChunkName(id: string, ctx: ChunkingContext): string {
  // Both shared groups below ask for each module's name: walked once per build.
  const known = sharedChunkNames.get(id);
  if (known) return known;
  const needs = new Set<string>();
  const seen = new Set<string>();
  const visit = (moduleId: string) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const library = LAZY_LIBRARY_GROUPS.find(([test]) => test.test(moduleId))?.[1];
    if (library) {
      needs.add(library);
      return;
    }
    if (NODE_MODULES.test(moduleId)) return;
    if (importsLaterUi(moduleId, ctx)) needs.add('lib-ui-later');
    for (const next of ctx.getModuleInfo(moduleId)?.importedIds ?? []) {
      if (DOMAIN_BARREL.test(next)) for (const used of domainModulesUsedBy(moduleId, ctx)) visit(used);
      else visit(next);
    }
  };
  visit(id);
  const name = ['shared', ...[...needs].sort()].join('-');
  sharedChunkNames.set(id, name);
  return name;
}
// Rolldown puts a captured module's dependencies in its group too (includeDependenciesRecursively), so
// lib-ui (every other library) captures before the named libraries: when it came after them, Mantine's
// Input and Popover went into lib-dates with the date pickers, and the sign-in page, the project page and
// the board all loaded the date pickers for their text inputs.
const chunkGroups = [
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/][^\\/]+)[\\/]/,
    priority: 7,
  },
  { name: 'app', tags: ['$initial' as const], priority: 6 },
  // The sign-in page's Mantine components (text and password inputs, checkbox, alert), apart from the
  // rest of lib-ui: the sign-in page then loads ~15 KB of UI library instead of ~77 KB (docs/adr/0029).
  {
    name: 'lib-ui-inputs',
    test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|Checkbox|Alert)[\\/]/,
    minShareCount: 2,
    priority: 5.5,
  },
  // lib-ui captures before lib-ui-later: Mantine's helpers that both use (contexts, keyboard handlers,
  // focus trap) then stay in lib-ui, or lib-ui would import lib-ui-later for them.
  {
    name: 'lib-ui',
    test: (id: string) => NODE_MODULES.test(id) && !inLazyLibrary(id) && !LIB_UI_LATER.test(id),
    minShareCount: 2,
    priority: 5.2,
  },
  { name: 'lib-ui-later', test: LIB_UI_LATER, minShareCount: 2, priority: 5 },
  // Zod- and luxon-free domain rules that a lazy library's module imports as well (slots.ts uses the
  // zone check): captured before the libraries, or the first screens would load lib-time for them
  // (docs/adr/0029). A chunk of their own: a second group named 'shared' makes a second file anyway.
  {
    name: 'shared-rules',
    test: /[\\/]domain[\\/]src[\\/]timezone\.ts$/,
    minShareCount: 2,
    priority: 4.5,
  },
  {
    debugName: 'lazy libraries',
    name: (id: string) => LAZY_LIBRARY_GROUPS.find(([test]) => test.test(id))?.[1] ?? null,
    test: inLazyLibrary,
    minShareCount: 2,
    priority: 4,
  },
  // First the shared modules that need no lazy library: captured first, they keep their dependencies
  // (which need none either) out of the chunks below.
  {
    name: (id: string, ctx: ChunkingContext) => (sharedChunkName(id, ctx) === 'shared' ? 'shared' : null),
    test: inSharedGroup,
    minShareCount: 2,
    priority: 3,
  },
  { name: sharedChunkName, test: inSharedGroup, minShareCount: 2, priority: 2 },
];

export default defineConfig({
  plugins: [react(), routePreloads(), stylePreload(), compileHints(), precompress()],
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
