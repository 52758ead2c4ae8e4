import { chatMailDocumentSchema, chatMailSettingSchema, idField } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { chatMailSetting, setChatMail } from '../../modules/chat/message-service.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

const idParams = z.object({ id: idField });
const settingBody = z.object({
  data: z.object({
    type: z.literal('chat-mail').optional(),
    id: z.string().max(20).optional(),
    attributes: chatMailSettingSchema,
  }),
});

/**
 * The signed-in user's missed-message mail of one project (id: the project), read and turned on or off
 * from the chat itself; the mail's one-click link only turns it off (docs/adr/0022-project-chat.md).
 */
const chatMailSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = (projectId: number, setting: { enabled: boolean; applies: boolean }) =>
    asDocument(chatMailDocumentSchema, {
      data: { type: 'chat-mail', id: String(projectId), attributes: setting },
    });

  app.get(
    '/chat/:id/mail',
    {
      schema: {
        tags: ['chat'],
        summary: "Whether I get this project's missed-message mail (id: the project)",
        params: idParams,
        response: { 200: chatMailDocumentSchema },
      },
    },
    async (request) => {
      const project = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:chat-read', project);
      return answer(project.id, await chatMailSetting(app.db, actor.id, project.id));
    },
  );

  app.patch(
    '/chat/:id/mail',
    {
      schema: {
        tags: ['chat'],
        summary: 'Turn my missed-message mail of this project on or off (id: the project)',
        params: idParams,
        body: settingBody,
        response: { 200: chatMailDocumentSchema },
      },
    },
    async (request) => {
      const project = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:chat-read', project);
      await setChatMail(app.db, actor.id, project.id, request.body.data.attributes.enabled);
      return answer(project.id, await chatMailSetting(app.db, actor.id, project.id));
    },
  );
};

export default chatMailSettingRoutes;
