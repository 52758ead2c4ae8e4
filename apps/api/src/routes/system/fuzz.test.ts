import type { Role } from '@dd/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCompany, buildProject, buildTeam, buildUser, withSessionAs } from '../../test/factories.ts';
import { isStreaming, listenOnFreePort, openBriefly } from '../../test/sse-client.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 11: a fuzz test over every operation of the app's own OpenAPI document, as an admin and as a
 * client. Operations, parameters and body shapes are read from the document, so a new route (or a newly
 * documented parameter) is fuzzed without touching this file. The cases are a table generated with a
 * fixed seed: the same requests every run. Bad ids (0, -1, 2^31, 2^53, text), strings with NUL,
 * 10,000-character strings, deep JSON and wrong types may only ever get a 2xx or 4xx answer, and nothing
 * may be logged as an unhandled error. A real record's id spelled oddly in a path (' 1', '0x3', '3.0',
 * '1e3', '+1', '01') must get a 4xx: it is not an id.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  minimum?: number;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** `oddId`: the case spells a real record's id oddly; it must be refused (4xx), never reach the record. */
type Case = { operation: string; what: string; request: InjectOptions; streaming: boolean; oddId?: boolean };
/** Ids of real records by resource name (project, user, task, sprint, tag, link, file...). */
type Fixtures = Record<string, number> & { project: number; user: number };

const NUL = 'fuzz\u0000value';
const LONG = 'x'.repeat(10_000);
const BAD_IDS: unknown[] = [0, -1, 2 ** 31, 2 ** 53, 'abc', '1\u0000'];
/** Odd spellings that a lenient number parse reads as the fixture's id (' 1', '0x3', '3.0', '1e3'...). */
const ODD_IDS = (id: number): string[] => [
  ` ${id}`,
  `${id} `,
  `0x${id.toString(16)}`,
  `${id}.0`,
  `${id}e0`,
  `+${id}`,
  `0${id}`,
];
const WRONG_TYPES: unknown[] = [
  true,
  null,
  {},
  [],
  { nested: [1, { a: NUL }] },
  1.5,
  '',
  -1,
  2 ** 31,
  2 ** 53,
];

/** Small deterministic PRNG (mulberry32), so the generated table is the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  return schema.type;
}

/** A plausible value for a schema, so a mutation of one field reaches as deep into the code as it can. */
function sample(schema: JsonSchema | undefined, name: string, fx: Fixtures): unknown {
  if (!schema) return 'value';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const pick = alternatives.find((s) => typeOf(s) !== 'null' && s.const === undefined) ?? alternatives[0];
    return sample(pick, name, fx);
  }
  if (schema.allOf?.length)
    return schema.allOf.reduce<Record<string, unknown>>(
      (all, part) => Object.assign(all, sample(part, name, fx) as Record<string, unknown>),
      {},
    );
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = sample(child, key, fx);
      return out;
    }
    case 'array':
      return [sample(schema.items, name, fx)];
    case 'integer':
    case 'number':
      return idByName(name, fx) ?? Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email' || /e-?mail|login/i.test(name)) return 'fuzz.person@example.com';
      if (/password/i.test(name)) return 'fuzz-pass-123';
      if (/timezone/i.test(name)) return 'America/New_York';
      if (schema.format === 'date-time' || /date|time|start|end/i.test(name))
        return '2031-01-06T17:00:00.000Z';
      return 'Fuzz value';
    default:
      return 'value';
  }
}

/** The fixture id a field or path segment names: task_id → the task, project → the project... */
function idByName(name: string, fx: Fixtures): number | undefined {
  const key = name.toLowerCase();
  for (const resource of ['task', 'sprint', 'tag', 'link', 'file', 'company', 'team', 'project'])
    if (key.includes(resource) && fx[resource] !== undefined) return fx[resource];
  if (/user|reporter|owner|requester|client/.test(key)) return fx.user;
  return undefined;
}

/** Each path parameter filled with the fixture of the resource the path names before it. */
function pathFixtures(template: string, names: string[], fx: Fixtures) {
  const segments = template.split('/');
  return Object.fromEntries(
    names.map((name) => {
      const at = segments.indexOf(`{${name}}`);
      const owner = name === 'id' ? (segments[at - 1] ?? '') : name.replace(/Id$/, '');
      return [name, idByName(owner, fx) ?? 1];
    }),
  );
}

