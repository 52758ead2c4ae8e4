import {
  type AnswerData,
  type AnswerMeta,
  type AnswerOperation,
  MESSAGES,
  type ResourceStub,
} from '@dd/domain';
import { whileFirstScreenPaints } from './first-paint.ts';
import { takeFirstScreenAnswer } from './first-screen-answers.ts';
import type {
  ApiErrorObject,
  JsonApiDocument,
  ResourceIdentifier,
  ResourceObject,
} from './json-api-document.ts';
import { notifyError } from './notify.ts';

/**
 * The one place that knows the wire format (docs/product.md §D4): JSON:API media type, the application key,
 * query strings for lists, and turning documents into plain objects. Features call
 * `read('GET /api/user/{id}', { path: { id } })` and receive `{ data, meta }` typed from the operation's
 * response schema (ANSWERS in @dd/domain), camelCase keys and relationships resolved from `included`.
 */

const MEDIA_TYPE = 'application/vnd.api+json';
const API_BASE = '/api';
const APP_KEY = import.meta.env.VITE_APP_KEY || 'web';

/** The live event stream's address; EventSource sends no headers, so the application key rides along. */
export const EVENTS_URL = `${API_BASE}/events?key=${encodeURIComponent(APP_KEY)}`;

// ---------------------------------------------------------------------------------------------------
// Errors

