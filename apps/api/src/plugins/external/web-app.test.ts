import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { firstScreenRequests } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let dist: string;
/** A signed-in client's session cookie, and the project they own. */
let client: { token: string; projectId: number; otherProjectId: number };
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'dd-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
  );
  await mkdir(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'main-1.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'packed-1.js'), 'console.log("plain")');
  writeFileSync(path.join(dist, 'assets', 'packed-1.js.br'), brotliCompressSync('console.log("br")'));
  writeFileSync(path.join(dist, 'assets', 'packed-1.js.gz'), gzipSync('console.log("gz")'));
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      routes: [
        { path: '/login/signin', session: 'anonymous', scripts: ['/assets/sign-in-1.js'], styles: [] },
        {
          path: '/project/daily-updates/:id',
          session: 'signed-in',
          scripts: ['/assets/page-1.js', '/assets/lib-1.js', '"><script>x</script>'],
          styles: ['/assets/page-1.css'],
        },
      ],
    }),
  );
  t = await buildTestApp({ webDist: dist });
  const { user, headers } = await withSessionAs(t.database.db, 'client');
  const project = await buildProject(t.database.db, {
    ownerId: user.id,
    title: 'Ours </script><script>alert(1)</script>',
  });
  const other = await buildProject(t.database.db, {
    ownerId: (await buildUser(t.database.db)).id,
    title: 'Theirs',
  });
  client = {
    token: headers.authorization.slice('Bearer '.length),
    projectId: project.id,
    otherProjectId: other.id,
  };
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

  it('answers an unknown API route 404 to a visitor too, never the app or a 401', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].status).toBe('404');
  });

  it('marks index.html for a visitor without a session cookie, so the app skips the 401 session check', async () => {
    const anonymous = await t.app.inject({ url: '/login/signin' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('<meta name="dd-session" content="none" />');
    expect(anonymous.headers.vary).toContain('Cookie');
    const withCookie = await t.app.inject({ url: '/login/signin', cookies: { dd_token: client.token } });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.body).not.toContain('dd-session');
    // A cookie the session check refuses (expired, revoked, forged) is no session either.
    const stale = await t.app.inject({ url: '/login/signin', cookies: { dd_token: 'anything' } });
    expect(stale.body).toContain('<meta name="dd-session" content="none" />');
  });

  it("announces the requested screen's chunks in index.html, for the matching kind of visitor only", async () => {
    const project = await t.app.inject({
      url: `/project/daily-updates/${client.projectId}`,
      cookies: { dd_token: client.token },
    });
    expect(project.body).toContain('<link rel="modulepreload" crossorigin href="/assets/page-1.js">');
    expect(project.body).toContain('<link rel="modulepreload" crossorigin href="/assets/lib-1.js">');
    expect(project.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/page-1.css">');
    expect(project.body).not.toContain('<script>x</script>');
    // Without a session the project page redirects to sign-in: nothing of it is announced.
    const anonymousProject = await t.app.inject({ url: '/project/daily-updates/7' });
    expect(anonymousProject.body).not.toContain('modulepreload');
    const signIn = await t.app.inject({ url: '/login/signin' });
    expect(signIn.body).toContain('href="/assets/sign-in-1.js"');
    const signedInSignIn = await t.app.inject({ url: '/login/signin', cookies: { dd_token: client.token } });
    expect(signedInSignIn.body).not.toContain('modulepreload');
    const board = await t.app.inject({ url: '/project/tasks/7', cookies: { dd_token: client.token } });
    expect(board.body).not.toContain('modulepreload');
  });

  it("puts the first screen's answers into the page, as the visitor's own requests would get them (ADR 0017)", async () => {
    const path = `/project/daily-updates/${client.projectId}`;
    const page = await t.app.inject({ url: path, cookies: { dd_token: client.token } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const island = page.body.match(/<script type="application\/json" id="dd-first-screen">([^<]*)<\/script>/);
    expect(island).not.toBeNull();
    const answers = JSON.parse(island![1]!) as Record<
      string,
      { data: { id: string; attributes: Record<string, unknown> } }
    >;
    const keys = firstScreenRequests(path);
    expect(Object.keys(answers).sort()).toEqual([...keys].sort());
    // Each is the very document the API answers the app's own request with.
    for (const key of keys) {
      const direct = await t.app.inject({ url: `/api${key}`, cookies: { dd_token: client.token } });
      expect(answers[key], key).toEqual(direct.json());
    }
    expect(answers[keys[2]!]!.data.attributes.title).toBe('Ours </script><script>alert(1)</script>');
  });

  it('never lets an answer end its element, and puts in no answer the visitor would be refused', async () => {
    const ours = await t.app.inject({
      url: `/project/daily-updates/${client.projectId}`,
      cookies: { dd_token: client.token },
    });
    // The title's markup is escaped inside the island: the page holds one closing script tag per script.
    expect(ours.body).not.toContain('<script>alert(1)');
    expect(ours.body.match(/<\/script>/g)).toHaveLength(1);
    // Someone else's project: the check and settings only, nothing of the project.
    const theirs = await t.app.inject({
      url: `/project/daily-updates/${client.otherProjectId}`,
      cookies: { dd_token: client.token },
    });
    expect(theirs.body).not.toContain('Theirs');
    expect(theirs.body).toContain('"/authorization/check?include=role"');
    expect(theirs.body).not.toContain(`"/project/${client.otherProjectId}`);
    // No session: the settings only; a forged cookie: the same, and the page says there is no session.
    for (const cookies of [undefined, { dd_token: 'forged' }]) {
      const anonymous = await t.app.inject({ url: `/project/daily-updates/${client.projectId}`, cookies });
      expect(anonymous.body).not.toContain('Ours');
      expect(anonymous.body).not.toContain('/authorization/check');
      expect(anonymous.body).toContain('"/app-config"');
      expect(anonymous.headers['cache-control']).toBe(cookies ? 'private, no-store' : 'no-cache');
    }
    // A path that is not a plain id asks for nothing of a project.
    const odd = await t.app.inject({
      url: '/project/daily-updates/1%20or%201=1',
      cookies: { dd_token: client.token },
    });
    expect(odd.body).not.toContain('"/project/');
  });

  it("sends the build's precompressed copy of an asset as it is, the plain file to clients without it", async () => {
    const br = await t.app.inject({ url: '/assets/packed-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("br")');
    const gz = await t.app.inject({ url: '/assets/packed-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      url: '/assets/packed-1.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("plain")');
  });

  it('sends the page up to </body> before the reads are answered, compressed when the browser takes gzip', async () => {
    const res = await t.app.inject({
      url: `/project/daily-updates/${client.projectId}`,
      cookies: { dd_token: client.token },
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.rawPayload).toString();
    expect(html.indexOf('<div id="root">')).toBeLessThan(html.indexOf('id="dd-first-screen"'));
    expect(html).toContain('"/authorization/check?include=role"');
    expect(html.trimEnd().endsWith('</html>') || html.trimEnd().endsWith('</body>')).toBe(true);
  });

  it('never leaves the dist folder', async () => {
    const res = await t.app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