/** Every leaf of a sampled body, as a path of keys and indexes. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? value.flatMap((v, i) => leaves(v, [...path, i])) : [path];
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([k, v]) => leaves(v, [...path, k])) : [path];
  }
  return [path];
}

function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = (body && typeof body === 'object' ? structuredClone(body) : {}) as Record<
    string | number,
    unknown
  >;
  let node = copy;
  const last = path.at(-1);
  if (last === undefined) return value;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[last] = value;
  return copy;
}

function pathWith(template: string, params: Record<string, unknown>) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

function queryString(params: Record<string, unknown>) {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v && typeof v === 'object')
        for (const [k, inner] of Object.entries(v))
          parts.push(`${encodeURIComponent(`${name}[${k}]`)}=${encodeURIComponent(String(inner))}`);
      else parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** List queries as the product's lists send them; harmless on routes that take no such parameters. */
const LIST_QUERIES = [
  'filter[0][0]=title&filter[0][1]=like&filter[0][2]=fuzz%00value',
  `filter[0][0]=id&filter[0][1]=%3D&filter[0][2]=${2 ** 53}`,
  `page[page]=${2 ** 53}&page[size]=-1`,
  'sort=%00&include=%00',
  `project_id=${2 ** 31}`,
  `filter[project_id]=${2 ** 31}`,
  'filter[0][0][0][0][0]=deep',
];

/** The request table for one role: deterministic for a given document and seed. */
function generateCases(doc: OpenApi, fx: Fixtures, seed: number): Case[] {
  const random = prng(seed);
  const pick = <T>(pool: T[], n: number) => {
    const copy = [...pool];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(random() * copy.length), 1)[0]!);
    return out;
  };
  const cases: Case[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const verb = method.toUpperCase() as InjectOptions['method'];
      const operation = `${verb} ${template}`;
      const params = op.parameters ?? [];
      const pathParams: Record<string, unknown> = pathFixtures(
        template,
        params.filter((p) => p.in === 'path').map((p) => p.name),
        fx,
      );
      const queryParams = Object.fromEntries(
        params.filter((p) => p.in === 'query').map((p) => [p.name, sample(p.schema, p.name, fx)]),
      );
      const bodySchema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      const body = bodySchema ? sample(bodySchema, 'body', fx) : undefined;
      const request = (
        what: string,
        path: Record<string, unknown>,
        query: Record<string, unknown> | string,
        payload: unknown,
      ): Case => ({
        operation,
        what,
        // A stream never ends under inject: sent over a real connection, read briefly, dropped.
        streaming: isStreaming(op),
        request: {
          method: verb,
          url: `${pathWith(template, path)}${typeof query === 'string' ? `?${query}` : queryString(query)}`,
          ...(payload === undefined
            ? {}
            : {
                headers: { 'content-type': JSON_API },
                payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
              }),
        },
      });

      for (const name of Object.keys(pathParams)) {
        for (const bad of BAD_IDS)
          cases.push(
            request(`path ${name}=${String(bad)}`, { ...pathParams, [name]: bad }, queryParams, body),
          );
        const real = pathParams[name];
        if (typeof real === 'number')
          for (const odd of ODD_IDS(real))
            cases.push({
              ...request(
                `path ${name}=${JSON.stringify(odd)}`,
                { ...pathParams, [name]: odd },
                queryParams,
                body,
              ),
              oddId: true,
            });
      }

      for (const name of Object.keys(queryParams))
        for (const bad of [NUL, LONG, 2 ** 53, -1, ['a', 'b'], { x: 'y' }])
          cases.push(
            request(
              `query ${name}=${String(bad).slice(0, 20)}`,
              pathParams,
              { ...queryParams, [name]: bad },
              body,
            ),
          );
      if (verb === 'GET')
        for (const query of LIST_QUERIES) cases.push(request(`query ${query}`, pathParams, query, undefined));

      if (body !== undefined) {
        for (const leaf of leaves(body)) {
          const where = leaf.join('.');
          const current = leaf.reduce<unknown>(
            (node, key) => (node as Record<string | number, unknown>)[key],
            body,
          );
          const pool =
            typeof current === 'number'
              ? [2 ** 31, 2 ** 53, -1, 999_999, ...pick(WRONG_TYPES, 2)]
              : typeof current === 'string'
                ? [NUL, LONG, ...pick(WRONG_TYPES, 2)]
                : pick(WRONG_TYPES, 3);
          for (const bad of pool)
            cases.push(
              request(
                `body ${where}=${JSON.stringify(bad)?.slice(0, 20)}`,
                pathParams,
                queryParams,
                withValue(body, leaf, bad),
              ),
            );
        }
        const attributesOf = (b: unknown) =>
          (b as { data?: { attributes?: Record<string, unknown> } })?.data?.attributes ?? {};
        const allNul = withValue(
          body,
          ['data', 'attributes'],
          Object.fromEntries(
            Object.entries(attributesOf(body)).map(([k, v]) => [k, typeof v === 'string' ? NUL : v]),
          ),
        );
        cases.push(request('body every string with NUL', pathParams, queryParams, allNul));
        cases.push(request('body 500 levels deep', pathParams, queryParams, { data: deep(500) }));
        cases.push(
          request(
            'body deep inside attributes',
            pathParams,
            queryParams,
            withValue(body, ['data', 'attributes', 'deep'], deep(500)),
          ),
        );
        cases.push(request('body is an array', pathParams, queryParams, [body]));
        cases.push(request('body is a string with NUL', pathParams, queryParams, JSON.stringify(NUL)));
        cases.push(request('body key with NUL', pathParams, queryParams, { data: { [NUL]: 1 } }));
      }
    }
  }
  return cases;
}

