import type { FastifyPluginAsync } from 'fastify';
import pageTasksSidebarRoutes from './page-tasks-sidebar.ts';
import projectHistoryRoutes from './project-history.ts';
import sprintRoutes from './sprint.ts';
import tagRoutes from './tag.ts';
import taskRoutes from './task.ts';
import taskCommentRoutes from './task-comment.ts';

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
