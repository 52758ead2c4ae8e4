import type { TeamMemberRole } from '@dd/domain';

/** The role as the team editor and its modal name it: 'Add developer', 'Unable to add project manager to project'. */
export const MEMBER_ROLE_WORDS: Record<TeamMemberRole, string> = {
  developer: 'developer',
  projectManager: 'project manager',
};
