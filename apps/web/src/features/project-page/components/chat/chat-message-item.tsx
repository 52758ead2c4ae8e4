import { CHAT_MESSAGES, isMessageEditable } from '@dd/domain';
import { Anchor, Box, Button, Group, Paper, Stack, Text, Textarea, Typography } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { exactTime } from '../../../../lib/exact-time.ts';
import { renderMarkdown } from '../../../../lib/render-markdown.ts';
import { PersonAvatar } from '../../../../lib/ui/person-avatar.tsx';
import type { ChatMessage } from '../../api/chat-messages.ts';

// Times in the reader's own zone (the browser's), the exact one on hover.
const shortTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A quoted message's start as plain words: markdown marks would only be noise in one line. */
const plain = (markdown: string) =>
  markdown
    .replace(/[*_`#>~[\]]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function when(iso: string, now: Date): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? shortTime.format(date) : dayTime.format(date);
}

export type MessageActions = {
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage, body: string) => Promise<unknown>;
  onDelete: (message: ChatMessage) => Promise<unknown>;
};

/** One message: who and when, the quoted message it answers, its markdown (sanitized), its files. */
export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  mine,
  canPost,
  canModerate,
  now,
  actions,
  fileHref,
}: {
  message: ChatMessage;
  mine: boolean;
  canPost: boolean;
  canModerate: boolean;
  now: Date;
  actions: MessageActions;
  fileHref: (fileId: string) => string | null;
}) {
  const name = message.authorName ?? 'Former member';
  const html = useMemo(
    () => (message.deleted ? '' : renderMarkdown(message.body)),
    [message.body, message.deleted],
  );
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const editable = mine && canPost && !message.deleted && isMessageEditable(new Date(message.created), now);
  const deletable = !message.deleted && ((mine && canPost) || canModerate);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setEditing(null);
      setConfirming(false);
    } catch {
      // The api client showed the reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      component="li"
      p="xs"
      radius="md"
      className="dd-chat__message"
      data-message-id={message.id}
      data-mine={mine || undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <PersonAvatar name={name} avatar={message.authorAvatar} size={32} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <Text
              size="xs"
              c="dimmed"
              component="time"
              dateTime={message.created}
              title={exactTime(message.created)}
            >
              {when(message.created, now)}
            </Text>
            {message.edited && !message.deleted && (
              <Text size="xs" c="dimmed" title={exactTime(message.edited)}>
                (edited)
              </Text>
            )}
          </Group>
          {message.replyTo && (
            <Box
              component="blockquote"
              className="dd-chat__quote"
              aria-label={`In reply to ${message.replyToAuthor ?? 'a message'}`}
            >
              <Text size="xs" fw={600} span>
                {message.replyToAuthor ?? 'Former member'}
              </Text>{' '}
              <Text size="xs" c="dimmed" span>
                {message.replyToExcerpt === null ? CHAT_MESSAGES.deleted : plain(message.replyToExcerpt)}
              </Text>
            </Box>
          )}
          {message.deleted ? (
            <Text size="sm" c="dimmed" fs="italic">
              {CHAT_MESSAGES.deleted}
            </Text>
          ) : editing !== null ? (
            <Stack gap={4}>
              <Textarea
                aria-label="Edit message"
                autosize
                minRows={1}
                maxRows={8}
                value={editing}
                onChange={(e) => setEditing(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    if (editing.trim()) void run(() => actions.onEdit(message, editing));
                  }
                  if (e.key === 'Escape') setEditing(null);
                }}
              />
              <Group gap="xs">
                <Button
                  size="compact-xs"
                  loading={busy}
                  disabled={!editing.trim()}
                  onClick={() => void run(() => actions.onEdit(message, editing))}
                >
                  Save
                </Button>
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          ) : (
            <Typography fz="sm" className="dd-chat__body">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitizes with DOMPurify. */}
              <div dangerouslySetInnerHTML={{ __html: html }} />
            </Typography>
          )}
          {message.files.length > 0 && (
            <Group gap="xs" component="ul" className="dd-chat__files" aria-label="Attached files">
              {message.files.map((file) => {
                const href = fileHref(file.id);
                return (
                  <li key={file.id}>
                    {href ? (
                      <Anchor href={href} size="xs" download={file.title}>
                        {file.title}
                      </Anchor>
                    ) : (
                      <Text size="xs">{file.title}</Text>
                    )}
                  </li>
                );
              })}
            </Group>
          )}
          {confirming ? (
            <Group gap="xs">
              <Text size="xs">
                {/* Its files go too: they are project files only because of it (docs/adr/0022-project-chat.md). */}
                {message.files.length === 0
                  ? 'Delete this message?'
                  : message.files.length === 1
                    ? 'Delete this message and its file?'
                    : `Delete this message and its ${message.files.length} files?`}
              </Text>
              <Button
                size="compact-xs"
                color="red"
                loading={busy}
                onClick={() => void run(() => actions.onDelete(message))}
              >
                Delete
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </Group>
          ) : (
            !message.deleted &&
            editing === null && (
              <Group gap={4} className="dd-chat__actions">
                {canPost && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => actions.onReply(message)}
                    aria-label={`Reply to ${name}`}
                  >
                    Reply
                  </Button>
                )}
                {editable && (
                  <Button size="compact-xs" variant="subtle" onClick={() => setEditing(message.body)}>
                    Edit
                  </Button>
                )}
                {deletable && (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                    Delete
                  </Button>
                )}
              </Group>
            )
          )}
        </Stack>
      </Group>
    </Paper>
  );
});
