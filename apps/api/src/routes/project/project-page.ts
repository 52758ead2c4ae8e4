import type { FastifyPluginAsync } from 'fastify';
import fileRoutes from '../file/index.ts';
import imageRoutes from '../image/index.ts';
import linkRoutes from '../link/index.ts';
import projectUpdateRoutes from '../project-update/index.ts';
import reminderSettingRoutes from '../reminder-setting/index.ts';
import projectGitRoutes from './git.ts';
import projectRoutes from './index.ts';
import projectMessageRoutes from './messages.ts';
import projectObserverRoutes from './observer.ts';
import progressRoutes from './progress.ts';
import projectTeamRoutes from './team-member.ts';
import tourRoutes from './tour-state.ts';

/**
 * Every call of the client project page (docs/product.md §C2): project, files, links, updates, avatar images, the
 * team (new members, reminders), the first-visit tour and the clients' projects strip.
 */
const projectPageRoutes: FastifyPluginAsync = async (api) => {
  await api.register(projectRoutes);
  await api.register(fileRoutes);
  await api.register(linkRoutes);
  await api.register(projectUpdateRoutes);
  await api.register(imageRoutes);
  await api.register(projectTeamRoutes);
  await api.register(projectObserverRoutes);
  await api.register(reminderSettingRoutes);
  await api.register(tourRoutes);
  await api.register(progressRoutes);
  await api.register(projectGitRoutes);
  await api.register(projectMessageRoutes);
};

export default projectPageRoutes;
