import type { FastifyPluginAsync } from 'fastify';
import pageTasksSidebarRoutes from '../page-tasks/sidebar.ts';
import projectHistoryRoutes from '../project-history/index.ts';
import sprintRoutes from '../sprint/index.ts';
import tagRoutes from '../tag/index.ts';
import taskRoutes from '../task/index.ts';
import taskCommentRoutes from '../task-comment/index.ts';

/** Every call of the per-project task board (docs/product.md §A7). */
const boardRoutes: FastifyPluginAsync = async (api) => {
  await api.register(sprintRoutes);
  await api.register(taskRoutes);
  await api.register(tagRoutes);
  await api.register(taskCommentRoutes);
  await api.register(pageTasksSidebarRoutes);
  await api.register(projectHistoryRoutes);
};

export default boardRoutes;
