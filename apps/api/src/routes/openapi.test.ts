import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { LIST_PARAMETERS } from './list-parameters.ts';

type Operation = {
  'x-streaming'?: boolean;
  parameters?: Array<{ name: string; in: string; schema?: Record<string, unknown> }>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await buildTestApp();
  doc = structuredClone(t.app.swagger()) as unknown as OpenApi;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

const REDOCLY_CONFIG = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));
const redoclyBin = () =>
  join(createRequire(import.meta.url).resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');

describe('the OpenAPI document (/api/docs/json)', () => {
  it('passes Redocly CLI lint with its recommended rules: no error, no warning (redocly.yaml says what is off)', async () => {
    // An installation's document: its servers are its PUBLIC_URL, its application key asked for.
    const installed = await buildTestApp({ publicUrl: 'https://portal.agency.test', appKeys: ['k'] });
    const file = join(await mkdtemp(join(tmpdir(), 'dd-openapi-')), 'openapi.json');
    await writeFile(file, JSON.stringify(installed.app.swagger()));
    await installed.close();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [redoclyBin(), 'lint', file, '--config', REDOCLY_CONFIG, '--format=json', '--max-problems=1000'],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
    const problems = (
      JSON.parse(stdout) as {
        problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
      }
    ).problems;
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  }, 60_000);

  it('gives every operation a unique operationId', () => {
    const ids = operations().map(({ op }) => (op as { operationId?: string }).operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares the media types the server answers with: JSON:API except the health check and git webhooks', () => {
    for (const { name, op } of operations()) {
      const types = Object.values(op.responses).flatMap((r) => Object.keys(r.content ?? {}));
      const plain = name === 'GET /api/health' || name.includes(' /api/webhooks/');
      expect(types.includes('application/json'), name).toBe(plain);
    }
  });

  it('declares the report’s CSV answer beside its JSON:API one', () => {
    const answer = doc.paths['/api/project/{id}/report']!.get!.responses['200']!;
    expect(Object.keys(answer.content ?? {}).sort()).toEqual(['application/vnd.api+json', 'text/csv']);
    expect(JSON.stringify(doc)).not.toContain('x-also-answers');
  });

  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('documents a success answer with its body for every operation (204 has none)', () => {
    for (const { name, op } of operations()) {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, name).toBeGreaterThan(0);
      for (const [status, answer] of success) {
        if (status === '204') expect(answer.content, name).toBeUndefined();
        else expect(Object.values(answer.content ?? {})[0]?.schema, `${name} ${status}`).toBeDefined();
      }
    }
  });

  it('documents the JSON:API error document of every 4xx answer (the health check excepted)', () => {
    for (const { name, op } of operations()) {
      if (name === 'GET /api/health') continue;
      const errors = Object.keys(op.responses).filter((s) => s.startsWith('4'));
      expect(errors, name).toEqual(expect.arrayContaining(['400', '401', '403']));
      for (const status of errors) {
        const schema = Object.values(op.responses[status]?.content ?? {})[0]?.schema as {
          properties?: Record<string, unknown>;
        };
        expect(Object.keys(schema?.properties ?? {}), `${name} ${status}`).toEqual(['errors']);
      }
    }
  });

  it('spells out the list parameters instead of a free-form object', () => {
    for (const { name, op } of operations()) {
      const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(names, name).not.toContain('type');
      expect(names, name).not.toContain('additionalProperties');
    }
    for (const [key, list] of Object.entries(LIST_PARAMETERS)) {
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      const params = new Map((op?.parameters ?? []).map((p) => [p.name, p.schema ?? {}]));
      expect(params.has('page[size]'), key).toBe(true);
      if (list.paged) expect(params.has('page[page]'), key).toBe(true);
      if (list.sorts.length > 0) expect(params.get('sort')?.pattern, key).toBeTypeOf('string');
      if (list.includes.length > 0) expect(params.get('include')?.pattern, key).toBeTypeOf('string');
      if (Object.keys(list.filters).length === 0) continue;
      expect(params.get('filter[0][0]')?.enum, key).toEqual([...new Set(Object.values(list.filters).flat())]);
      expect(params.get('filter[0][1]')?.enum, key).toEqual(Object.keys(list.filters));
      expect(params.has('filter[0][2]'), key).toBe(true);
    }
  });

  it('the list patterns accept what the lists accept and refuse the rest', () => {
    const op = doc.paths['/api/project/search']?.get;
    const sort = new RegExp(String(op?.parameters?.find((p) => p.name === 'sort')?.schema?.pattern));
    expect(sort.test('-created,title')).toBe(true);
    expect(sort.test('password_hash')).toBe(false);
  });
});

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};

/** The resource schemas a document schema's `data` and `included` can hold. */
function resourcesOf(schema: Schema | undefined): Schema[] {
  if (!schema) return [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap(resourcesOf);
  if (schema.items) return resourcesOf(schema.items);
  // Only an object can be a resource (`null`, which OpenAPI 3.0 writes as `nullable`, is none).
  if (schema.type !== 'object' && !schema.properties) return [];
  return [schema];
}

/**
 * Whether a success answer is the generic JSON:API document (any resource, attributes not listed):
 * true when `data` or `included` may hold a resource whose `attributes` name no field.
 */
function isGenericDocument(schema: Schema): boolean {
  const { data, included } = schema.properties ?? {};
  return [...resourcesOf(data), ...resourcesOf(included)].some((resource) => {
    const attributes = resource.properties?.attributes;
    return !attributes?.properties;
  });
}

describe('every success answer is described', () => {
  const described = () =>
    operations().map(({ name, op }) => {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      const generic = success.some(([status, answer]) => {
        if (status === '204') return false;
        const [mediaType, media] = Object.entries(answer.content ?? {})[0] ?? [];
        // Not JSON (an event stream, a calendar, a download): documented by its media type.
        if (mediaType && !/json/.test(mediaType)) return false;
        return isGenericDocument((media?.schema ?? {}) as Schema);
      });
      return { name, generic };
    });

  // A new operation must describe its answer: a zod schema in packages/domain/src/api/ as its route's
  // `response` (the generic document of plugins/app/responses.ts is only a fallback).
  it('field by field (or as 204, a stream or another media type)', () => {
    const generic = described()
      .filter((o) => o.generic)
      .map((o) => o.name);
    expect(generic, 'answers given as the generic JSON:API document').toEqual([]);
    expect(described().length).toBeGreaterThan(100);
  });

  it('marks a stream as such: GET /api/events is text/event-stream and x-streaming', () => {
    const events = doc.paths['/api/events']?.get;
    expect(events?.['x-streaming']).toBe(true);
    expect(Object.keys(events?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    const streaming = operations().filter(({ op }) => op['x-streaming']);
    expect(streaming.map((o) => o.name)).toEqual(['GET /api/events']);
    expect(Object.keys(doc.paths['/api/calendar/{file}']?.get?.responses['200']?.content ?? {})).toEqual([
      'text/calendar',
    ]);
  });
});

describe('media types', () => {
  it('/api/health answers plain application/json', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok', database: expect.any(String) });
  });

  it('answers a body of another media type with the documented 415, not an undocumented status', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/link/create',
      headers: { 'content-type': 'text/xml' },
      payload: '<link/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0]).toMatchObject({ status: '415' });
    expect(doc.paths['/api/link/create']?.post?.responses['415']).toBeDefined();
  });

  it('other /api answers are JSON:API', async () => {
    const res = await t.app.inject({ url: '/api/app-config' });
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  });
});
