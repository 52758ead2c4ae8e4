import { Loader, Stack, Text } from '@mantine/core';
import { useGitActivity } from '../api/get-git-activity.ts';
import { CommitLine, PullRequestLine } from './git-activity-list.tsx';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The task modal's commits and pull/merge requests that name the task. Nothing when there are none. */
export function TaskGitLinks({ projectId, taskId }: { projectId: number; taskId: number }) {
  const activity = useGitActivity(projectId, taskId);
  if (activity.isPending) return <Loader size="xs" aria-label="Loading linked commits" />;
  if (activity.isError) return null;
  const { commits, requests } = activity.data;
  if (commits.length === 0 && requests.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Linked commits and requests" role="region">
      <Text fw={600} size="sm">
        Code
      </Text>
      <Stack gap="xs" component="ul" style={listStyle}>
        {requests.map((request) => (
          <PullRequestLine key={request.id} request={request} />
        ))}
        {commits.map((commit) => (
          <CommitLine key={commit.id} commit={commit} />
        ))}
      </Stack>
    </Stack>
  );
}
