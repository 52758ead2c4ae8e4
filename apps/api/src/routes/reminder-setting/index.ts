import {
  type Actor,
  can,
  idField,
  reminderSettingCreateSchema,
  reminderSettingDocumentSchema,
  reminderSettingListDocumentSchema,
  reminderSettingUpdateSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { invalidProjectId } from '../../lib/jsonapi/query.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';
import {
  createReminderSetting,
  loadReminderSetting,
  presentReminderSetting,
  searchReminderSettings,
  updateReminderSetting,
} from '../../modules/reminders/reminder-settings.ts';

const idParams = z.object({ id: idField });
const createBody = z.object({
  data: z.object({ type: z.literal('reminder-setting').optional(), attributes: reminderSettingCreateSchema }),
});
const updateBody = z.object({
  data: z.object({
    type: z.literal('reminder-setting').optional(),
    id: z.coerce.string().optional(),
    attributes: reminderSettingUpdateSchema,
  }),
});
const idValue = idField;

/**
 * The spec's client asks GET /reminder-setting/search?page[size]=null&sort=... without a filter; the
 * page may narrow it with filter[project_id]=N or filter[0][0]==&filter[0][1]=project_id&filter[0][2]=N.
 */
function readSearchQuery(query: Record<string, unknown>): { projectId: number | null; newestFirst: boolean } {
  const bad = (title: string, parameter: string) => new AppError('bad_request', { title, parameter });
  let projectId: number | null = null;
  const filter = query.filter;
  if (filter !== undefined) {
    if (typeof filter !== 'object' || filter === null) throw bad('Invalid filter', 'filter');
    for (const [key, entry] of Object.entries(filter as Record<string, unknown>)) {
      let value: unknown;
      if (key === 'project_id') value = entry;
      else if (/^\d+$/.test(key) && typeof entry === 'object' && entry !== null) {
        const t = entry as Record<string, unknown>;
        if (t['0'] !== '=' || t['1'] !== 'project_id')
          throw bad('Only filter[project_id] is allowed', `filter[${key}]`);
        value = t['2'];
      } else throw bad(`Filtering by '${key}' is not allowed`, `filter[${key}]`);
      const parsed = idValue.safeParse(value);
      if (!parsed.success) throw bad(invalidProjectId(value), `filter[${key}]`);
      projectId = parsed.data;
    }
  }
  const sort = query.sort ?? 'id';
  if (sort !== 'id' && sort !== '-id') throw bad(`Sorting by '${String(sort)}' is not allowed`, 'sort');
  const size = (query.page as Record<string, unknown> | undefined)?.size;
  if (size !== undefined && size !== 'null' && size !== '0' && size !== '')
    throw bad('Reminder settings are not paged: use page[size]=null', 'page[size]');
  return { projectId, newestFirst: sort === '-id' };
}

/** Who may see or toggle reminders without naming a project: the team editors (a role rule). */
const mayManageSomeTeam = (actor: Actor) => can(actor, 'project:manage-team', { ownerId: null });

/** Per-person reminder toggles of the team panel (docs/product.md §C4, §C7). */
const reminderSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reminder-setting/search',
    {
      schema: {
        tags: ['reminder-setting'],
        summary: 'Reminder settings, never paged (team editors; filter[project_id] narrows)',
        response: { 200: reminderSettingListDocumentSchema },
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (request) => {
      const actor = app.requireActor(request);
      const { projectId, newestFirst } = readSearchQuery(request.query);
      if (projectId === null) {
        if (!mayManageSomeTeam(actor)) throw forbidden();
      } else app.authorize(request, 'project:manage-team', await loadProjectRef(app.db, projectId));
      const rows = await searchReminderSettings(app.db, projectId, newestFirst);
      return asDocument(
        reminderSettingListDocumentSchema,
        documentOf(rows.map(presentReminderSetting), undefined, {
          'page-count': rows.length > 0 ? 1 : 0,
          total: rows.length,
        }),
      );
    },
  );

  app.post(
    '/reminder-setting/create',
    {
      schema: {
        tags: ['reminder-setting'],
        summary: "A member's first reminder toggle",
        body: createBody,
        response: { 201: reminderSettingDocumentSchema },
      },
      preValidation: async (request) => {
        if (!mayManageSomeTeam(app.requireActor(request))) throw forbidden();
      },
    },
    async (request, reply) => {
      const input = request.body.data.attributes;
      app.authorize(request, 'project:manage-team', await loadProjectRef(app.db, input.project_id));
      const row = await createReminderSetting(app.db, input);
      return reply
        .status(201)
        .send(asDocument(reminderSettingDocumentSchema, documentOf(presentReminderSetting(row))));
    },
  );

  app.patch(
    '/reminder-setting/:id',
    {
      schema: {
        tags: ['reminder-setting'],
        summary: 'Flip a reminder (is-enabled 0 or 1)',
        response: { 200: reminderSettingDocumentSchema },
        params: idParams,
        body: updateBody,
      },
      preValidation: async (request) => {
        if (!mayManageSomeTeam(app.requireActor(request))) throw forbidden();
      },
    },
    async (request) => {
      const setting = await loadReminderSetting(app.db, request.params.id);
      app.authorize(request, 'project:manage-team', await loadProjectRef(app.db, setting.projectId));
      const row = await updateReminderSetting(app.db, setting.id, request.body.data.attributes['is-enabled']);
      return asDocument(reminderSettingDocumentSchema, documentOf(presentReminderSetting(row)));
    },
  );
};

export default reminderSettingRoutes;
