import type { QueryClient } from '@tanstack/react-query';

/** Query keys of one project's board; every change refreshes the whole board (small lists, one project). */
export const boardKeys = {
  all: (projectId: number) => ['task-board', projectId] as const,
  sprints: (projectId: number) => ['task-board', projectId, 'sprints'] as const,
  tasks: (projectId: number) => ['task-board', projectId, 'tasks'] as const,
  tags: (projectId: number) => ['task-board', projectId, 'tags'] as const,
  sidebar: (projectId: number) => ['task-board', projectId, 'sidebar'] as const,
  history: (projectId: number, page: number) => ['task-board', projectId, 'history', page] as const,
  comments: (projectId: number, taskId: number) => ['task-board', projectId, 'comments', taskId] as const,
};

export function refreshBoard(queryClient: QueryClient, projectId: number) {
  return queryClient.invalidateQueries({ queryKey: boardKeys.all(projectId) });
}
