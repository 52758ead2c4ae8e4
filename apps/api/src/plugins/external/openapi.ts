import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { LIST_PARAMETERS, listQueryJsonSchema } from '../../routes/list-parameters.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod schemas of each route, as OpenAPI; list operations get their `page[..]`, `sort`, `include`
 * and `filter[i][0..2]` parameters spelled out (routes/list-parameters.ts) instead of a free-form object.
 */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const methods = [input.route.method].flat();
  const list = methods.map((m) => LIST_PARAMETERS[`${m} ${input.url}`]).find(Boolean);
  const schema = out.schema as Record<string, unknown> | undefined;
  if (list && schema) schema.querystring = listQueryJsonSchema(list);
  // A route whose query is not a page-number list spells its parameters out itself (e.g. keyset pages).
  const ownQuery = (input.route.config as { openapiQuery?: unknown } | undefined)?.openapiQuery;
  if (ownQuery && schema) schema.querystring = ownQuery;
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

/** OpenAPI document of every route, from the same zod schemas that validate them, at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Delivery Desk API',
          version: '1.0.0',
          description:
            'JSON:API 1.0 (`application/vnd.api+json`), except where docs/adr/0009-openapi-and-non-jsonapi-shapes.md says why not; see docs/ARCHITECTURE.md',
        },
      },
      transform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
