import { relativeDate } from '@dd/domain';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type GitCommit, type GitPullRequest, repositoryName } from '../api/get-git-activity.ts';

// Filled in shade 9 (gray 7): white on it reads above 4.5:1 at the badge's 10 px (light green read 3.8:1).
const STATE_COLOR = { open: 'green.9', merged: 'violet.9', closed: 'gray.7' } as const;

function TaskLinks({ ids }: { ids: number[] }) {
  if (ids.length === 0) return null;
  return (
    <Group gap={4}>
      {ids.map((id) => (
        <Badge key={id} variant="light" size="sm">
          #{id}
        </Badge>
      ))}
    </Group>
  );
}

export function CommitLine({ commit }: { commit: GitCommit }) {
  const [subject] = commit.message.split('\n');
  return (
    <Stack gap={2} component="li">
      <Group gap="xs" wrap="nowrap" align="baseline">
        {commit.url ? (
          <Anchor href={commit.url} target="_blank" rel="noreferrer" ff="monospace" size="sm">
            {commit.shortSha}
          </Anchor>
        ) : (
          <Text ff="monospace" size="sm">
            {commit.shortSha}
          </Text>
        )}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {subject}
        </Text>
      </Group>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {commit.authorName} ·{' '}
          <time dateTime={commit.committed}>{relativeDate(commit.committed, new Date())}</time>
        </Text>
        <TaskLinks ids={commit.taskIds} />
      </Group>
    </Stack>
  );
}

export function PullRequestLine({ request }: { request: GitPullRequest }) {
  const name = repositoryName(request.repository);
  return (
    <Stack gap={2} component="li">
      <Group gap="xs" wrap="nowrap" align="baseline">
        <Badge color={STATE_COLOR[request.state]} size="sm" variant="filled">
          {request.state}
        </Badge>
        {request.url ? (
          <Anchor
            href={request.url}
            target="_blank"
            rel="noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {request.title}
          </Anchor>
        ) : (
          <Text size="sm">{request.title}</Text>
        )}
      </Group>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {name ? `${name} ` : ''}
          {request.sourceBranch} → {request.targetBranch} · {request.authorName} ·{' '}
          <time dateTime={request.updated}>{relativeDate(request.updated, new Date())}</time>
        </Text>
        <TaskLinks ids={request.taskIds} />
      </Group>
    </Stack>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The newest commits grouped by branch (newest branch first), and the open and merged requests. */
export function GitActivityList({ commits, requests }: { commits: GitCommit[]; requests: GitPullRequest[] }) {
  const branches = new Map<string, GitCommit[]>();
  for (const commit of commits) {
    const key = `${repositoryName(commit.repository) ?? ''} ${commit.branch}`;
    branches.set(key, [...(branches.get(key) ?? []), commit]);
  }
  const shown = requests.filter((r) => r.state !== 'closed');
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Pull and merge requests
        </Title>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            No open or merged requests yet.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={listStyle}>
            {shown.map((request) => (
              <PullRequestLine key={request.id} request={request} />
            ))}
          </Stack>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Latest pushes
        </Title>
        {branches.size === 0 ? (
          <Text size="sm" c="dimmed">
            No commits pushed yet.
          </Text>
        ) : (
          <Stack gap="md">
            {[...branches.entries()].map(([key, list]) => (
              <section key={key} aria-label={`Branch ${list[0]!.branch}`}>
                <Text fw={600} size="sm" mb={4}>
                  {repositoryName(list[0]!.repository) ?? 'Repository'} · {list[0]!.branch}
                </Text>
                <Stack gap="xs" component="ul" style={listStyle}>
                  {list.map((commit) => (
                    <CommitLine key={commit.id} commit={commit} />
                  ))}
                </Stack>
              </section>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
