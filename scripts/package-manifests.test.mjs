// Every package.json of the workspace: type packages (@types/*) are build-time only, so they sit in
// devDependencies and a production install (`npm ci --omit=dev`) never fetches them.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const workspaces = manifest('package.json').workspaces ?? [];

describe('package manifests', () => {
  it('lists the workspaces it checks', () => {
    expect(workspaces.length).toBeGreaterThan(2);
  });

  it.each(['.', ...workspaces])('%s keeps @types/* in devDependencies only', (folder) => {
    const {
      dependencies = {},
      optionalDependencies = {},
      peerDependencies = {},
    } = manifest(join(folder, 'package.json'));
    const types = Object.keys({ ...dependencies, ...optionalDependencies, ...peerDependencies }).filter(
      (name) => name.startsWith('@types/'),
    );
    expect(types).toEqual([]);
  });
});
