import { describe, expect, it } from 'vitest';
import { answerOf, enginesAccept, report } from './deps-check.mjs';

describe('deps:check', () => {
  it("reads the engines ranges our dependencies use against the README's Node 20.19", () => {
    expect(enginesAccept('>=20.19.0')).toBe(true);
    expect(enginesAccept('>=22.22.0')).toBe(false);
    expect(enginesAccept('^20.19.0 || >=22.12.0')).toBe(true);
    expect(enginesAccept('^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(enginesAccept('>=0.6')).toBe(true);
    expect(enginesAccept(undefined)).toBe(true);
  });

  it('lists what is behind and says when the newest wants a newer Node', () => {
    const { lines, unknown } = report({
      outdated: { json: { 'react-router': { current: '7.18.5', latest: '7.18.7', dependent: 'web' } } },
      engines: { 'react-router': '>=22.22.0' },
      audit: { json: { vulnerabilities: {} } },
    });
    expect(lines).toEqual([
      'versions: 1 runtime dependencies behind their newest version',
      '  react-router 7.18.5 → 7.18.7 [web] (newest needs node >=22.22.0)',
      'advisories: 0 packages with known advisories',
    ]);
    expect(unknown).toBe(false);
  });

  it('never passes when the advisory service cannot be reached', () => {
    // What npm audit prints here, where only the registry answers.
    const refused = answerOf({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      error: { summary: '', detail: '' },
    });
    expect(refused.failed).toMatch(/^405/);
    const { lines, unknown } = report({ outdated: { json: {} }, engines: {}, audit: refused });
    expect(lines.at(-1)).toMatch(/advisory service could not be reached .*NOT CHECKED$/);
    expect(unknown).toBe(true);
  });
});
