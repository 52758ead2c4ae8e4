import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { LIST_PARAMETERS, listQueryJsonSchema } from '../../routes/list-parameters.ts';
import { AUTH_COOKIE, isKeyFreePath } from '../app/auth.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
/** Route config `alsoAnswers`: per status, the other media types of its answer (a string body). */
export type AlsoAnswers = Record<string, Record<string, { description: string }>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Other media types a success answer comes in (the report as `text/csv`), for the document. */
    alsoAnswers?: AlsoAnswers;
  }
}

/**
 * The zod schemas of each route, as OpenAPI; list operations get their `page[..]`, `sort`, `include`
 * and `filter[i][0..2]` parameters spelled out (routes/list-parameters.ts) instead of a free-form object.
 */
function transform(input: TransformInput, security: Security) {
  const out = jsonSchemaTransform(input);
  const methods = [input.route.method].flat();
  const list = methods.map((m) => LIST_PARAMETERS[`${m} ${input.url}`]).find(Boolean);
  const schema = out.schema as Record<string, unknown> | undefined;
  if (list && schema) schema.querystring = listQueryJsonSchema(list);
  // A route whose query is not a page-number list spells its parameters out itself (e.g. keyset pages).
  const config = input.route.config as { openapiQuery?: unknown; alsoAnswers?: AlsoAnswers } | undefined;
  if (config?.openapiQuery && schema) schema.querystring = config.openapiQuery;
  // A success answer that also comes in another media type (the report as CSV): finishDocument adds it.
  if (config?.alsoAnswers && schema) schema['x-also-answers'] = config.alsoAnswers;
  // A route a visitor may call says `security: []` itself; every other asks for a session (ADR 0009).
  // Feeds, signed links and git webhooks carry their own secret (plugins/app/auth.ts OPEN_PATHS).
  if (schema)
    schema.security =
      schema.security || isKeyFreePath(input.url) ? security.open(input.url) : security.session;
  // 204 answers carry no body: @fastify/swagger writes no content for a `null` schema.
  const response = schema?.response as Record<string, unknown> | undefined;
  if (response?.['204']) response['204'] = { type: 'null', description: 'No Content' };
  // Answers that are not JSON (@dd/domain mediaAnswerSchema): their own media type, and a stream mark.
  for (const [status, answer] of Object.entries(response ?? {})) {
    const media = answer as { description?: string; format?: string; 'x-media-type'?: string };
    const mediaType = media['x-media-type'];
    if (!mediaType) continue;
    response![status] = {
      description: media.description,
      content: {
        [mediaType]: { schema: { type: 'string', ...(media.format ? { format: media.format } : {}) } },
      },
    };
    if ((answer as { 'x-streaming'?: boolean })['x-streaming'] && schema) schema['x-streaming'] = true;
  }
  return out;
}

type Requirement = Record<string, string[]>;

const APPLICATION_KEY = {
  type: 'apiKey',
  in: 'header',
  name: 'X-Application-Key',
  description: 'Asked for (besides a session) because this installation sets APP_KEYS (docs/product.md).',
} as const;
type Security = { session: Requirement[]; open: (url: string) => Requirement[] };

/**
 * Who may call what, as the document says it (plugins/app/auth.ts is what enforces it): a session by
 * Bearer token or by the `dd_token` cookie, and the application key on top when APP_KEYS is set, except
 * on the paths that never ask for it (feeds, signed links, git webhooks, health, these docs).
 */
