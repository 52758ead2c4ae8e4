import { TEXT_MAX } from '@dd/domain';
import { ActionIcon, Box, Button, Group, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { loadFormDraft, useFormDraft } from '../../../../lib/form-draft.ts';
import type { ChatMessage } from '../../api/chat-messages.ts';
import { announceTyping } from '../../api/chat-presence.ts';

/**
 * The message box: Enter sends, Shift+Enter breaks the line; what is typed is kept as a local draft per
 * project (it survives a reload) and cleared once sent. Typing is announced to the others, throttled.
 */
export function ChatComposer({
  projectId,
  replyTo,
  onCancelReply,
  onSend,
}: {
  projectId: number;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  onSend: (body: string) => Promise<unknown>;
}) {
  const draftName = `chat-${projectId}`;
  const [body, setBody] = useState(() => {
    const draft = loadFormDraft<{ body: string }>(draftName);
    return typeof draft?.body === 'string' ? draft.body : '';
  });
  const [sending, setSending] = useState(false);
  const clearDraft = useFormDraft(draftName, { body });
  const input = useRef<HTMLTextAreaElement>(null);

  const send = async () => {
    const text = body.trim();
    if (!text || sending) return;
    setSending(true);
    try {
      await onSend(text);
      setBody('');
      clearDraft();
    } catch {
      // The api client showed why (too fast, too long...); the text stays to try again.
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  return (
    <Box
      component="form"
      className="dd-chat__composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {replyTo && (
        <Group gap="xs" wrap="nowrap" className="dd-chat__replying" justify="space-between">
          <Text size="xs" truncate>
            Replying to <strong>{replyTo.authorName ?? 'Former member'}</strong>: {replyTo.body.slice(0, 120)}
          </Text>
          <ActionIcon size="sm" variant="subtle" aria-label="Cancel reply" onClick={onCancelReply}>
            ×
          </ActionIcon>
        </Group>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Textarea
          ref={input}
          aria-label="Message"
          placeholder="Write a message… (Enter sends, Shift+Enter for a new line)"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={TEXT_MAX.long}
          style={{ flex: 1 }}
          value={body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            if (e.currentTarget.value.trim()) announceTyping(projectId);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button type="submit" loading={sending} disabled={!body.trim()}>
          Send
        </Button>
      </Group>
    </Box>
  );
}
