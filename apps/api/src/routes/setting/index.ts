import {
  cappedText,
  idField,
  isStaffRole,
  settingDocumentSchema,
  settingListDocumentSchema,
  TEXT_MAX,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { settingNameFilter } from '../../modules/settings/search-query.ts';
import { presentSetting } from '../../modules/settings/setting-presenter.ts';
import { createSetting, findSettingsByName, updateSetting } from '../../modules/settings/settings.ts';

const idParams = z.object({ id: idField });
const text = z.string().trim().min(1, 'Required').max(200);
// A value may be empty (an empty phone-prefix list); each setting's own rule decides (setting-rules.ts).
const value = z.string().trim().max(2000);
const createBody = z.object({
  data: z.object({
    type: z.literal('setting').optional(),
    attributes: z.object({ name: text, value }),
  }),
});
const updateBody = z.object({
  data: z.object({
    type: z.literal('setting'),
    id: cappedText(TEXT_MAX.short).optional(),
    attributes: z.object({ value }),
  }),
});

const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Writes are admin-level (docs/product.md §A6); checked before the body so visitors get 401/403, never 422.
  const adminOnly = async (request: Parameters<typeof app.authorize>[0]) => {
    app.authorize(request, 'admin:access');
  };

  app.get(
    '/setting/search',
    {
      schema: {
        tags: ['setting'],
        summary: 'Settings by name, e.g. filter[name]=defaultAccauntManager (staff)',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: settingListDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.requireActor(request);
      if (!isStaffRole(actor.role)) throw forbidden();
      const rows = await findSettingsByName(app.db, settingNameFilter(request.query));
      return asDocument(
        settingListDocumentSchema,
        documentOf(rows.map(presentSetting), undefined, { 'page-count': rows.length > 0 ? 1 : 0 }),
      );
    },
  );

  app.post(
    '/setting/create',
    {
      schema: {
        tags: ['setting'],
        summary: 'Create a setting (admin-level)',
        body: createBody,
        response: { 201: settingDocumentSchema },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const row = await createSetting(app.db, request.body.data.attributes);
      return reply.status(201).send(asDocument(settingDocumentSchema, { data: presentSetting(row) }));
    },
  );

  app.patch(
    '/setting/:id',
    {
      schema: {
        tags: ['setting'],
        summary: 'Change a setting value (admin-level)',
        params: idParams,
        body: updateBody,
        response: { 200: settingDocumentSchema },
      },
      preValidation: adminOnly,
    },
    async (request) => {
      const row = await updateSetting(app.db, request.params.id, request.body.data.attributes.value);
      return asDocument(settingDocumentSchema, { data: presentSetting(row) });
    },
  );
};

export default settingRoutes;
