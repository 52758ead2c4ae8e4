// The demo agency (npm run seed:demo) as journeys that measure pages use it: its seed, its people, and
// their sessions and first project over the API.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { defaultAdmin } from './app.ts';
import { repoRoot } from './paths.ts';

export const DEMO_PASSWORD = 'demo-pass-123';
export const DEMO_CLIENT = 'chris.walker@demo.test';
export const DEMO_PROJECT_MANAGER = 'lena.fischer@demo.test';

/** Seeds a fresh embedded database in dataDir with the demo agency: a client, projects, a started sprint. */
export async function seedDemoAgency(dataDir: string) {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed-demo.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: defaultAdmin.email,
      ADMIN_PASSWORD: defaultAdmin.password,
      LOG_LEVEL: 'warn',
    },
  });
}

/** A session token of a demo user, through the sign-in route. */
export async function demoTokenOf(base: string, login: string): Promise<string> {
  const response = await fetch(`${base}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { attributes: { login, password: DEMO_PASSWORD } } }),
  });
  assert.equal(response.status, 200, `sign-in as ${login}`);
  return ((await response.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}

/** The first project of the session's user. */
export async function firstProjectOf(base: string, token: string): Promise<number> {
  const response = await fetch(`${base}/api/project/mine`, { headers: { cookie: `dd_token=${token}` } });
  const id = Number(((await response.json()) as { data: Array<{ id: string }> }).data[0]?.id);
  assert.ok(id > 0, 'the demo client has a project');
  return id;
}
