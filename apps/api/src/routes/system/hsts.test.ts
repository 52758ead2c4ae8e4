import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 41 finding 5d: no Strict-Transport-Security behind a TLS-terminating proxy. HSTS belongs to an
// answer that came over https (docs/product.md §F4), never to a plain-http one.
const HSTS = 'strict-transport-security';
let proxied: TestApp;
let direct: TestApp;
beforeAll(async () => {
  // PUBLIC_URL left at its http default, as behind a proxy that terminates TLS.
  proxied = await buildTestApp({ publicUrl: 'http://localhost:3000', trustProxy: true });
  direct = await buildTestApp({ publicUrl: 'https://dd.example.com', trustProxy: false });
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
});

const health = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/health', headers });

describe('Strict-Transport-Security', () => {
  it('is sent behind a trusted proxy when X-Forwarded-Proto says https', async () => {
    const res = await health(proxied, { 'x-forwarded-proto': 'https' });
    expect(res.headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
  });

  it('is never sent over plain http, whatever PUBLIC_URL says or an untrusted client claims', async () => {
    expect((await health(proxied)).headers[HSTS]).toBeUndefined();
    expect((await health(direct)).headers[HSTS]).toBeUndefined();
    expect((await health(direct, { 'x-forwarded-proto': 'https' })).headers[HSTS]).toBeUndefined();
  });
});
