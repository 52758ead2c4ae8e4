// Every command the README names exists: `npm run X` is a script of the root package.json, `npm test --
// SUITE` names a suite of scripts/test.mjs, and `node FILE` / `tsx FILE` files are in the repository. And
// the step that installs the test suites' system needs says what to do instead of failing late.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensureSystemNeeds, SYSTEM_NEEDS } from './system-needs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
const testRunner = readFileSync(join(root, 'scripts/test.mjs'), 'utf8');
const suites = [...testRunner.matchAll(/key: '(\w+)'/g)].map((match) => match[1]);

/** Every inline code span of the README that starts with a command. */
const commands = [...readme.matchAll(/`([^`\n]+)`/g)]
  .map((match) => match[1].replace(/\\\|/g, '|').trim())
  .filter((code) => /^(npm|node|tsx|npx) /.test(code));

describe('the README names only commands that exist', () => {
  it('finds the two commands of the quick start', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toMatch(/```sh\nnpm test\n```/);
  });

  it('every npm script it names is in package.json', () => {
    const named = commands.flatMap((code) => {
      const run = code.match(/^npm run ([\w:-]+)/);
      if (run) return [run[1]];
      const bare = code.match(/^npm (start|test)\b/);
      return bare ? [bare[1]] : [];
    });
    expect(named).toEqual(expect.arrayContaining(['start', 'test', 'bench', 'seed:demo']));
    for (const name of named) expect(scripts, `npm run ${name}`).toHaveProperty([name]);
    for (const script of Object.keys(scripts)) {
      expect(readme, `the README's Scripts table names npm run ${script}`).toMatch(
        new RegExp(`\`npm (run )?${script.replace(/[:]/g, '\\:')}[ \`]`),
      );
    }
  });

  it('every suite it passes to npm test is one of scripts/test.mjs', () => {
    expect(suites).toEqual(['lint', 'typecheck', 'vitest', 'postgres', 'build', 'e2e']);
    for (const code of commands) {
      const part = code.match(/^npm test -- (.+)$/);
      if (!part) continue;
      for (const name of part[1].split(/\s+/)) expect(suites, code).toContain(name);
    }
  });

  it('every file it runs with node or tsx exists', () => {
    const files = commands.flatMap((code) =>
      [...code.matchAll(/(?:^|\s)((?:scripts|bench|e2e|apps)\/[\w./-]+\.(?:mjs|ts|js))/g)].map((m) => m[1]),
    );
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) expect(existsSync(join(root, file)), file).toBe(true);
  });
});

describe('system needs of the test suites', () => {
  it('lists Chromium, nginx and PgBouncer for the browser journeys only', () => {
    expect(SYSTEM_NEEDS.map((need) => need.apt)).toEqual(['chromium', 'nginx', 'pgbouncer']);
    for (const need of SYSTEM_NEEDS) expect(need.suites).toEqual(['e2e']);
  });

  it('asks for nothing when the chosen suites need nothing', () => {
    const lines = [];
    expect(ensureSystemNeeds(['lint', 'vitest'], (line) => lines.push(line))).toBe(true);
    expect(lines).toEqual([]);
  });
});
