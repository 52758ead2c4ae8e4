import { chatMailSettingDocumentSchema, idField } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { readChatMail, setChatMail } from '../../modules/chat/chat-mail-setting.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

const idParams = z.object({ id: idField });
const settingBody = z.object({
  data: z.object({
    type: z.literal('chat-mail-setting'),
    attributes: z.object({ 'mail-enabled': z.boolean() }),
  }),
});

const setting = (projectId: number, enabled: boolean) =>
  asDocument(
    chatMailSettingDocumentSchema,
    documentOf({ type: 'chat-mail-setting', id: String(projectId), attributes: { 'mail-enabled': enabled } }),
  );

/**
 * One's own missed-message mail of a project's chat (docs/adr/0022-project-chat.md), for whoever reads the
 * chat. Turning it on again makes the unsubscribe links of earlier mails stop working
 * (docs/adr/0026-unsubscribe-token-versions.md).
 */
const chatMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/:id/chat-mail',
    {
      schema: {
        tags: ['chat'],
        summary: "Whether I get this project's missed-message mail",
        params: idParams,
        response: { 200: chatMailSettingDocumentSchema },
      },
    },
    async (request) => {
      const project = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:chat-read', project);
      return setting(project.id, await readChatMail(app.db, actor.id, project.id));
    },
  );

  app.patch(
    '/project/:id/chat-mail',
    {
      schema: {
        tags: ['chat'],
        summary: "Turn my missed-message mail of this project's chat on or off",
        params: idParams,
        body: settingBody,
        response: { 200: chatMailSettingDocumentSchema },
      },
    },
    async (request) => {
      const project = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:chat-read', project);
      const enabled = request.body.data.attributes['mail-enabled'];
      await setChatMail(app.db, actor.id, project.id, enabled);
      return setting(project.id, enabled);
    },
  );
};

export default chatMailRoutes;
