import { MAX_FILE_SIZE, MESSAGE_FILES_MAX, MESSAGES, shortenFileName, TEXT_MAX } from '@dd/domain';
import { ActionIcon, Box, Button, FileButton, Group, Text, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { loadFormDraft, useFormDraft } from '../../../../lib/form-draft.ts';
import type { ChatMessage } from '../../api/chat-messages.ts';
import { announceTyping } from '../../api/chat-presence.ts';
import { uploadProjectFile } from '../../api/upload-file.ts';

type Attached = {
  key: number;
  name: string;
  progress: number;
  status: 'uploading' | 'done' | 'error' | 'size-error';
  id?: string;
  abort?: () => void;
};
let nextKey = 1;

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
  onSend: (body: string, files: string[]) => Promise<unknown>;
}) {
  const [attached, setAttached] = useState<Attached[]>([]);
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
    if (!text || sending || attached.some((a) => a.status === 'uploading')) return;
    setSending(true);
    try {
      await onSend(
        text,
        attached.flatMap((a) => (a.status === 'done' && a.id ? [a.id] : [])),
      );
      setBody('');
      setAttached([]);
      clearDraft();
    } catch {
      // The api client showed why (too fast, too long...); the text stays to try again.
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const patch = (key: number, change: Partial<Attached>) =>
    setAttached((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));
  const attach = (files: File[]) => {
    for (const file of files.slice(0, MESSAGE_FILES_MAX - attached.length)) {
      const key = nextKey++;
      if (file.size > MAX_FILE_SIZE) {
        setAttached((list) => [...list, { key, name: file.name, progress: 0, status: 'size-error' }]);
        continue;
      }
      const handle = uploadProjectFile(projectId, file, (progress) => patch(key, { progress }), 'chat');
      setAttached((list) => [
        ...list,
        { key, name: file.name, progress: 0, status: 'uploading', abort: handle.abort },
      ]);
      handle.promise.then(
        (id) => patch(key, { status: 'done', id: String(id), progress: 100 }),
        () => patch(key, { status: 'error' }),
      );
    }
  };
  const removeAttached = (item: Attached) => {
    item.abort?.();
    setAttached((list) => list.filter((a) => a.key !== item.key));
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
      {attached.length > 0 && (
        <Group gap={6} component="ul" className="dd-chat__attached" aria-label="Files to send">
          {attached.map((a) => (
            <Group component="li" key={a.key} gap={4} wrap="nowrap" className="dd-chat__attached-item">
              <Text size="xs" c={a.status === 'done' || a.status === 'uploading' ? undefined : 'red'}>
                {shortenFileName(a.name)}{' '}
                {a.status === 'uploading'
                  ? `${a.progress}%`
                  : a.status === 'size-error'
                    ? MESSAGES.fileTooLarge
                    : a.status === 'error'
                      ? 'upload error'
                      : ''}
              </Text>
              <ActionIcon
                size="xs"
                variant="subtle"
                aria-label={`Remove ${a.name}`}
                onClick={() => removeAttached(a)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Group>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <FileButton onChange={attach} multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              px="xs"
              mb={2}
              aria-label="Attach files"
              disabled={attached.length >= MESSAGE_FILES_MAX}
            >
              <IconPaperclip size={16} aria-hidden />
            </Button>
          )}
        </FileButton>
        <Textarea
          ref={input}
          aria-label="Message"
          placeholder="Write a message…"
          description="Enter sends, Shift+Enter starts a new line"
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
        <Button type="submit" loading={sending} disabled={!body.trim()} mb={2}>
          Send
        </Button>
      </Group>
    </Box>
  );
}
