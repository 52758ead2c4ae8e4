import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { refreshBoard } from './board-keys.ts';
import type { Tag } from './get-tags.ts';

/** POST /api/tag/create. */
export async function createTag(projectId: number, title: string): Promise<Tag> {
  const { data } = await read('POST /api/tag/create', {
    body: toDocument('tag', { title, project_id: projectId }),
  });
  return { id: Number(data.id), title: data.title };
}

/** PATCH /api/tag/{id}. */
export async function renameTag(id: number, title: string): Promise<void> {
  await read('PATCH /api/tag/{id}', { path: { id }, body: toDocument('tag', { title }, { id }) });
}

/** DELETE /api/tag/{id}: the tag leaves its tasks, which stay. */
export async function deleteTag(id: number): Promise<void> {
  await read('DELETE /api/tag/{id}', { path: { id } });
}

export function useRenameTag(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) => renameTag(id, title),
    onSuccess: () => refreshBoard(queryClient, projectId),
  });
}

export function useDeleteTag(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTag, onSuccess: () => refreshBoard(queryClient, projectId) });
}
