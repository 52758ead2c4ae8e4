import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { markLocalChange } from '../../../lib/live-changes.ts';
import { boardKeys, refreshBoard } from './board-keys.ts';
import type { BoardTask } from './get-tasks.ts';

export type TaskMove = { taskId: number; sprintId: number | null; index: number };

/** PATCH /api/task/{id} with the sprint (null = New Tasks) and the index in that column; the server renumbers. */
export async function moveTask(move: TaskMove): Promise<void> {
  await read('PATCH /api/task/{id}', {
    path: { id: move.taskId },
    body: toDocument(
      'task',
      { position: move.index },
      {
        id: move.taskId,
        relationships: {
          sprint: move.sprintId === null ? null : { type: 'sprint', id: String(move.sprintId) },
        },
      },
    ),
  });
}

/** The same move applied to a cached task list, so the card lands at once while the call runs. */
export function applyMove(tasks: BoardTask[], move: TaskMove): BoardTask[] {
  const moving = tasks.find((t) => t.id === move.taskId);
  if (!moving) return tasks;
  const column = tasks
    .filter((t) => t.sprintId === move.sprintId && t.id !== move.taskId)
    .sort((a, b) => a.position - b.position);
  column.splice(Math.min(move.index, column.length), 0, { ...moving, sprintId: move.sprintId });
  const placed = new Map(column.map((t, position) => [t.id, { ...t, position }]));
  return tasks.map((t) => placed.get(t.id) ?? t);
}

export function useMoveTask(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTask,
    onMutate: async (move) => {
      markLocalChange('task', move.taskId);
      await queryClient.cancelQueries({ queryKey: boardKeys.tasks(projectId) });
      const before = queryClient.getQueryData<BoardTask[]>(boardKeys.tasks(projectId));
      if (before) queryClient.setQueryData(boardKeys.tasks(projectId), applyMove(before, move));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(boardKeys.tasks(projectId), context.before);
    },
    onSettled: () => refreshBoard(queryClient, projectId),
  });
}
