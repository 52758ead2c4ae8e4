import {
  cappedText,
  lookupListDocumentSchema,
  TEXT_MAX,
  techListDocumentSchema,
  timezoneListDocumentSchema,
} from '@dd/domain';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as s from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { asDocument } from '../../lib/jsonapi/document.ts';

type LookupTable = PgTable & { id: PgColumn; title: PgColumn; position: PgColumn };

// Wire type -> table. Each answers GET /{type} and GET /{type}/search with an optional sort.
const LOOKUPS: Record<string, LookupTable> = {
  'company-size': s.companySizes,
  'company-type': s.companyTypes,
  'company-industry': s.companyIndustries,
  'company-project-funding': s.companyProjectFundings,
  'project-size': s.projectSizes,
  'project-budget': s.projectBudgets,
  'project-state': s.projectStates,
  'project-start': s.projectStarts,
  'project-status': s.projectStatuses,
  'project-type': s.projectTypes,
  'task-type': s.taskTypes,
  'task-priority': s.taskPriorities,
  'task-status': s.taskStatuses,
  'sprint-status': s.sprintStatuses,
};

const sortQuery = z.object({ sort: z.enum(['id', '-id', 'title', '-title', 'position']).optional() });

function orderFor(table: LookupTable, sort: string | undefined) {
  switch (sort) {
    case 'id':
      return asc(table.id);
    case '-id':
      return desc(table.id);
    case 'title':
      return asc(table.title);
    case '-title':
      return desc(table.title);
    default:
      return asc(table.position);
  }
}

const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [type, table] of Object.entries(LOOKUPS)) {
    const handler = async (request: { query: z.infer<typeof sortQuery> }) => {
      const rows = await app.db
        .select({ id: table.id, title: table.title })
        .from(table)
        .orderBy(orderFor(table, request.query.sort), asc(table.id));
      return {
        data: rows.map((r) => ({ type, id: String(r.id), attributes: { title: r.title as string } })),
      };
    };
    const schema = {
      tags: ['lookup'],
      security: [], // a visitor may call it (docs/adr/0009)
      summary: `${type} lookup`,
      querystring: sortQuery,
      response: { 200: lookupListDocumentSchema },
    };
    app.get(`/${type}`, { schema }, handler);
    app.get(`/${type}/search`, { schema }, handler);
  }

  app.get(
    '/tech/search',
    {
      schema: {
        tags: ['lookup'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'Techs with their groups',
        response: { 200: techListDocumentSchema },
        querystring: z.object({
          actualOnly: z.enum(['0', '1', 'true', 'false']).optional(),
          include: cappedText(TEXT_MAX.query).optional(),
          sort: cappedText(TEXT_MAX.query).optional(),
        }),
      },
    },
    async (request) => {
      const include = request.query.include?.split(',') ?? [];
      if (include.some((i) => i !== 'tech-group' && i !== 'techGroup'))
        throw new AppError('bad_request', { title: 'Only tech-group can be included', parameter: 'include' });
      const actualOnly = request.query.actualOnly === '1' || request.query.actualOnly === 'true';
      const rows = await app.db
        .select()
        .from(s.techs)
        .where(actualOnly ? eq(s.techs.actual, true) : undefined)
        .orderBy(asc(s.techs.techGroupId), asc(s.techs.position), asc(s.techs.id));
      const groups = include.length
        ? await app.db
            .select()
            .from(s.techGroups)
            .where(inArray(s.techGroups.id, [...new Set(rows.map((r) => r.techGroupId))]))
        : [];
      return asDocument(techListDocumentSchema, {
        data: rows.map((r) => ({
          type: 'tech',
          id: String(r.id),
          attributes: { title: r.title, 'tech-group-id': r.techGroupId },
          relationships: { 'tech-group': { data: { type: 'tech-group', id: String(r.techGroupId) } } },
        })),
        included: groups.map((g) => ({
          type: 'tech-group',
          id: String(g.id),
          attributes: { title: g.title },
        })),
      });
    },
  );

  const timezones = async () => {
    const rows = await app.db.select().from(s.timezones).orderBy(asc(s.timezones.id));
    return asDocument(timezoneListDocumentSchema, {
      data: rows.map((r) => ({
        type: 'timezone',
        id: String(r.id),
        attributes: { title: r.title, offset: r.offset },
      })),
    });
  };
  const timezoneSchema = {
    tags: ['lookup'],
    security: [], // a visitor may call it (docs/adr/0009)
    summary: 'Timezones',
    response: { 200: timezoneListDocumentSchema },
  };
  app.get('/timezone', { schema: timezoneSchema }, timezones);
  app.get('/timezone/search', { schema: timezoneSchema }, timezones);
};

export default lookupRoutes;
