import type { FastifyPluginAsync } from 'fastify';
import companyRoutes from './company/index.ts';
import projectSearchRoutes from './project/search.ts';
import teamRoutes from './team/index.ts';
import userSearchRoutes from './user/search.ts';

/** The admin area's four tables (docs/product.md §A2, §A7): one registration line in app.ts. */
const adminListRoutes: FastifyPluginAsync = async (app) => {
  await app.register(projectSearchRoutes);
  await app.register(userSearchRoutes);
  await app.register(teamRoutes);
  await app.register(companyRoutes);
};

export default adminListRoutes;
