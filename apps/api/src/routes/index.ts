import type { FastifyPluginAsync } from 'fastify';
import authorizationRoutes from './authorization/index.ts';
import passwordResetRoutes from './authorization/password-reset.ts';
import chatRoutes from './chat/index.ts';
import companyCreateRoutes from './company/create.ts';
import companyRoutes from './company/index.ts';
import digestRoutes from './digest/index.ts';
import emailChangeRoutes from './email-change/index.ts';
import eventRoutes from './events/index.ts';
import fileRoutes from './file/index.ts';
import healthRoutes from './health/index.ts';
import imageRoutes from './image/index.ts';
import invitationRoutes from './invitation/index.ts';
import linkRoutes from './link/index.ts';
import lookupRoutes from './lookups/index.ts';
import mailOutboxRoutes from './mail-outbox/index.ts';
import messageRoutes from './message/index.ts';
import notificationRoutes from './notification/index.ts';
import pageTasksSidebarRoutes from './page-tasks/sidebar.ts';
import projectCreateRoutes from './project/create.ts';
import projectDeliveryRoutes from './project/deliveries.ts';
import projectGitRoutes from './project/git.ts';
import projectRoutes from './project/index.ts';
import projectMessageRoutes from './project/messages.ts';
import projectObserverRoutes from './project/observer.ts';
import projectProgressRoutes from './project/progress.ts';
import projectReportRoutes from './project/report.ts';
import projectSearchRoutes from './project/search.ts';
import projectTeamMemberRoutes from './project/team-member.ts';
import projectTourStateRoutes from './project/tour-state.ts';
import projectHistoryRoutes from './project-history/index.ts';
import projectUpdateRoutes from './project-update/index.ts';
import reminderSettingRoutes from './reminder-setting/index.ts';
import repositoryRoutes from './repository/index.ts';
import scheduledCallRoutes from './scheduled-call/index.ts';
import settingRoutes from './setting/index.ts';
import setupRoutes from './setup/index.ts';
import sprintRoutes from './sprint/index.ts';
import tagRoutes from './tag/index.ts';
import taskDecisionRoutes from './task/decisions.ts';
import taskRoutes from './task/index.ts';
import taskCommentRoutes from './task-comment/index.ts';
import teamCreateRoutes from './team/create.ts';
import teamRoutes from './team/index.ts';
import userRoutes from './user/index.ts';
import userRegisterClientRoutes from './user/register-client.ts';
import userSearchRoutes from './user/search.ts';
import webhookRoutes from './webhooks/index.ts';

/**
 * Every route file, registered under /api in the order of the tree: the folder is the URL
 * (`routes/project/messages.ts` serves `/api/project/{id}/messages`), `index.ts` is the resource itself
 * (`/x`, `/x/{id}`), a named file one sub-resource or operation. `route-folders.test.ts` fails when a
 * route's file is not in the folder of its URL (docs/ARCHITECTURE.md).
 */
const apiRoutes: FastifyPluginAsync = async (api) => {
  await api.register(authorizationRoutes);
  await api.register(passwordResetRoutes);
  await api.register(chatRoutes);
  await api.register(companyRoutes);
  await api.register(companyCreateRoutes);
  await api.register(digestRoutes);
  await api.register(emailChangeRoutes);
  await api.register(eventRoutes);
  await api.register(fileRoutes);
  await api.register(healthRoutes);
  await api.register(imageRoutes);
  await api.register(invitationRoutes);
  await api.register(linkRoutes);
  // The lookup lists, one URL root each (`/api/project-size`, `/api/timezone`…), from one table.
  await api.register(lookupRoutes);
  await api.register(mailOutboxRoutes);
  await api.register(messageRoutes);
  await api.register(notificationRoutes);
  await api.register(pageTasksSidebarRoutes);
  await api.register(projectRoutes);
  await api.register(projectCreateRoutes);
  await api.register(projectDeliveryRoutes);
  await api.register(projectGitRoutes);
  await api.register(projectMessageRoutes);
  await api.register(projectObserverRoutes);
  await api.register(projectProgressRoutes);
  await api.register(projectReportRoutes);
  await api.register(projectSearchRoutes);
  await api.register(projectTeamMemberRoutes);
  await api.register(projectTourStateRoutes);
  await api.register(projectHistoryRoutes);
  await api.register(projectUpdateRoutes);
  await api.register(reminderSettingRoutes);
  await api.register(repositoryRoutes);
  await api.register(scheduledCallRoutes);
  await api.register(settingRoutes);
  await api.register(setupRoutes);
  await api.register(sprintRoutes);
  await api.register(tagRoutes);
  await api.register(taskRoutes);
  await api.register(taskDecisionRoutes);
  await api.register(taskCommentRoutes);
  await api.register(teamRoutes);
  await api.register(teamCreateRoutes);
  await api.register(userRoutes);
  await api.register(userRegisterClientRoutes);
  await api.register(userSearchRoutes);
  await api.register(webhookRoutes);
};

export default apiRoutes;
