import { Container, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { screenSkeletonKind } from './screen-skeleton-kind.ts';

/** Rows of a table's placeholder: as PagedTable's own loading rows (lib/ui/paged-table.tsx). */
function Rows({ count }: { count: number }) {
  return (
    <Stack p="sm" gap="sm">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <Skeleton key={i} height={48} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * The screen's place while its code loads (after signing in, on a first visit): the shape of the screen
 * that comes, so the page is never blank and does not jump (docs/product.md §F5). A list screen shows a
 * title, the filter bar and table rows, as the projects table; a project page its two columns.
 */
export function ScreenSkeleton({ pathname }: { pathname: string }) {
  const kind = screenSkeletonKind(pathname);
  return (
    <Container
      size="xl"
      py="lg"
      role="status"
      aria-live="polite"
      aria-label="Loading page"
      data-testid="screen-skeleton"
      data-kind={kind}
    >
      <Skeleton height={34} width={220} radius="sm" mb="md" />
      {kind === 'table' && (
        <Stack gap="md">
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Skeleton height={20} width={120} radius="sm" />
              <Skeleton height={28} width={90} radius="sm" />
            </Group>
          </Paper>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Rows count={8} />
          </Paper>
        </Stack>
      )}
      {kind === 'project' && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="md">
            <Skeleton height={220} radius="md" />
            <Skeleton height={140} radius="md" />
          </Stack>
          <Skeleton height={380} radius="md" />
        </SimpleGrid>
      )}
      {kind === 'page' && (
        <Stack gap="sm" maw={720}>
          <Skeleton height={16} radius="sm" />
          <Skeleton height={16} width="80%" radius="sm" />
          <Skeleton height={200} radius="md" mt="sm" />
        </Stack>
      )}
    </Container>
  );
}
