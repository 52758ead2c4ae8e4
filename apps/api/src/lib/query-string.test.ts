import { describe, expect, it } from 'vitest';
import { parseQueryString, QUERY_LIMITS } from './query-string.ts';

const longList = (n: number, form: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => form(i)).join('&');

describe('query strings', () => {
  it('never builds an array longer than the limit from `a[]=` lists (GHSA-6rw7-vpxm-498p)', () => {
    const parsed = parseQueryString(longList(199, (i) => `a[]=${i}`));
    const value = parsed.a;
    const length = Array.isArray(value) ? value.length : Object.keys(value as object).length;
    expect(Array.isArray(value) && length > QUERY_LIMITS.arrayLimit).toBe(false);
  });

  it('never builds an array longer than the limit from indexed lists', () => {
    const parsed = parseQueryString(longList(199, (i) => `a[${i}]=${i}`));
    expect(Array.isArray(parsed.a) && (parsed.a as unknown[]).length > QUERY_LIMITS.arrayLimit).toBe(false);
  });

  it('still reads the lists the spec sends', () => {
    expect(parseQueryString('filter[0][0]=name&filter[0][1]=Ada&page=2')).toEqual({
      filter: [['name', 'Ada']],
      page: '2',
    });
  });
});
