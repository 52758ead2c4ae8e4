import { relativeDate } from '@dd/domain';
import { Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useAddTaskComment } from '../api/add-task-comment.ts';
import { useTaskComments } from '../api/get-task-comments.ts';

/** The Comments tab: every comment with its author and relative time, and a box to add one. */
export function TaskComments({ projectId, taskId }: { projectId: number; taskId: number }) {
  const comments = useTaskComments(projectId, taskId);
  const add = useAddTaskComment(projectId, taskId);
  const [body, setBody] = useState('');
  const now = new Date();
  return (
    <Stack gap="sm">
      {comments.isPending && <Loader size="sm" aria-label="Loading comments" />}
      {comments.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comments">
        {comments.data?.map((c) => (
          <Paper component="li" key={c.id} withBorder p="xs">
            <Group gap="xs" justify="space-between">
              <Text size="sm" fw={600}>
                {c.authorName ?? 'Former member'}
              </Text>
              <Text size="xs" c="dimmed" component="time" dateTime={c.created}>
                {relativeDate(c.created, now)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.body}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Textarea
        label="New comment"
        autosize
        minRows={2}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          disabled={body.trim() === ''}
          loading={add.isPending}
          onClick={() => add.mutate(body.trim(), { onSuccess: () => setBody('') })}
        >
          ADD COMMENT
        </Button>
      </Group>
    </Stack>
  );
}
