#!/usr/bin/env node
// `npm run deps:check` (issue 43 §5): which runtime dependencies are behind their newest version, whether
// that version's engines accept the Node the README names, and what advisories the lock file carries.
// It never passes by default: when the registry or its advisory service cannot be reached it says so and
// exits 2, so "nothing found" always means "asked and nothing found" (docs/dependencies.md).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
/** The oldest Node the README supports: a newer version must accept it. */
export const SUPPORTED_NODE = '20.19.0';

/**
 * npm's JSON, or why it is no answer: npm reports a failure as `{ error }`, and a registry that refuses
 * the advisory request (405 here, where only the registry is reachable) as the HTTP answer itself.
 */
export function answerOf(json) {
  if (typeof json.message === 'string' && json.uri) return { failed: json.message };
  if (json.error) return { failed: json.error.summary || json.error.code || 'npm failed' };
  return { json };
}

/** Runs npm; its JSON answer, or the reason it gave none (npm exits 1 when something is outdated). */
async function npmJson(args) {
  try {
    const { stdout } = await run('npm', args, { cwd: root, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
    return answerOf(JSON.parse(stdout || '{}'));
  } catch (error) {
    try {
      return answerOf(JSON.parse(error.stdout || ''));
    } catch {
      return {
        failed: String(error.stderr || error.message)
          .trim()
          .split('\n')
          .at(-1),
      };
    }
  }
}

/** Whether an engines.node range admits `version`: the forms our dependencies use (>=, ^, ||, x). */
export function enginesAccept(range, version = SUPPORTED_NODE) {
  if (!range || range.trim() === '*') return true;
  const [major, minor] = version.split('.').map(Number);
  return range.split('||').some((part) => {
    const bounds = part.trim().split(/\s+/).filter(Boolean);
    return bounds.every((bound) => {
      const m = /^(>=|\^|~|>|<=|<)?v?(\d+)(?:\.(\d+|x))?/.exec(bound);
      if (!m) return true;
      const [, op = '^', maj, min = '0'] = m;
      const bMaj = Number(maj);
      const bMin = min === 'x' ? 0 : Number(min);
      const cmp = major !== bMaj ? major - bMaj : minor - bMin;
      if (op === '>=') return cmp >= 0;
      if (op === '>') return cmp > 0;
      if (op === '<') return cmp < 0;
      if (op === '<=') return cmp <= 0;
      return major === bMaj && cmp >= 0; // ^ and ~ at the precision we need
    });
  });
}

/** The report's lines from `npm outdated` and `npm audit` answers (pure, for the test). */
export function report({ outdated, engines, audit }) {
  const lines = [];
  let unknown = false;
  if (outdated.failed) {
    lines.push(`versions: the registry could not be asked (${outdated.failed}); NOT CHECKED`);
    unknown = true;
  } else {
    const behind = Object.entries(outdated.json).filter(([, v]) => v.current !== v.latest);
    lines.push(`versions: ${behind.length} runtime dependencies behind their newest version`);
    for (const [name, v] of behind.sort(([a], [b]) => a.localeCompare(b))) {
      const range = engines[name];
      const node = range === undefined ? '' : enginesAccept(range) ? '' : ` (newest needs node ${range})`;
      lines.push(`  ${name} ${v.current} → ${v.latest} [${v.dependent}]${node}`);
    }
  }
  if (audit.failed) {
    lines.push(`advisories: the advisory service could not be reached (${audit.failed}); NOT CHECKED`);
    unknown = true;
  } else {
    const found = Object.values(audit.json.vulnerabilities ?? {});
    lines.push(`advisories: ${found.length} packages with known advisories`);
    for (const v of found) lines.push(`  ${v.name} (${v.severity}) ${v.range}`);
  }
  return { lines, unknown };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdated = await npmJson([
    'outdated',
    '--json',
    '--omit=dev',
    '--workspaces',
    '--include-workspace-root',
  ]);
  const engines = {};
  for (const name of Object.keys(outdated.json ?? {})) {
    const answer = await npmJson(['view', `${name}@latest`, 'engines', '--json']);
    engines[name] = answer.json?.node ?? (answer.failed ? undefined : '*');
  }
  const audit = await npmJson(['audit', '--json', '--omit=dev']);
  const { lines, unknown } = report({ outdated, engines, audit });
  for (const line of lines) console.log(line);
  process.exit(unknown ? 2 : 0);
}
