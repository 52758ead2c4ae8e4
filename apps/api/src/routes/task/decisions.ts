import {
  type DeliveryDecision,
  deliveryAcceptSchema,
  deliveryDocumentSchema,
  deliveryRejectSchema,
  idField,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { loadTaskWithProject } from '../../modules/board/task-queries.ts';
import { decideDelivery } from '../../modules/deliveries/decide-delivery.ts';
import { presentDelivery } from '../../modules/deliveries/delivery-presenter.ts';
import { loadDelivery } from '../../modules/deliveries/delivery-queries.ts';
import { projectReplyTo } from '../../modules/inbound-mail/reply-token.ts';

const idParams = z.object({ id: idField });
const bodyOf = <A extends z.ZodType>(attributes: A) =>
  z.object({ data: z.object({ type: z.literal('delivery').optional(), attributes }) });
const BODIES = {
  accept: bodyOf(deliveryAcceptSchema).nullish(),
  reject: bodyOf(deliveryRejectSchema),
} as const;

/**
 * The product owner's decision on a delivered task (docs/adr/0021-delivery-review-and-report.md):
 * accept (to 5) or reject with a reason (to 6). 409 when the task is no longer in status 4.
 */
const decisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const authorizeTask = async (request: Parameters<typeof app.authorize>[0], id: number) => {
    const { task, project } = await loadTaskWithProject(app.db, id);
    return { task, actor: app.authorize(request, 'project:decide-delivery', project) };
  };
  for (const decision of ['accept', 'reject'] as const satisfies readonly DeliveryDecision[]) {
    app.post(
      `/task/:id/${decision}`,
      {
        schema: {
          tags: ['project'],
          summary:
            decision === 'accept'
              ? 'Accept a delivered task (status 4 → 5); 409 when it is no longer waiting'
              : 'Reject a delivered task with a reason (status 4 → 6, the reason as a comment); 409 when it is no longer waiting',
          params: idParams,
          body: BODIES[decision],
          response: { 200: deliveryDocumentSchema },
        },
        config: { rateLimit: { max: 120, timeWindow: '15 minutes' } },
        // Visitors and other roles get 401/403 before the body is looked at, never a 422.
        preValidation: async (request) => {
          const params = idParams.safeParse(request.params);
          if (params.success) await authorizeTask(request, params.data.id);
        },
      },
      async (request) => {
        const { task, actor } = await authorizeTask(request, request.params.id);
        const reason = request.body?.data.attributes.reason?.trim() || null;
        await decideDelivery(
          app.db,
          {
            taskId: task.id,
            projectId: task.projectId,
            actorId: actor.id,
            decision,
            reason,
            now: app.config.now(),
          },
          {
            productName: app.config.productName,
            publicUrl: app.config.publicUrl,
            sendMail: (message, tx) => app.mailer.send(message, { tx }),
            replyTo: (userId, projectId) => projectReplyTo(app.config, app.appSecret, userId, projectId),
          },
        );
        const row = await loadDelivery(app.db, task.id);
        if (!row) throw notFound('Task');
        return { data: presentDelivery(row) };
      },
    );
  }
};

export default decisionRoutes;
