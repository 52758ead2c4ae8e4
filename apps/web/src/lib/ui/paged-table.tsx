import {
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { Fragment, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from './pagination.tsx';

/** The spec's responsive breakpoints (docs/product.md §A9): a column with `hideAt: 768` is hidden at widths up to 768 px. */
export type Breakpoint = 575 | 768 | 991 | 1199;

export type Column<T> = {
  key: string;
  header: string;
  /** The wire sort field (e.g. 'owner.name'); omitted when the column is not sortable. */
  sortField?: string;
  hideAt?: Breakpoint;
  render: (row: T) => ReactNode;
};

/**
 * Page, sort and filters live in the address (`/projects-table?page=3&sort=-created&title=acme`) so they
 * survive reload and back/forward; each change is a new history entry.
 */
const NO_FILTERS: readonly string[] = [];

export function useTableUrlState({
  filterKeys = NO_FILTERS,
  ...options
}: {
  defaultSort: string;
  sortFields: readonly string[];
  /** The filter fields kept in the address; none for a list without filters. */
  filterKeys?: readonly string[];
}) {
  const [params, setParams] = useSearchParams();
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw : 1;
  const sortRaw = params.get('sort') ?? '';
  const sort = options.sortFields.includes(sortRaw.replace(/^-/, '')) ? sortRaw : options.defaultSort;
  const filterKey = filterKeys.map((k) => `${k}=${params.get(k) ?? ''}`).join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey captures the filter values.
  const filters = useMemo(
    () => Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ''])) as Record<string, string>,
    [filterKey],
  );

  const setPage = useCallback(
    (n: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(n));
        return next;
      }),
    [setParams],
  );
  const setSort = useCallback(
    (value: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('sort', value);
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  const setFilters = useCallback(
    (values: Record<string, string | number | null | undefined>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const key of filterKeys) {
          const value = values[key];
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        next.delete('page');
        return next;
      }),
    [setParams, filterKeys],
  );
  return { page, sort, filters, setPage, setSort, setFilters };
}

/** A list query's answer as every table reads it: the page's rows and the page count. */
type ListQuery<T> = {
  data?: { rows: T[]; pageCount: number };
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * The props every table page wires the same way, from its address state (`useTableUrlState`) and its list
 * query: the table's label, rows keyed by id, the loading state (the first load, or a page change still
 * showing the previous page), the error with its Retry, and sort and page.
 */
export function listTableProps<T extends { id: number | string }>(
  label: string,
  table: ReturnType<typeof useTableUrlState>,
  query: ListQuery<T>,
) {
  return {
    label,
    rowKey: (row: T) => String(row.id),
    rows: query.data?.rows ?? [],
    loading: query.isPending || (query.isFetching && query.isPlaceholderData),
    error: query.isError,
    onRetry: () => void query.refetch(),
    sort: table.sort,
    onSort: table.setSort,
    page: table.page,
    pageCount: query.data?.pageCount ?? 0,
    onPage: table.setPage,
  };
}

