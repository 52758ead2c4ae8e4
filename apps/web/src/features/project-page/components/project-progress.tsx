import { Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useProjectProgress } from '../api/get-project-progress.ts';

const dateOnly = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/**
 * Where the project stands (docs/product.md §F5): the current sprint's tasks, how many are delivered and how
 * many accepted, from the board's counts. Nothing internal (task titles, owners, estimates) is shown.
 */
export function ProjectProgress({ projectId }: { projectId: number }) {
  const progress = useProjectProgress(projectId);
  const data = progress.data;
  const inProgress = data ? Math.max(0, data.total - data.delivered - data.accepted) : 0;
  const pct = (n: number) => (data && data.total > 0 ? (n / data.total) * 100 : 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="project-progress-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="project-progress-title">
          Progress
        </Title>
        {progress.isPending && <Skeleton h={48} aria-label="Loading progress" />}
        {progress.isError && (
          <Group justify="space-between" gap="xs" role="alert">
            <Text size="sm" c="red.9">
              The progress could not be loaded.
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => void progress.refetch()}>
              Retry
            </Button>
          </Group>
        )}
        {data && data.sprintStarted === null && (
          <Text size="sm" c="dimmed">
            No sprint is running yet. Once the team starts one, you see here how many of its tasks are
            delivered and accepted.
          </Text>
        )}
        {data && data.sprintStarted !== null && (
          <>
            <Text size="sm" c="dimmed">
              Current sprint, started {dateOnly(data.sprintStarted)}
            </Text>
            {data.total === 0 ? (
              <Text size="sm">No tasks in this sprint yet.</Text>
            ) : (
              <>
                <Text fw={600}>
                  {data.accepted} of {data.total} {data.total === 1 ? 'task' : 'tasks'} accepted
                </Text>
                <Progress.Root size="lg" aria-hidden="true">
                  <Progress.Section value={pct(data.accepted)} color="teal" />
                  <Progress.Section value={pct(data.delivered)} color="blue" />
                </Progress.Root>
                <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  <Text component="li" size="sm">
                    <strong>{data.accepted}</strong> accepted
                  </Text>
                  <Text component="li" size="sm">
                    <strong>{data.delivered}</strong> delivered
                  </Text>
                  <Text component="li" size="sm">
                    <strong>{inProgress}</strong> in the works
                  </Text>
                </Group>
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
