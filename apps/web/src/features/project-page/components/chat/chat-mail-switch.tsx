import { Switch, Text } from '@mantine/core';
import { useChatMail, useSetChatMail } from '../../api/chat-mail.ts';

/**
 * "E-mail me about missed messages": the signed-in user's missed-message mail of this project
 * (docs/adr/0022-project-chat.md, decision 8), the place to turn it on again after a mail's unsubscribe
 * link. Shown only to the people the mail is for (owner, members, account manager).
 */
export function ChatMailSwitch({ projectId }: { projectId: number }) {
  const setting = useChatMail(projectId);
  const save = useSetChatMail(projectId);
  // Loading or not for this person: nothing to show (the chat itself is the screen).
  if (!setting.data?.applies) return null;
  const enabled = save.isPending && save.variables !== undefined ? save.variables : setting.data.enabled;
  return (
    <div>
      <Switch
        size="sm"
        label="E-mail me about missed messages"
        description="When messages wait unread 10 minutes (1 after an @mention)"
        checked={enabled}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
      />
      {save.isError && (
        <Text size="xs" c="red" role="alert" mt={4}>
          The setting could not be saved. Please try again.
        </Text>
      )}
    </div>
  );
}
