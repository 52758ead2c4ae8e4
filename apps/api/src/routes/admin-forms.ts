import type { FastifyPluginAsync } from 'fastify';
import companyCreateRoutes from './companies/create.ts';
import projectCreateRoutes from './project-create/index.ts';
import teamCreateRoutes from './teams/create.ts';

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
