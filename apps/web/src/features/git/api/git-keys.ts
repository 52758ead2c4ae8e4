/** Query keys of the Git tab: everything of one project starts with gitKeys.all(projectId). */
export const gitKeys = {
  all: (projectId: number) => ['git', projectId] as const,
  repositories: (projectId: number) => ['git', projectId, 'repositories'] as const,
  activity: (projectId: number, taskId?: number) =>
    taskId === undefined
      ? (['git', projectId, 'activity'] as const)
      : (['git', projectId, 'activity', 'task', taskId] as const),
};
