import { CALL_STATUSES, type CallStatus, can, FALLBACK_MESSAGES } from '@dd/domain';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../lib/ui/date-range-inputs.tsx';
import { activeFilterCount, FilterPanel } from '../../../lib/ui/filter-panel.tsx';
import { toActor, useSession } from '../../auth/api/get-session.ts';
import { type CallsQuery, type StaffCall, useCalls } from '../api/search-calls.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';
import { CallActions } from './call-actions.tsx';
import { callTime, dayBound, STATUS_COLORS, STATUS_LABELS } from './call-format.ts';
import { useViewerZone } from './use-viewer-zone.ts';

const TITLE = 'Calls';

/**
 * /calls (docs/product.md §F1): discovery calls of every project for admin, superAdmin, accountManager and
 * projectManager, upcoming or past, in the viewer's timezone with the zone named; pending calls can be
 * approved or declined, any live call cancelled or moved. Every staff member also finds their private
 * calendar feed here.
 */
export function CallsPage() {
  useDocumentTitle(`${TITLE} · Delivery Desk`);
  const session = useSession();
  const actor = toActor(session);
  const zone = useViewerZone();
  return (
    <Container size="md" py="lg" px="sm">
      <Title order={1} mb="md">
        {TITLE}
      </Title>
      <Stack gap="lg">
        {can(actor, 'calls:manage') && <CallsList zone={zone} />}
        <CalendarFeedCard />
      </Stack>
    </Container>
  );
}

function CallsList({ zone }: { zone: string }) {
  const [now] = useState(() => new Date().toISOString());
  const [when, setWhen] = useState<CallsQuery['when']>('upcoming');
  const [status, setStatus] = useState<CallStatus | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const query = useMemo<CallsQuery>(
    () => ({ page, when, status, from: dayBound(from, zone), to: dayBound(to, zone, true), now }),
    [page, when, status, from, to, zone, now],
  );
  const calls = useCalls(query);
  const reset =
    <T,>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="md" component="section" aria-label="Calls list">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Upcoming or past calls"
          value={when}
          onChange={(v) => reset(setWhen)(v as CallsQuery['when'])}
          data={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'past', label: 'Past' },
          ]}
        />
      </Group>
      {/* State and dates wait behind 'Filters' on a phone (docs/product.md §F5). */}
      <FilterPanel activeCount={activeFilterCount({ status: status ?? '', from, to })}>
        <Group gap="sm" align="flex-start" wrap="wrap" mt="sm">
          <Select
            label="State"
            w={200}
            clearable
            placeholder="Any state"
            value={status}
            onChange={(v) => reset(setStatus)((v as CallStatus | null) ?? null)}
            data={CALL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
          <DateField
            label="From"
            w={170}
            value={from}
            maxDate={to || undefined}
            onChange={(v) => reset(setFrom)(v)}
          />
          <DateField
            label="To"
            w={170}
            value={to}
            minDate={from || undefined}
            error={from && to && to < from ? FALLBACK_MESSAGES.toBeforeFrom : undefined}
            onChange={(v) => reset(setTo)(v)}
          />
        </Group>
      </FilterPanel>
      <Text size="sm" c="dimmed">
        Times in your timezone: {zone}
      </Text>
      {calls.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Loading calls…</Text>
        </Group>
      ) : calls.isError ? (
        <Alert color="red" title="Could not load the calls" role="alert">
          <Group gap="sm">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" onClick={() => calls.refetch()}>
              RETRY
            </Button>
          </Group>
        </Alert>
      ) : calls.data.rows.length === 0 ? (
        <Text role="status">{when === 'upcoming' ? 'No upcoming calls' : 'No past calls'}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-busy={calls.isFetching}>
          {calls.data.rows.map((call) => (
            <CallRow key={call.id} call={call} zone={zone} upcoming={when === 'upcoming'} />
          ))}
        </Stack>
      )}
      {calls.data && calls.data.pageCount > 1 && (
        <Pagination
          value={page}
          onChange={setPage}
          total={calls.data.pageCount}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}

function CallRow({ call, zone, upcoming }: { call: StaffCall; zone: string; upcoming: boolean }) {
  return (
    <Paper component="li" withBorder p="sm" data-testid={`call-${call.id}`} aria-label={`Call ${call.id}`}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Text fw={600}>
            <time dateTime={call.scheduled}>{callTime(call.scheduled, zone)}</time>{' '}
            <Text span size="sm" c="dimmed">
              ({zone})
            </Text>
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Link to={`/project/daily-updates/${call.projectId}`}>{call.projectTitle}</Link> ·{' '}
            {call.clientName}{' '}
            <Text span size="xs" c="dimmed">
              (client in {call.timezone})
            </Text>
          </Text>
          <Group gap={6}>
            <Badge color={STATUS_COLORS[call.status]} variant="dot">
              {STATUS_LABELS[call.status]}
            </Badge>
            {call.outsideWorkHours && (
              <Badge color="orange" variant="dot">
                Outside work hours
              </Badge>
            )}
          </Group>
        </Stack>
        {call.status !== 'cancelled' && upcoming && <CallActions call={call} zone={zone} />}
      </Group>
    </Paper>
  );
}
