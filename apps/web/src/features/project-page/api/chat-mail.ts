import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

export type ChatMailSetting = { enabled: boolean; applies: boolean };

// Not under chatKeys.all: a live message refreshes the conversation, not this setting.
const mailKey = (projectId: number) => ['chat-mail', projectId] as const;

/** GET /api/chat/{id}/mail: whether the signed-in user gets this project's missed-message mail. */
export function useChatMail(projectId: number) {
  return useQuery({
    queryKey: mailKey(projectId),
    queryFn: async (): Promise<ChatMailSetting> => {
      const { data } = await read('GET /api/chat/{id}/mail', {
        path: { id: projectId },
        suppressErrorToast: true,
      });
      return { enabled: data.enabled, applies: data.applies };
    },
    retry: false,
  });
}

/** PATCH /api/chat/{id}/mail: turns it on (again, after a mail's unsubscribe link) or off. */
export function useSetChatMail(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean): Promise<ChatMailSetting> => {
      const { data } = await read('PATCH /api/chat/{id}/mail', {
        path: { id: projectId },
        body: toDocument('chat-mail', { enabled }, { id: String(projectId) }),
      });
      return { enabled: data.enabled, applies: data.applies };
    },
    onSuccess: (setting) => queryClient.setQueryData(mailKey(projectId), setting),
  });
}
