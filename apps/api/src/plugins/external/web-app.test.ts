import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'dd-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await mkdir(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'main-1.js'), 'console.log(1)');
  t = await buildTestApp({ webDist: dist });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('answers app paths with index.html and assets as files', async () => {
    const page = await t.app.inject({ url: '/projects-table?page=2' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const asset = await t.app.inject({ url: '/assets/main-1.js' });
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it('serves an asset written after start (a rebuild) and 404s a missing one instead of sending HTML', async () => {
    writeFileSync(path.join(dist, 'assets', 'main-2.js'), 'console.log(2)');
    const fresh = await t.app.inject({ url: '/assets/main-2.js' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('console.log(2)');
    const missing = await t.app.inject({ url: '/assets/gone-3.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
  });

  it('marks index.html for a visitor without a session cookie, so the app skips the 401 session check', async () => {
    const anonymous = await t.app.inject({ url: '/login/signin' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('<meta name="dd-session" content="none" />');
    expect(anonymous.headers.vary).toContain('Cookie');
    const withCookie = await t.app.inject({ url: '/login/signin', cookies: { dd_token: 'anything' } });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.body).not.toContain('dd-session');
  });

  it('never leaves the dist folder', async () => {
    const res = await t.app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
