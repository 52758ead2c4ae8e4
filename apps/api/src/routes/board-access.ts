import { type Actor, idField, parseId } from '@dd/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { parseListQuery } from '../lib/jsonapi/query.ts';
import { loadProjectRef } from '../modules/projects/load-project.ts';

export const idParams = z.object({ id: idField });
export const listQuery = z.record(z.string(), z.unknown());

/**
 * Every board call authorizes twice, before loading anything else: the board at all ('board:use', so
 * readonlyManager and clients get 403 even for an unknown id), then this project ('project:board').
 */
export async function authorizeBoard(app: FastifyInstance, request: FastifyRequest, projectId: number) {
  app.authorize(request, 'board:use');
  const project = await loadProjectRef(app.db, projectId);
  return { actor: authorizeBoardProject(app, request, project), project };
}

/**
 * The same two checks for a project whose owner and clients were read with the resource itself
 * ('board:use' again is an in-memory check).
 */
export function authorizeBoardProject(
  app: FastifyInstance,
  request: FastifyRequest,
  project: { ownerId: number | null; clientIds: number[] },
) {
  app.authorize(request, 'board:use');
  return app.authorize(request, 'project:board', project);
}

/** The project id of a board list: filter[i] = ['=', 'project.id', id] (docs/product.md §A7), required. */
export function projectIdFilter(
  raw: Record<string, unknown>,
  viewer: Actor,
  includes: readonly string[],
  field = 'project.id',
) {
  // Board lists are whole lists (docs/product.md §A7: size 0); paging parameters are checked but not needed.
  const query = parseListQuery(
    raw,
    {
      filters: { [field]: ['='] },
      sorts: ['created', 'id'],
      includes,
      defaultSort: '-created',
      allowUnlimited: true,
    },
    viewer,
  );
  const filter = query.filters.find((f) => f.field === field);
  const id = parseId(filter?.value);
  if (!filter || id === null)
    throw new AppError('bad_request', { title: `Filter by ${field} is required`, parameter: 'filter' });
  return { id, include: query.include };
}

/** `include=a,b` checked against the allowed names (400 for any other). */
export function parseIncludes(raw: string | undefined, allowed: readonly string[]): string[] {
  if (!raw) return [];
  return raw.split(',').map((name) => {
    if (!allowed.includes(name))
      throw new AppError('bad_request', { title: `Include '${name}' is not allowed`, parameter: 'include' });
    return name;
  });
}
