import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { chatKeys } from './chat-messages.ts';

/** POST /api/project/{id}/messages: the signed-in user's message, optionally answering another. */
export async function postChatMessage(
  projectId: number,
  body: string,
  replyTo: string | null,
  files: string[] = [],
) {
  const { data } = await read('POST /api/project/{id}/messages', {
    path: { id: projectId },
    body: toDocument('message', {
      body,
      ...(replyTo ? { replyTo } : {}),
      ...(files.length > 0 ? { files } : {}),
    }),
  });
  return data;
}

/** PATCH /api/message/{id}: the author's new text (within 15 minutes). */
export async function editChatMessage(id: string, body: string) {
  const { data } = await read('PATCH /api/message/{id}', {
    path: { id },
    body: toDocument('message', { body }, { id }),
  });
  return data;
}

/** DELETE /api/message/{id}: leaves "message deleted". */
export async function deleteChatMessage(id: string) {
  await read('DELETE /api/message/{id}', { path: { id } });
}

/** Every chat write refreshes the conversation and its counts; the live event does so elsewhere. */
export function useChatWrites(projectId: number) {
  const queryClient = useQueryClient();
  // Not awaited: the box is free again as soon as the server has the message.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.all(projectId) });
  return {
    post: useMutation({
      mutationFn: (input: { body: string; replyTo: string | null; files?: string[] }) =>
        postChatMessage(projectId, input.body, input.replyTo, input.files),
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: (input: { id: string; body: string }) => editChatMessage(input.id, input.body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: deleteChatMessage, onSuccess: refresh }),
  };
}
