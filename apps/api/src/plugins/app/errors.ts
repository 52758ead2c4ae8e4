import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';

type JsonApiError = { status: string; title: string; source?: { pointer?: string; parameter?: string } };

/** The one place failures become JSON:API errors; a 500 never shows internals. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status = 500;
      let errors: JsonApiError[];
      if (error instanceof AppError) {
        status = error.status;
        errors = error.details.map((d) => ({
          status: String(status),
          title: d.title,
          ...(d.pointer || d.parameter
            ? { source: d.pointer ? { pointer: d.pointer } : { parameter: d.parameter } }
            : {}),
        }));
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        status = 422;
        errors = error.validation.map((issue) => {
          const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
          const where = error.validationContext ?? 'body';
          return {
            status: '422',
            title: issue.message ?? 'Invalid value',
            source:
              where === 'body'
                ? { pointer: `/${path.join('/')}` }
                : { parameter: path.length ? path.join('.') : where },
          };
        });
        if (error.validationContext !== 'body') {
          status = 400;
          errors = errors.map((e) => ({ ...e, status: '400' }));
        }
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        errors = [{ status: String(status), title: publicTitle(error) }];
      } else {
        request.log.error({ err: error }, 'unhandled error');
        errors = [{ status: '500', title: 'Internal server error' }];
      }
      reply.status(status).type('application/vnd.api+json').send({ errors });
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .type('application/vnd.api+json')
        .send({
          errors: [
            { status: '404', title: `Route ${request.method} ${request.url.split('?')[0]} not found` },
          ],
        });
    });
  },
  { name: 'errors' },
);

function publicTitle(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    default:
      return error.statusCode === 429 ? 'Too many requests, please try again later' : 'Malformed request';
  }
}