export type { ApiErrorObject, JsonApiDocument, ResourceObject };

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (offline, aborted, server down). */
  readonly status: number;
  readonly errors: ApiErrorObject[];

  constructor(status: number, errors: ApiErrorObject[], message?: string) {
    super(message ?? errors[0]?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  get firstError(): ApiErrorObject | undefined {
    return this.errors[0];
  }

  /** The attribute a validation error points at: '/data/attributes/password' gives 'password'. */
  get pointerField(): string | undefined {
    const pointer = this.errors[0]?.source?.pointer;
    if (!pointer) return undefined;
    const last = pointer.split('/').filter(Boolean).pop();
    return last === undefined ? undefined : kebabToCamel(last);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// ---------------------------------------------------------------------------------------------------
// Query strings

export type FilterOperator = 'like' | '=' | '>=' | '<=';
/** One list filter: [operator, field, value], sent as filter[i][0..2] (docs/product.md §D4, §A7). */
export type Filter = readonly [FilterOperator, string, string | number];

export type QueryParams = {
  include?: string | readonly string[];
  sort?: string | readonly string[];
  /** `size: null` or `0` asks for an unlimited list where docs/product.md allows it. */
  /** `before`: the keyset cursor of a list paged by position (the bell's `meta.next`). */
  page?: { page?: number; size?: number | null; before?: string };
  filter?: readonly Filter[];
  /** Plain parameters such as `timezone`, `token`, `project_id`. Undefined values are left out. */
  [name: string]: unknown;
};

const RESERVED = new Set(['include', 'sort', 'page', 'filter']);

function joinList(value: string | readonly string[]): string {
  return typeof value === 'string' ? value : value.join(',');
}

/**
 * Builds '?include=a,b&sort=-created&page[page]=2&page[size]=15&filter[0][0]=like&...', or '' when
 * there is nothing to send. Brackets stay readable; values are percent-encoded.
 */
export function buildQueryString(params: QueryParams = {}): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    parts.push(`${key}=${value === null ? 'null' : encodeURIComponent(String(value))}`);
  };

  if (params.include !== undefined && params.include.length > 0) add('include', joinList(params.include));
  if (params.sort !== undefined && params.sort.length > 0) add('sort', joinList(params.sort));
  if (params.page) {
    if (params.page.page !== undefined) add('page[page]', params.page.page);
    if (params.page.size !== undefined) add('page[size]', params.page.size);
    if (params.page.before !== undefined) add('page[before]', params.page.before);
  }
  params.filter?.forEach(([operator, field, value], index) => {
    add(`filter[${index}][0]`, operator);
    add(`filter[${index}][1]`, field);
    add(`filter[${index}][2]`, value);
  });
  for (const [key, value] of Object.entries(params)) {
    if (RESERVED.has(key) || value === undefined) continue;
    add(encodeURIComponent(key), value);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

// ---------------------------------------------------------------------------------------------------
// Documents

/** A resource as the app sees it: id, type, attributes and resolved relationships on one object. */
export type Resource = { id: string; type: string; [key: string]: unknown };

export type Deserialized<T> = { data: T; meta: Record<string, unknown> };

export function kebabToCamel(key: string): string {
  return key.replace(/-([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

/** camelCase to kebab-case; snake_case keys docs/product.md sends as written (project_id) pass unchanged. */
export function camelToKebab(key: string): string {
  return key.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);
}

function camelKeys(record: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record ?? {})) out[kebabToCamel(key)] = value;
  return out;
}

const refKey = (ref: ResourceIdentifier) => `${ref.type}:${ref.id}`;

/**
 * Turns a JSON:API document into plain objects. Relationships are resolved from `included` (and from
 * the primary data), recursively; a reference back to a resource already on the current path stays a
 * `{ id, type }` stub, so results never contain cycles and can be cached and compared safely.
 */
export function deserialize<T = Resource | Resource[] | null>(document: JsonApiDocument): Deserialized<T> {
  const pool = new Map<string, ResourceObject>();
  for (const resource of document.included ?? []) pool.set(refKey(resource), resource);
  const primary = document.data;
  if (Array.isArray(primary)) for (const resource of primary) pool.set(refKey(resource), resource);
  else if (primary) pool.set(refKey(primary), primary);

  const build = (resource: ResourceObject, path: Set<string>): Resource => {
    const key = refKey(resource);
    const nextPath = new Set(path).add(key);
    const out: Resource = { ...camelKeys(resource.attributes), id: String(resource.id), type: resource.type };
    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      if (!relationship || !('data' in relationship)) continue;
      const resolve = (ref: ResourceIdentifier): Resource => {
        const found = pool.get(refKey(ref));
        return found && !nextPath.has(refKey(ref))
          ? build(found, nextPath)
          : { id: String(ref.id), type: ref.type };
      };
      const { data } = relationship;
      out[kebabToCamel(name)] = Array.isArray(data) ? data.map(resolve) : data ? resolve(data) : null;
    }
    if (resource.meta) out.meta = camelKeys(resource.meta);
    return out;
  };

  const data = Array.isArray(primary)
    ? primary.map((resource) => build(resource, new Set()))
    : primary
      ? build(primary, new Set())
      : (primary ?? null);
  return { data: data as T, meta: camelKeys(document.meta) };
}

type RelationshipInput = ResourceIdentifier | readonly ResourceIdentifier[] | null;

/**
 * Builds a request document: `toDocument('user', { login, remember: '1' })` gives
 * `{ data: { type: 'user', attributes: { login, remember: '1' } } }`. camelCase attribute and
 * relationship names are sent kebab-case (companySizeId as company-size-id); ids become strings.
 */
export function toDocument(
  type: string,
  attributes: Record<string, unknown>,
  options: { id?: string | number; relationships?: Record<string, RelationshipInput> } = {},
): { data: Record<string, unknown> } {
  const data: Record<string, unknown> = { type };
  if (options.id !== undefined) data.id = String(options.id);
  const wireAttributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined) wireAttributes[camelToKebab(key)] = value;
  }
  data.attributes = wireAttributes;
  if (options.relationships) {
    const relationships: Record<string, { data: unknown }> = {};
    for (const [name, value] of Object.entries(options.relationships)) {
      const identify = (ref: ResourceIdentifier) => ({ type: ref.type, id: String(ref.id) });
      relationships[name] = {
        data:
          value === null
            ? null
            : Array.isArray(value)
              ? value.map(identify)
              : identify(value as ResourceIdentifier),
      };
    }
    data.relationships = relationships;
  }
  return { data };
}

// ---------------------------------------------------------------------------------------------------
// Requests

export type RequestOptions = {
  params?: QueryParams;
  /** A request document, usually from `toDocument`. */
  body?: unknown;
  signal?: AbortSignal;
  /** The caller shows its own message (login, invitation, lookups that fall back to empty sets). */
  suppressErrorToast?: boolean;
  /** Extra headers, e.g. a bearer token carried in a link. */
  headers?: Record<string, string>;
};

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let unauthorizedListener: ((path: string) => void) | undefined;

/** > 0 while `quietly` runs: requests started then raise no error toast. */
let quietDepth = 0;

/**
 * Runs `start` with error toasts off for the requests it starts synchronously (a request reads the flag
 * before its first await). For prefetches made before the page renders (app/router.tsx): a failure there
 * stays silent, and the screen's own query, which retries on mount, shows it once.
 */
export function quietly<T>(start: () => T): T {
  quietDepth += 1;
  try {
    return start();
  } finally {
    quietDepth -= 1;
  }
}

/** The shell registers how to react when a signed-in call answers 401 (the session ended). */
export function onUnauthorized(listener: (path: string) => void): void {
  unauthorizedListener = listener;
}

async function readDocument(response: Response): Promise<JsonApiDocument | undefined> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as JsonApiDocument;
  } catch {
    return undefined;
  }
}

