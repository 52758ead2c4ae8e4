import type { FastifyPluginAsync } from 'fastify';
import companyCreateRoutes from './company/create.ts';
import projectCreateRoutes from './project/create.ts';
import teamCreateRoutes from './team/create.ts';

/**
 * The admin create forms (docs/product.md §A2, §A7): company, team and project. POST /user/create and the
 * edit-user PATCH live with the other user routes in routes/users.
 */
const adminFormRoutes: FastifyPluginAsync = async (app) => {
  await app.register(companyCreateRoutes);
  await app.register(teamCreateRoutes);
  await app.register(projectCreateRoutes);
};

export default adminFormRoutes;
