import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { generate as orval } from 'orval';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../db/schema/index.ts';
import { buildProject, buildUser, DEFAULT_PASSWORD } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * What an integrator does with the OpenAPI document (/api/docs/json): generate a client with
 * openapi-typescript (+ openapi-fetch) and with orval, compile both with `tsc --strict`, and drive a real
 * scenario through the first against a listening server: sign in, post a daily update, add a task and
 * read the board,
 * download the report as CSV. The scenario is type-checked against the generated `paths` before it runs,
 * so a wrong path, method, body or answer in the document fails here (docs/product.md §D4, ADR 0050).
 */
// Under node_modules, so the generated files resolve openapi-fetch; one folder per run (the two database
// legs of `npm test` may run at once).
const cache = fileURLToPath(new URL('../../../../node_modules/.cache/', import.meta.url));
let out: string;

let t: TestApp;
let doc: Record<string, unknown>;
beforeAll(async () => {
  t = await buildTestApp();
  doc = structuredClone(t.app.swagger()) as unknown as Record<string, unknown>;
  await mkdir(cache, { recursive: true });
  out = await mkdtemp(join(cache, 'dd-generated-clients-'));
  await writeFile(join(out, 'openapi.json'), JSON.stringify(doc));
});
afterAll(async () => {
  await t.close();
  await rm(out, { recursive: true, force: true });
});

/** `tsc --noEmit --strict` over the files: the diagnostics as text, empty when they compile. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

// The scenario as an integrator writes it, against the generated types. The list filter is the house
// format `filter[i][0..2]` (operator, field, value), each named in the document with its allowed values.
const SCENARIO = `import createClient from 'openapi-fetch';
import type { paths } from './openapi-typescript.ts';

export async function scenario(baseUrl: string, login: string, password: string, projectId: string) {
  const anonymous = createClient<paths>({ baseUrl });
  const signedIn = await anonymous.POST('/api/authorization/login', {
    body: { data: { type: 'user', attributes: { login, password, remember: '1' } } },
  });
  if (!signedIn.data) throw new Error('sign-in: ' + signedIn.response.status);
  const token: string = signedIn.data.data.attributes.token;

  const client = createClient<paths>({
    baseUrl,
    headers: { authorization: 'Bearer ' + token },
  });
  const posted = await client.POST('/api/project-update/post', {
    body: { data: { type: 'project-update', attributes: { project_id: projectId, description: 'Shipped the login screen.' } } },
  });
  if (!posted.data) throw new Error('post update: ' + posted.response.status);
  const update: string = posted.data.data.attributes.description;

  const created = await client.POST('/api/task/create', {
    body: {
      data: {
        type: 'task',
        attributes: { title: 'Login screen' },
        relationships: { project: { data: { type: 'project', id: projectId } } },
      },
    },
  });
  if (!created.data) throw new Error('create task: ' + created.response.status);

  const board = await client.GET('/api/task/search', {
    params: { query: { 'filter[0][0]': '=', 'filter[0][1]': 'project.id', 'filter[0][2]': projectId } },
  });
  if (!board.data) throw new Error('board: ' + board.response.status);
  const titles: string[] = board.data.data.map((task) => task.attributes.title);

  const report = await client.GET('/api/project/{id}/report', {
    params: { path: { id: projectId }, query: { format: 'csv' } },
    parseAs: 'text',
  });
  if (report.data === undefined) throw new Error('report: ' + report.response.status);
  return { update, titles, csv: report.data, type: report.response.headers.get('content-type') };
}
`;

describe('clients generated from the OpenAPI document', () => {
  it('openapi-typescript + openapi-fetch: the types compile and a real scenario runs through them', async () => {
    const types = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));
    await writeFile(join(out, 'openapi-typescript.ts'), types);
    // Every operation is named by its operationId (it was `operations = Record<string, never>`).
    expect(types).toContain('post: operations["postAuthorizationLogin"]');
    expect(types).not.toContain('operations = Record<string, never>');
    await writeFile(join(out, 'scenario.ts'), SCENARIO);
    expect(typeErrors([join(out, 'scenario.ts')])).toEqual([]);

    // The people and the board of a project, then the scenario against a listening server.
    const manager = await buildUser(t.database.db, { role: 'projectManager' });
    const project = await buildProject(t.database.db);
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: manager.id, kind: 'projectManager' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { scenario } = (await import(join(out, 'scenario.ts'))) as {
      scenario: (
        ...a: string[]
      ) => Promise<{ update: string; titles: string[]; csv: string; type: string | null }>;
    };
    const result = await scenario(
      `http://127.0.0.1:${port}`,
      manager.login,
      DEFAULT_PASSWORD,
      String(project.id),
    );
    expect(result.update).toBe('Shipped the login screen.');
    expect(result.titles).toEqual(['Login screen']);
    expect(result.type).toMatch(/^text\/csv/);
    expect(result.csv.split('\n')[0]).toMatch(/sprint/i);
  }, 120_000);

  it('orval: its fetch client for all operations compiles', async () => {
    const target = join(out, 'orval.ts');
    await orval({
      input: { target: join(out, 'openapi.json') },
      output: { target, client: 'fetch', mode: 'single' },
    });
    expect(typeErrors([target])).toEqual([]);
    // One function per operation, named by its operationId (duplicate identifiers failed tsc before).
    const operations = Object.values(doc.paths as Record<string, object>).flatMap((ops) => Object.keys(ops));
    const functions = (await readFile(target, 'utf8')).match(/^export const \w+ = async/gm) ?? [];
    expect(functions.length).toBe(operations.length);
  }, 120_000);
});