async function request<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<Deserialized<T>> {
  const headers: Record<string, string> = {
    Accept: MEDIA_TYPE,
    'X-Application-Key': APP_KEY,
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = MEDIA_TYPE;
  const quiet = options.suppressErrorToast === true || quietDepth > 0;

  const fail = (error: ApiError): never => {
    if (error.status === 401) unauthorizedListener?.(path);
    const aborted = options.signal?.aborted === true;
    if (!quiet && !aborted) notifyError(MESSAGES.genericError);
    throw error;
  };

  const target = `${path}${buildQueryString(options.params)}`;
  // The page's first reads may have come with the page (ADR 0017); only the app's own session's GETs.
  const answered = method === 'GET' && !options.headers ? takeFirstScreenAnswer(target) : undefined;
  if (answered) return deserialize<T>(answered);

  // A read the first screen did not carry waits for that screen's paint (docs/adr/0040).
  const held = method === 'GET' ? whileFirstScreenPaints() : null;
  if (held) await held;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${target}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    return fail(new ApiError(0, [], cause instanceof Error ? cause.message : 'Network error'));
  }

  const document = await readDocument(response);
  if (!response.ok) {
    return fail(new ApiError(response.status, Array.isArray(document?.errors) ? document.errors : []));
  }
  return document ? deserialize<T>(document) : { data: null as T, meta: {} };
}

/**
 * Untyped calls by path, for this client's own tests. Features call `read` (apps/api/src/routes/answers.test.ts
 * fails on any other call), so every answer they read is typed from its operation's schema.
 */
export const api = {
  get: <T = Resource>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T = Resource>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T = Resource>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T = null>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/**
 * A non-JSON:API answer (a CSV export) as a Blob, sent with the same headers as every call; a failure
 * throws an ApiError (the caller says what went wrong).
 */
export async function getBlob(path: string, params?: QueryParams, accept = '*/*'): Promise<Blob> {
  const response = await fetch(`${API_BASE}${path}${buildQueryString(params)}`, {
    headers: { Accept: accept, 'X-Application-Key': APP_KEY },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const document = await readDocument(response);
    throw new ApiError(response.status, Array.isArray(document?.errors) ? document.errors : []);
  }
  return response.blob();
}

/** The `{name}` parameters of an operation's path: 'GET /api/user/{id}' gives 'id'. */
type PathParams<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

export type ReadOptions<K extends AnswerOperation> = RequestOptions &
  ([PathParams<K>] extends [never] ? { path?: undefined } : { path: Record<PathParams<K>, string | number> });

/** An operation's answer, typed from the domain schema the route answers with (ANSWERS in @dd/domain). */
export type Answer<
  K extends AnswerOperation,
  Relations extends Record<string, unknown> = Record<never, never>,
> = {
  data: AnswerData<K, Relations>;
  meta: AnswerMeta<K>;
};

/**
 * Calls an operation by its name in the contract, 'GET /api/user/{id}' with `path: { id }`, and hands
 * back the deserialized answer typed from the operation's response schema. `Relations` names the
 * relationships the caller reads (resolved from `included`, or `{ id, type }` stubs).
 */
export function read<
  K extends AnswerOperation,
  Relations extends Record<string, unknown> = Record<never, never>,
>(
  operation: K,
  ...[options]: [PathParams<K>] extends [never] ? [ReadOptions<K>?] : [ReadOptions<K>]
): Promise<Answer<K, Relations>> {
  const space = operation.indexOf(' ');
  const method = operation.slice(0, space) as Method;
  const path = operation
    .slice(space + 1 + API_BASE.length)
    .replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String((options?.path as Record<string, unknown> | undefined)?.[name])),
    );
  return request(method, path, options) as Promise<Answer<K, Relations>>;
}

/** The related resource when the answer included it, else null (a stub carries only id and type). */
export function included<T extends ResourceStub>(r: T | ResourceStub | null | undefined): T | null {
  return r !== null && r !== undefined && Object.keys(r).length > 2 ? (r as T) : null;
}
