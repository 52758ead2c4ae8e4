import { relativeDate } from '@dd/domain';
import { Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Pagination } from '../../../lib/ui/pagination.tsx';
import { useProjectHistory } from '../api/get-project-history.ts';
import { describeHistoryEntry, historyActor } from './history-text.ts';

/** Project history: who changed what and when, newest first, 15 a page. */
export function HistoryList({ projectId }: { projectId: number }) {
  const [page, setPage] = useState(1);
  const history = useProjectHistory(projectId, page);
  const now = new Date();
  if (history.isPending) return <Loader size="sm" aria-label="Loading history" />;
  if (history.isError || !history.data) return <Text size="sm">The history could not be loaded.</Text>;
  const { entries, pageCount } = history.data;
  return (
    <Stack gap="xs">
      {entries.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing has changed yet.
        </Text>
      )}
      <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Project history">
        {entries.map((e) => (
          <li key={e.id}>
            <Text size="sm">
              <strong>{historyActor(e)}</strong> {describeHistoryEntry(e)}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={e.created}>
              {relativeDate(e.created, now)}
            </Text>
          </li>
        ))}
      </Stack>
      {pageCount > 1 && (
        <Pagination page={page} pageCount={pageCount} onChange={setPage} label="Project history pages" />
      )}
    </Stack>
  );
}
