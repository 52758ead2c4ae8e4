import fp from 'fastify-plugin';
import { processDelivery } from '../../modules/git/process-delivery.ts';
import { pruneDeliveries } from '../../modules/git/prune-deliveries.ts';
import { GIT_DELIVERY_JOB, type GitDeliveryJob } from '../../modules/git/receive-delivery.ts';

/**
 * The job that does a webhook delivery's work after the provider has its answer (docs/adr/0023-webhooks.md):
 * the route only verifies and stores the raw delivery and queues this job in the same transaction; the
 * minute tick prunes the raw deliveries past their retention.
 */
export default fp(
  async (app) => {
    app.jobs.define(GIT_DELIVERY_JOB, async (payload) => {
      const { deliveryId } = payload as GitDeliveryJob;
      await processDelivery(app.db, deliveryId, app.config.now());
    });
    // Raw deliveries past their retention go, a batch each minute (modules/git/prune-deliveries.ts).
    app.jobs.onTick('git delivery prune', async (now) => void (await pruneDeliveries(app.db, now)));
  },
  { name: 'git-deliveries', dependencies: ['config', 'database', 'jobs'] },
);
