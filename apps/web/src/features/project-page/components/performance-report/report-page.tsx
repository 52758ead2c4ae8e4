import { can } from '@dd/domain';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { lazyComponent } from '../../../../lib/lazy-component.tsx';
import { useActor } from '../../../auth/api/get-session.ts';
import type { ProjectView } from '../../api/get-project.ts';
import { downloadReportCsv, type ReportPeriod, useReport } from '../../api/get-report.ts';
import './report.css';

// The charts and their library are their own chunk, loaded when the report is opened.
const ReportCharts = lazyComponent(
  () => import('./report-charts.tsx'),
  (m) => m.ReportCharts,
);

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The default period: the last 90 days, today included. */
export const defaultPeriod = (now = new Date()): ReportPeriod => ({
  from: isoDay(new Date(now.getTime() - 89 * DAY)),
  to: isoDay(now),
});

function Tile({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Paper>
  );
}

/**
 * /project/perfomance-report/{id} (docs/adr/0021-delivery-review-and-report.md): for a chosen period, a
 * plain-language summary, the figures, the charts (each with its table) and the CSV of the per-sprint
 * table. Prints cleanly (report.css) so a client can save it as a PDF.
 */
export function PerformanceReport({ project }: { project: ProjectView }) {
  const actor = useActor();
  const [period, setPeriod] = useState(defaultPeriod);
  const [draft, setDraft] = useState(period);
  const [csvError, setCsvError] = useState<string | null>(null);
  const report = useReport(project.id, period);
  if (!can(actor, 'project:report', { ownerId: project.ownerId, clientIds: project.clientIds })) return null;
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(draft.from) && /^\d{4}-\d{2}-\d{2}$/.test(draft.to) && draft.from <= draft.to;
  const data = report.data;
  return (
    <Stack gap="lg" className="dd-report" component="section" aria-labelledby="report-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3" id="report-title">
          Performance report
        </Title>
        <Text className="dd-report-print-period" size="sm">
          {period.from} to {period.to}
        </Text>
      </Group>
      <form
        className="dd-report-controls"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) setPeriod(draft);
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
            w={160}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
            w={160}
            error={valid ? null : 'The period must start before it ends'}
          />
          <Button type="submit" variant="light" disabled={!valid}>
            Show
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setCsvError(null);
              downloadReportCsv(project.id, period).catch(() =>
                setCsvError('The CSV could not be downloaded.'),
              );
            }}
          >
            Download CSV
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            Print or save as PDF
          </Button>
        </Group>
        {csvError && (
          <Text size="sm" c="red.9" role="alert" mt={6}>
            {csvError}
          </Text>
        )}
      </form>
      {report.isPending && <Skeleton h={240} aria-label="Loading the report" />}
      {report.isError && (
        <Alert color="red" title="The report could not be loaded" role="alert">
          <Button size="compact-sm" variant="light" onClick={() => void report.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {data && (
        <>
          <Text fz="lg" fw={600} data-testid="report-summary">
            {data.summary}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Tile label="Accepted" value={data.accepted} />
            <Tile label="Rejected" value={data.rejected} />
            <Tile label="Open roadblocks now" value={data.openRoadblocks} />
            <Tile label="Calls held" value={data.callsHeld} />
          </SimpleGrid>
          <ReportCharts report={data} />
        </>
      )}
    </Stack>
  );
}
