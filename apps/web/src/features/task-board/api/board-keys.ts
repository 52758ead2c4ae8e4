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

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const numOrNull = (v: unknown): number | null =>
  v === null || v === undefined || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null;
export const refId = (v: unknown): number | null =>
  v && typeof v === 'object' && 'id' in v ? Number((v as { id: string }).id) : null;
export const refIds = (v: unknown): number[] =>
  Array.isArray(v) ? v.map((r) => Number((r as { id: string }).id)) : [];
