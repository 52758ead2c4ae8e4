import { unreadBadge } from '@dd/domain';
import { Badge } from '@mantine/core';
import { useChatUnread } from '../../api/chat-messages.ts';

/** The number of messages in a project's chat the signed-in user has not seen; nothing when none. */
export function ChatUnreadBadge({ projectId }: { projectId: number }) {
  const unread = useChatUnread(projectId);
  const count = unread.data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      circle={count < 10}
      aria-label={`${count} unread messages`}
      data-testid="chat-unread"
    >
      {unreadBadge(count)}
    </Badge>
  );
}
