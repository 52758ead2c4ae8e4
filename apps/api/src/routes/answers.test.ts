import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ANSWERS } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredResponses } from '../plugins/app/responses.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The contract end to end: every operation the web app reads is read through `read('METHOD /api/...')`
 * (apps/web/src/lib/api-client.ts), typed from ANSWERS in packages/domain, and the route answers with
 * that very schema object. No feature calls the untyped `api.get/post/patch/delete`, and the one answer
 * read outside `read` (an upload sent with XMLHttpRequest for its progress) names its operation too.
 */

const WEB = join(import.meta.dirname, '../../../web/src');

function webSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

type RawCall = { file: string; method: string; path: string | null };

/** `api.get('/user/search'`, `api\n  .post(\`/project/${id}/observer\``: method and path ({} for a parameter). */
function rawCalls(): RawCall[] {
  const calls: RawCall[] = [];
  for (const path of webSources(WEB)) {
    const file = relative(WEB, path);
    if (file === 'lib/api-client.ts') continue;
    const source = readFileSync(path, 'utf8');
    for (const match of source.matchAll(
      /\bapi\s*\.\s*(get|post|patch|delete)\b(?:<[^(]*?>)?\(\s*(['`])?([^'`,)]*)/g,
    )) {
      const [, method = '', quote, text = ''] = match;
      const literal = quote ? text.replace(/\$\{[^}]*\}/g, '{}') : null;
      calls.push({ file, method: method.toUpperCase(), path: literal });
    }
  }
  return calls;
}

/**
 * `read('GET /api/user/{id}'`, `read<'GET /api/task/search', ...>(`, and a document read by hand as
 * `deserialize<AnswerData<'POST /api/...'>>`: the operations the web reads through the contract.
 */
function typedReads(): Array<{ file: string; operation: string }> {
  return webSources(WEB).flatMap((path) =>
    [
      ...readFileSync(path, 'utf8').matchAll(
        /\bread\b(?:<\s*'[^']*'[^(]*?>)?\(\s*'([A-Z]+ \/api\/[^']*)'|\bdeserialize<AnswerData<'([A-Z]+ \/api\/[^']*)'/g,
      ),
    ].map((match) => ({ file: relative(WEB, path), operation: match[1] ?? match[2] ?? '' })),
  );
}

/** Documents deserialized outside the client's `read`, by file, with the type they were given. */
function handReadDocuments(): Array<{ file: string; call: string }> {
  return webSources(WEB).flatMap((path) => {
    const file = relative(WEB, path);
    if (file === 'lib/api-client.ts') return [];
    return [...readFileSync(path, 'utf8').matchAll(/\bdeserialize\b(?:<[^(]*?>)?\(/g)].map((match) => ({
      file,
      call: match[0],
    }));
  });
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

  it('no web request is read untyped: every call goes through read(), none through api.get/post/patch/delete', () => {
    const untyped = rawCalls().map(
      (call) => `${call.file}: ${operationOf(call) ?? `${call.method} ${call.path}`}`,
    );
    expect(untyped).toEqual([]);
  });

  it('a document read by hand (an XMLHttpRequest upload) is typed from its operation in ANSWERS', () => {
    for (const { file, call } of handReadDocuments())
      expect(call, file).toMatch(/^deserialize<AnswerData<'[A-Z]+ \/api\/[^']*'>>\($/);
  });
});