function securityFor(appKeys: boolean): Security {
  const withKey = (r: Requirement): Requirement => (appKeys ? { ...r, applicationKey: [] } : r);
  return {
    session: [withKey({ bearerToken: [] }), withKey({ sessionCookie: [] })],
    open: (url) => (appKeys && !isKeyFreePath(url) ? [{ applicationKey: [] }] : []),
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const JSON_API = 'application/vnd.api+json';
/** The only operations that speak plain JSON: the health check and the git providers' webhooks. */
const plainJson = (path: string) => path === '/api/health' || path.startsWith('/api/webhooks/');
const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * `GET /api/project/{id}/deliveries` -> `getProjectByIdDeliveries`: stable as long as the URL is, and
 * unique because method and path are (routes/openapi.test.ts checks it).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const word = camel((param ? `by-${param[1]}` : segment).replace(/[^A-Za-z0-9-]/g, '-'));
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return method.toLowerCase() + words.join('');
}

/**
 * What the document must say that zod's JSON Schema does not: OpenAPI 3.0 wants a `type` beside every
 * `nullable` (a nullable union puts it on each member), and a relationship or attribute accepted in two
 * spellings (`projectManager`, `project-manager`) is documented once, in the kebab-case JSON:API uses, the
 * camelCase alias named in its description (generated clients would declare both twice).
 */
function tidySchema(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) tidySchema(item);
    return;
  }
  if (!isObject(node)) return;
  if (node.nullable === true && node.type === undefined) {
    const members = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
    if (members) for (const m of members) if (isObject(m) && m.type !== undefined) m.nullable = true;
    delete node.nullable;
  }
  const properties = node.properties;
  if (isObject(properties)) {
    for (const name of Object.keys(properties)) {
      const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const twin = properties[kebab];
      if (kebab === name || !isObject(twin)) continue;
      delete properties[name];
      if (Array.isArray(node.required)) node.required = node.required.filter((r) => r !== name);
      twin.description = [twin.description, `Also accepted as \`${name}\` (an alias).`]
        .filter(Boolean)
        .join(' ');
    }
  }
  for (const value of Object.values(node)) tidySchema(value);
}

/** Every operation: its id, its real media type, and its schemas tidied for OpenAPI 3.0. */
function finishDocument(doc: Json): Json {
  for (const [path, operations] of Object.entries(
    (doc.paths ?? {}) as Record<string, Record<string, Json>>,
  )) {
    for (const [method, op] of Object.entries(operations)) {
      op.operationId ??= operationIdOf(method, path);
      const also = op['x-also-answers'] as AlsoAnswers | undefined;
      delete op['x-also-answers'];
      for (const [status, media] of Object.entries(also ?? {})) {
        const answer = (op.responses as Record<string, Json> | undefined)?.[status];
        if (!answer) continue;
        answer.content ??= {};
        const content = answer.content as Json;
        for (const [type, { description }] of Object.entries(media))
          content[type] = { schema: { type: 'string', description } };
      }
      if (plainJson(path)) continue;
      const bodies = [op.requestBody, ...Object.values((op.responses ?? {}) as Json)];
      for (const body of bodies) {
        const content = isObject(body) ? body.content : undefined;
        if (!isObject(content) || !content['application/json']) continue;
        content[JSON_API] = content['application/json'];
        delete content['application/json'];
      }
    }
  }
  tidySchema(doc.paths);
  tidySchema(doc.components);
  return doc;
}

/** OpenAPI document of every route, from the same zod schemas that validate them, at /api/docs. */
export default fp(
  async (app) => {
    const keyed = app.config.appKeys.length > 0;
    const security = securityFor(keyed);
    await app.register(swagger, {
      openapi: {
        servers: [{ url: app.config.publicUrl, description: 'This installation (PUBLIC_URL)' }],
        components: {
          securitySchemes: {
            bearerToken: {
              type: 'http',
              scheme: 'bearer',
              description:
                'The session token of POST /api/authorization/login, as `Authorization: Bearer <token>`.',
            },
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: AUTH_COOKIE,
              description:
                'The HttpOnly session cookie the web app signs in with; writes must come from PUBLIC_URL.',
            },
            ...(keyed ? { applicationKey: APPLICATION_KEY } : {}),
          },
        },
        info: {
          license: { name: 'UNLICENSED (private to the agency that runs it)' },
          title: 'Delivery Desk API',
          version: '1.0.0',
          description:
            'JSON:API 1.0 (`application/vnd.api+json`), except where docs/adr/0009-openapi-and-non-jsonapi-shapes.md says why not; see docs/ARCHITECTURE.md',
        },
      },
      transform: (input) => transform(input, security),
      transformObject: (document) =>
        'openapiObject' in document
          ? (finishDocument(document.openapiObject as Json) as typeof document.openapiObject)
          : document.swaggerObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