let t: TestApp;
let base: string;
const logged: string[] = [];
const refusals: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t.app);
  // Without a logger every request logger is this one object, so its error calls are the app's log.
  for (const level of ['error', 'fatal'] as const)
    vi.spyOn(t.app.log, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a, replacer))).join(' '));
    });
  vi.spyOn(t.app.log, 'warn').mockImplementation((...args: unknown[]) => {
    refusals.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a, replacer))).join(' '));
  });
});
afterAll(() => t.close());

function replacer(_key: string, value: unknown) {
  return value instanceof Error ? { message: value.message, name: value.name } : value;
}

/** Real records for the fuzzed ids to reach: a project of the owner with a sprint, tag, task and link. */
async function buildFixtures(ownerId: number): Promise<Fixtures> {
  const db = t.database.db;
  const company = await buildCompany(db);
  const project = await buildProject(db, { ownerId, companyId: company.id });
  const team = await buildTeam(db);
  const { headers } = await withSessionAs(db, 'admin');
  const create = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) });
    expect(res.statusCode, `${url} ${res.body}`).toBe(201);
    return Number(res.json().data.id);
  };
  const sprint = await create('/api/sprint/create', {
    data: { type: 'sprint', attributes: { project_id: project.id } },
  });
  const tag = await create('/api/tag/create', {
    data: { type: 'tag', attributes: { title: 'Fuzz', project_id: project.id } },
  });
  const task = await create('/api/task/create', {
    data: {
      type: 'task',
      attributes: { title: 'Fuzz task' },
      relationships: { project: { data: { type: 'project', id: String(project.id) } } },
    },
  });
  const link = await create('/api/link/create', {
    data: { type: 'link', attributes: { title: 'Spec', url: 'https://example.com/spec' } },
  });
  return { project: project.id, user: ownerId, company: company.id, team: team.id, sprint, tag, task, link };
}

async function fuzzAs(role: Role, seed: number) {
  const db = t.database.db;
  const { user, headers } = await withSessionAs(db, role);
  const owner = role === 'client' ? user : await buildUser(db, { role: 'client' });
  const doc = t.app.swagger() as unknown as OpenApi;
  const cases = generateCases(doc, await buildFixtures(owner.id), seed);
  const failures: string[] = [];
  const fallbacks: string[] = [];
  const statuses = new Map<number, number>();
  for (const c of cases) {
    const request = { ...c.request, headers: { ...c.request.headers, authorization: headers.authorization } };
    const res = c.streaming
      ? await openBriefly(base, {
          method: request.method as string,
          url: request.url as string,
          headers: request.headers as Record<string, string>,
          payload: request.payload as string | undefined,
        })
      : await t.app.inject(request);
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    // The database's own refusals are a fallback (a 4xx, logged as a warning); every route checks first.
    for (const line of refusals.splice(0)) fallbacks.push(`${c.operation} ${c.what}: ${line}`);
    if (res.statusCode >= 500 || res.statusCode < 200 || (res.statusCode >= 300 && res.statusCode < 400))
      failures.push(`${res.statusCode} ${c.operation} ${c.what}: ${res.body.slice(0, 160)}`);
    if (c.oddId && res.statusCode < 400)
      failures.push(
        `${res.statusCode} ${c.operation} ${c.what} resolved an odd id: ${res.body.slice(0, 160)}`,
      );
  }
  return { cases, failures, fallbacks, statuses };
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('reads every operation from the document', () => {
    const doc = t.app.swagger() as unknown as OpenApi;
    const operations = Object.values(doc.paths).flatMap((ops) => Object.keys(ops));
    expect(operations.length).toBeGreaterThan(90);
  });

  for (const [role, seed] of [
    ['client', 11],
    ['admin', 12],
  ] as const) {
    it(`as ${role}: only 2xx and 4xx answers, and nothing logged as unhandled`, async () => {
      logged.length = 0;
      const { cases, failures, fallbacks, statuses } = await fuzzAs(role, seed);
      expect(cases.length).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
      expect(fallbacks).toEqual([]);
      expect(logged.filter((line) => /unhandled/i.test(line))).toEqual([]);
      // The table reaches both the validation layer and the handlers.
      expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(422) ?? 0).toBeGreaterThan(0);
    }, 120_000);
  }
});