/** Whether a parsed filter holds any value, so the empty text can say 'match these filters'. */
export function filtersApplied(filter: Record<string, unknown>): boolean {
  return Object.values(filter).some(
    (v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
  );
}

type PagedTableProps<T> = {
  /** Accessible name of the table, e.g. 'Projects'. */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  loading: boolean;
  /** The list could not be loaded: its own words and a Retry, never the empty text (docs/product.md §F5). */
  error?: boolean;
  onRetry?: () => void;
  emptyText: string;
  sort: string;
  onSort: (sort: string) => void;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** The actions cell (VIEW, EDIT, delete); its header is 'Actions' for screen readers. */
  actions?: (row: T) => ReactNode;
};

function sortState(sort: string, field: string): 'ascending' | 'descending' | 'none' {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

/**
 * A paged, sortable table with skeleton rows, an empty state and an expandable row for hidden columns;
 * on a phone (≤ 575 px) a list of stacked cards with the same states, details and actions.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { width } = useViewportSize();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  // Before the first measurement width is 0: treat it as wide to avoid a flash of hidden columns.
  const isHidden = (c: Column<T>) => width > 0 && c.hideAt !== undefined && width <= c.hideAt;
  const visible = props.columns.filter((c) => !isHidden(c));
  const hidden = props.columns.filter(isHidden);
  const span = visible.length + (hidden.length > 0 ? 1 : 0) + (props.actions ? 1 : 0);

  // A page past the end (`?page=999`, or the last row of the last page deleted) goes to the last page,
  // replacing the address rather than adding a history entry (docs/product.md §F5).
  const [, setParams] = useSearchParams();
  const pastEnd = !props.loading && !props.error && props.page > Math.max(props.pageCount, 1);
  const lastPage = Math.max(props.pageCount, 1);
  useEffect(() => {
    if (!pastEnd) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (lastPage === 1) next.delete('page');
        else next.set('page', String(lastPage));
        return next;
      },
      { replace: true },
    );
  }, [pastEnd, lastPage, setParams]);

  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  // One page has no pager (docs/product.md §A2), and then no empty strip under the rows either.
  const pager = props.pageCount > 1 && (
    <Box p="sm">
      <Pagination
        page={props.page}
        pageCount={props.pageCount}
        onChange={props.onPage}
        label={`${props.label} pages`}
      />
    </Box>
  );

  // A phone gets one stacked card per row (docs/product.md §F5): no table wider than the screen. A card has room
  // for the columns a tablet shows; the rest wait behind 'Show details'.
  if (width > 0 && width <= 575) {
    const onCard = props.columns.filter((c) => c.hideAt === undefined || c.hideAt <= 768);
    const behind = props.columns.filter((c) => !onCard.includes(c));
    return (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={props.loading}>
        {props.loading && (
          <Stack p="sm" gap="sm">
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
              <Skeleton key={`skeleton-${i}`} height={48} radius="sm" data-testid="skeleton-row" />
            ))}
          </Stack>
        )}
        {!props.loading && props.error && (
          <Stack align="center" gap="xs" py="lg" role="alert">
            <Text c="red.9">{`${props.label} could not be loaded.`}</Text>
            {props.onRetry && (
              <Button size="xs" variant="light" onClick={props.onRetry}>
                Retry
              </Button>
            )}
          </Stack>
        )}
        {!props.loading && !props.error && !pastEnd && props.rows.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {props.emptyText}
          </Text>
        )}
        {!props.loading && !props.error && props.rows.length > 0 && (
          <Box component="ul" aria-label={props.label} className="dd-cards">
            {props.rows.map((row) => {
              const key = props.rowKey(row);
              const open = expanded.has(key);
              const shown = open ? props.columns : onCard;
              return (
                <li key={key} className="dd-cards__item">
                  <Box component="dl" m={0}>
                    {shown.map((c) => (
                      <div key={c.key} className="dd-cards__pair">
                        <Text component="dt" fw={700} fz="sm">
                          {c.header}
                        </Text>
                        <Text component="dd" fz="sm" m={0}>
                          {c.render(row)}
                        </Text>
                      </div>
                    ))}
                  </Box>
                  <Group justify="space-between" mt={6} wrap="nowrap">
                    {behind.length > 0 ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-expanded={open}
                        onClick={() => toggle(key)}
                      >
                        {open ? 'Hide details' : 'Show details'}
                      </Button>
                    ) : (
                      <span />
                    )}
                    {props.actions?.(row)}
                  </Group>
                </li>
              );
            })}
          </Box>
        )}
        {pager}
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Box style={{ overflowX: 'auto' }}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={props.label}
          aria-busy={props.loading}
        >
          <Table.Thead>
            <Table.Tr>
              {hidden.length > 0 && (
                <Table.Th w={44}>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
              )}
              {visible.map((c) => {
                if (!c.sortField) return <Table.Th key={c.key}>{c.header}</Table.Th>;
                const state = sortState(props.sort, c.sortField);
                const field = c.sortField;
                return (
                  <Table.Th key={c.key} aria-sort={state}>
                    <UnstyledButton
                      fw={700}
                      fz="sm"
                      style={{ whiteSpace: 'nowrap' }}
                      onClick={() => props.onSort(state === 'ascending' ? `-${field}` : field)}
                    >
                      {c.header}
                      <span aria-hidden="true">
                        {state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ' ↕'}
                      </span>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
              {props.actions && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.loading &&
              Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
                <Table.Tr key={`skeleton-${i}`} data-testid="skeleton-row">
                  <Table.Td colSpan={span}>
                    <Skeleton height={18} radius="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            {!props.loading && props.error && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Stack align="center" gap="xs" py="lg" role="alert">
                    <Text c="red.9">{`${props.label} could not be loaded.`}</Text>
                    {props.onRetry && (
                      <Button size="xs" variant="light" onClick={props.onRetry}>
                        Retry
                      </Button>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
            {!props.loading && !props.error && !pastEnd && props.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Text c="dimmed" ta="center" py="lg">
                    {props.emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!props.loading &&
              !props.error &&
              props.rows.map((row) => {
                const key = props.rowKey(row);
                const open = expanded.has(key);
                return (
                  <Fragment key={key}>
                    <Table.Tr>
                      {hidden.length > 0 && (
                        <Table.Td>
                          <UnstyledButton
                            aria-expanded={open}
                            aria-label={open ? 'Hide details' : 'Show details'}
                            onClick={() => toggle(key)}
                            w={28}
                            h={28}
                            ta="center"
                          >
                            <span aria-hidden="true">{open ? '−' : '+'}</span>
                          </UnstyledButton>
                        </Table.Td>
                      )}
                      {visible.map((c) => (
                        <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                      ))}
                      {props.actions && (
                        <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                          {props.actions(row)}
                        </Table.Td>
                      )}
                    </Table.Tr>
                    {open && hidden.length > 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={span}>
                          <Box component="dl" m={0}>
                            {hidden.map((c) => (
                              <Box key={c.key} style={{ display: 'flex', gap: 8 }} py={2}>
                                <Text component="dt" fw={700} fz="sm" miw={96}>
                                  {c.header}
                                </Text>
                                <Text component="dd" fz="sm" m={0} style={{ wordBreak: 'break-word' }}>
                                  {c.render(row)}
                                </Text>
                              </Box>
                            ))}
                          </Box>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
          </Table.Tbody>
        </Table>
      </Box>
      {pager}
    </Paper>
  );
}
