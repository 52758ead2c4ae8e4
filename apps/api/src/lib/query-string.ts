import qs from 'qs';

/**
 * The query-string parser of every route. The spec's lists send filter[0][1]=...: nested objects,
 * bounded in depth, array length and parameter count so a long query cannot build a large structure.
 * qs 6.14.0 ignored arrayLimit for `a[]=` lists (GHSA-6rw7-vpxm-498p); 6.14.1 holds it.
 */
export const QUERY_LIMITS = { depth: 3, arrayLimit: 50, parameterLimit: 200 } as const;

export function parseQueryString(text: string): Record<string, unknown> {
  return qs.parse(text, QUERY_LIMITS);
}
