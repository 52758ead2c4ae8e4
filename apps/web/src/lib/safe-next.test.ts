import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next.ts';

describe('safeNext', () => {
  it('keeps a path of this app, query included', () => {
    expect(safeNext('/call-action?token=1.approve.2.abc')).toBe('/call-action?token=1.approve.2.abc');
  });
  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    `/${'a'.repeat(2001)}`,
  ])('sends %j home', (next) => expect(safeNext(next)).toBe('/'));
});
