import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ANSWERS } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredResponses } from '../plugins/app/responses.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The contract end to end: every operation the web app reads is read through `read('METHOD /api/...')`
 * (apps/web/src/lib/api-client.ts), typed from ANSWERS in packages/domain, and the route answers with
 * that very schema object. What the web still reads untyped is listed below, to be emptied.
 */

/** Operations the web still calls with a raw `api.get/post/patch/delete` (not yet typed from ANSWERS). */
const NOT_YET = new Set<string>([]);
/** Web files whose raw calls name no fixed path (a lookup chosen at run time): not yet typed. */
const NOT_YET_FILES = new Set<string>([]);

const WEB = join(import.meta.dirname, '../../../web/src');

function webSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

type RawCall = { file: string; method: string; path: string | null };

/** `api.get('/user/search'`, `api.post(\`/project/${id}/observer\``: method and path ({} for a parameter). */
function rawCalls(): RawCall[] {
  const calls: RawCall[] = [];
  for (const path of webSources(WEB)) {
    const file = relative(WEB, path);
    if (file === 'lib/api-client.ts') continue;
    const source = readFileSync(path, 'utf8');
    for (const match of source.matchAll(
      /\bapi\.(get|post|patch|delete)\b(?:<[^(]*?>)?\(\s*(['`])?([^'`,)]*)/g,
    )) {
      const [, method = '', quote, text = ''] = match;
      const literal = quote ? text.replace(/\$\{[^}]*\}/g, '{}') : null;
      calls.push({ file, method: method.toUpperCase(), path: literal });
    }
  }
  return calls;
}

/** `read('GET /api/user/{id}'`: the operations the web reads through the contract. */
function typedReads(): Array<{ file: string; operation: string }> {
  return webSources(WEB).flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(/\bread\b(?:<[^(]*?>)?\(\s*'([A-Z]+ \/api\/[^']*)'/g)].map(
      (match) => ({ file: relative(WEB, path), operation: match[1] ?? '' }),
    ),
  );
}

let t: TestApp;
let operations: string[];
beforeAll(async () => {
  t = await buildTestApp();
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(() => t.close());

/** The OpenAPI operation a raw call reaches: a `{}` segment matches a `{param}` segment only. */
function operationOf(call: RawCall): string | undefined {
  if (call.path === null || call.path.startsWith('/{}')) return undefined;
  const segments = `/api${call.path.split('?')[0]}`.split('/');
  return operations.find((operation) => {
    const [method, path = ''] = operation.split(' ');
    const parts = path.split('/');
    return (
      method === call.method &&
      parts.length === segments.length &&
      parts.every((part, i) => (segments[i] === '{}' ? /^\{\w+\}$/.test(part) : part === segments[i]))
    );
  });
}

describe('the web reads every answer through the domain schema of its operation', () => {
  it('each ANSWERS entry is an operation of the OpenAPI document whose route answers with that very schema', () => {
    for (const [operation, schema] of Object.entries(ANSWERS)) {
      expect(operations, operation).toContain(operation);
      const route = operation.replace(/\{(\w+)\}/g, ':$1');
      const success = Object.entries(declaredResponses.get(route) ?? {})
        .filter(([status]) => status.startsWith('2'))
        .map(([, value]) => value);
      expect(success.length, `${operation} declares a success answer`).toBeGreaterThan(0);
      for (const declared of success)
        expect(declared === schema, `${operation}: same schema object`).toBe(true);
    }
  });

  it('every typed read names an ANSWERS operation', () => {
    const reads = typedReads();
    expect(reads.length).toBeGreaterThan(0);
    for (const { file, operation } of reads) expect(Object.keys(ANSWERS), file).toContain(operation);
  });

  it('every OpenAPI operation the web calls untyped is on the not-yet list, and the list holds nothing more', () => {
    const calls = rawCalls();
    const untyped = new Set<string>();
    const untypedFiles = new Set<string>();
    for (const call of calls) {
      const operation = operationOf(call);
      if (operation) untyped.add(operation);
      else untypedFiles.add(call.file);
    }
    for (const operation of operations) {
      if (untyped.has(operation)) expect(NOT_YET, `${operation} is read untyped`).toContain(operation);
      else expect(NOT_YET, `${operation} is no longer read untyped`).not.toContain(operation);
    }
    expect([...untypedFiles].sort()).toEqual([...NOT_YET_FILES].sort());
    for (const operation of NOT_YET) expect(Object.keys(ANSWERS), operation).not.toContain(operation);
  });
});
