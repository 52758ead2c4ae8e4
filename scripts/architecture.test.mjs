// docs/ARCHITECTURE.md stays true: every folder it names exists, every top-level folder of apps/*/src and
// packages/*/src is named, and its folder table lists each folder once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const text = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');

/** `a/b/` code spans naming a folder of the repository (placeholders like `<area>` left out). */
const namedFolders = [
  ...new Set(
    [...text.matchAll(/`((?:\.ci|apps|packages|e2e|bench|scripts|docs)(?:\/[\w.-]+)*\/)`/g)].map((m) => m[1]),
  ),
];
/** The first cell of each row of the folder table. */
const tableRows = text
  .slice(text.indexOf('| folder | what it holds |'), text.indexOf('## Request path'))
  .split('\n')
  .map((line) => line.match(/^\| `([^`]+)` \|/)?.[1])
  .filter(Boolean);

const folders = (path) =>
  readdirSync(join(root, path)).filter((name) => statSync(join(root, path, name)).isDirectory());

describe('docs/ARCHITECTURE.md matches the tree', () => {
  it('names folders that exist', () => {
    expect(namedFolders.length).toBeGreaterThan(10);
    for (const folder of namedFolders) expect(existsSync(join(root, folder)), folder).toBe(true);
  });

  it('names every top-level folder of each app and package source', () => {
    const sources = [
      ...folders('apps').map((app) => `apps/${app}/src`),
      ...folders('packages').map((p) => `packages/${p}/src`),
    ];
    for (const source of sources) {
      for (const folder of folders(source)) {
        expect(text, `${source}/${folder}/`).toContain(`${source}/${folder}/`);
      }
    }
  });

  it('lists each folder once in its folder table', () => {
    expect(tableRows.length).toBeGreaterThan(15);
    expect(new Set(tableRows).size).toBe(tableRows.length);
  });
});
