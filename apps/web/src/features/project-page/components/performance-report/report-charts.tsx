import { Select, Stack, Table, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scaleTime } from '@visx/scale';
import { Bar, Line, LinePath } from '@visx/shape';
import { type ReactNode, useId, useState } from 'react';
import type { ProjectReport, SprintNumbers } from '../../api/get-report.ts';

/**
 * The performance report's charts (docs/adr/0021-delivery-review-and-report.md), drawn with visx (scales,
 * shapes and axes only, no chart framework) in their own lazily loaded chunk. Every chart is an SVG image
 * with a text summary, and a table of the same numbers under it ("Show the numbers").
 */
const COLORS = ['#1971c2', '#0ca678', '#e8590c', '#862e9c'];
const MARGIN = { top: 12, right: 12, bottom: 40, left: 44 };
const HEIGHT = 220;
const sprintLabel = (s: SprintNumbers) => `Sprint ${s.number}`;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
const num = (n: number | null, unit = '') => (n === null ? '—' : `${Math.round(n * 10) / 10}${unit}`);

function ChartFrame(props: {
  title: string;
  summary: string;
  table: ReactNode;
  children: (width: number) => ReactNode;
}) {
  const { ref, width } = useElementSize();
  const id = useId();
  return (
    <Stack gap={6} component="figure" m={0} className="dd-report-chart" aria-labelledby={`${id}-title`}>
      <Title order={3} size="h5" id={`${id}-title`}>
        {props.title}
      </Title>
      <Text size="sm" c="dimmed" id={`${id}-summary`}>
        {props.summary}
      </Text>
      <div ref={ref} style={{ width: '100%', minHeight: HEIGHT }}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={`${id}-title ${id}-summary`}>
            {props.children(width)}
          </svg>
        )}
      </div>
      <details className="dd-report-table">
        <summary>Show the numbers</summary>
        <Table.ScrollContainer minWidth={320}>{props.table}</Table.ScrollContainer>
      </details>
    </Stack>
  );
}

type Series = { name: string; values: Array<number | null> };

/** Grouped bars: one group per label, one bar per series; a legend names the series. */
function BarChart({
  labels,
  series,
  width,
  unit,
}: {
  labels: string[];
  series: Series[];
  width: number;
  unit: string;
}) {
  const innerWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const x = scaleBand({ domain: labels, range: [0, innerWidth], padding: 0.25 });
  const inner = scaleBand({ domain: series.map((s) => s.name), range: [0, x.bandwidth()], padding: 0.1 });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  // On a phone, every other label (a long sprint list would overlap).
  const every = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(innerWidth / 56))));
  return (
    <Group left={MARGIN.left} top={MARGIN.top}>
      {series.map((s, si) =>
        s.values.map((v, i) =>
          v === null ? null : (
            <Bar
              key={`${s.name}-${labels[i]}`}
              x={(x(labels[i]!) ?? 0) + (inner(s.name) ?? 0)}
              y={y(v)}
              width={inner.bandwidth()}
              height={innerHeight - y(v)}
              fill={COLORS[si % COLORS.length]}
            />
          ),
        ),
      )}
      <AxisLeft
        scale={y}
        // Counts and whole hours: no tick between two whole numbers.
        tickValues={y.ticks(Math.min(4, Math.ceil(max))).filter((v) => Number.isInteger(v))}
        tickFormat={(v) => `${v}${unit}`}
        tickLabelProps={{ fontSize: 11 }}
      />
      <AxisBottom
        top={innerHeight}
        scale={x}
        tickValues={labels.filter((_, i) => i % every === 0)}
        tickLabelProps={{ fontSize: 11, textAnchor: 'middle' }}
      />
      {series.length > 1 &&
        series.map((s, si) => (
          <g
            key={s.name}
            transform={`translate(${si * Math.min(160, innerWidth / series.length)}, ${innerHeight + 26})`}
          >
            <rect width={10} height={10} fill={COLORS[si % COLORS.length]} />
            <text x={14} y={9} fontSize={11}>
              {s.name}
            </text>
          </g>
        ))}
    </Group>
  );
}

const time = (at: Date) =>
  at.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * The burn-up's time ticks: one per label, never the same date twice (a sprint of a few hours is marked
 * by the hour, its first tick with the day as well).
 */
export function burnUpTicks(ticks: readonly Date[], spanMs: number): Array<{ at: Date; label: string }> {
  const byHour = spanMs < 2 * 86_400_000;
  const seen = new Set<string>();
  const out: Array<{ at: Date; label: string }> = [];
  for (const at of ticks) {
    const label = byHour
      ? out.length === 0
        ? `${day(at.toISOString())} ${time(at)}`
        : time(at)
      : day(at.toISOString());
    if (seen.has(label)) continue;
    seen.add(label);
    out.push({ at, label });
  }
  return out;
}

function BurnUp({ sprint, width }: { sprint: SprintNumbers; width: number }) {
  const innerWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const points = sprint.burnUp.map((p) => ({ at: new Date(p.at), hours: p.hours }));
  const first = points[0]?.at ?? new Date();
  const last = points.at(-1)?.at ?? first;
  const x = scaleTime({
    domain: [first, last > first ? last : new Date(first.getTime() + 86_400_000)],
    range: [0, innerWidth],
  });
  const y = scaleLinear({ domain: [0, Math.max(1, sprint.totalHours)], range: [innerHeight, 0], nice: true });
  const [from, to] = x.domain() as [Date, Date];
  const ticks = burnUpTicks(x.ticks(Math.max(2, Math.floor(innerWidth / 80))), to.getTime() - from.getTime());
  const labels = new Map(ticks.map((t) => [t.at.getTime(), t.label]));
  // A step line: the accepted hours stay flat until the next acceptance.
  const steps = points.flatMap((p, i) => (i === 0 ? [p] : [{ at: p.at, hours: points[i - 1]!.hours }, p]));
  return (
    <Group left={MARGIN.left} top={MARGIN.top}>
      <Line
        from={{ x: 0, y: y(sprint.totalHours) }}
        to={{ x: innerWidth, y: y(sprint.totalHours) }}
        stroke="#868e96"
        strokeDasharray="4 4"
      />
      <text x={4} y={y(sprint.totalHours) - 4} fontSize={11} fill="#495057">
        Sprint total {num(sprint.totalHours, ' h')}
      </text>
      <LinePath data={steps} x={(p) => x(p.at)} y={(p) => y(p.hours)} stroke={COLORS[1]} strokeWidth={2.5} />
      <AxisLeft scale={y} numTicks={4} tickFormat={(v) => `${v} h`} tickLabelProps={{ fontSize: 11 }} />
      <AxisBottom
        top={innerHeight}
        scale={x}
        tickValues={ticks.map((t) => t.at)}
        tickFormat={(v) => labels.get((v as Date).getTime()) ?? ''}
        tickLabelProps={{ fontSize: 11, textAnchor: 'middle' }}
      />
    </Group>
  );
}

function SimpleTable({ head, rows }: { head: string[]; rows: Array<Array<string | number>> }) {
  return (
    <Table striped withTableBorder fz="sm">
      <Table.Thead>
        <Table.Tr>
          {head.map((h) => (
            <Table.Th key={h} scope="col">
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={String(r[0])}>
            {r.map((c, i) =>
              i === 0 ? (
                <Table.Th key={head[i]} scope="row">
                  {c}
                </Table.Th>
              ) : (
                <Table.Td key={head[i]}>{c}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One cycle time per sprint (median and 85th percentile, in hours), with its text and table. */
function CycleTimeChart(props: {
  title: string;
  /** What the count column counts: 'Deliveries', 'Decisions'. */
  counted: string;
  sprints: SprintNumbers[];
  labels: string[];
  times: (s: SprintNumbers) => SprintNumbers['startToDelivered'];
}) {
  const { sprints, times } = props;
  return (
    <ChartFrame
      title={props.title}
      summary={`${sprints
        .map(
          (s) =>
            `${sprintLabel(s)}: median ${num(times(s).medianHours, ' h')}, 85th percentile ${num(times(s).p85Hours, ' h')}`,
        )
        .join('; ')}.`}
      table={
        <SimpleTable
          head={['Sprint', props.counted, 'Median (h)', '85th percentile (h)']}
          rows={sprints.map((s) => [
            sprintLabel(s),
            times(s).count,
            num(times(s).medianHours),
            num(times(s).p85Hours),
          ])}
        />
      }
    >
      {(width) => (
        <BarChart
          width={width}
          unit=" h"
          labels={props.labels}
          series={[
            { name: 'Median', values: sprints.map((s) => times(s).medianHours) },
            { name: '85th percentile', values: sprints.map((s) => times(s).p85Hours) },
          ]}
        />
      )}
    </ChartFrame>
  );
}

export function ReportCharts({ report }: { report: ProjectReport }) {
  const { sprints } = report;
  const finished = sprints.filter((s) => s.finished !== null);
  const [burnUpId, setBurnUpId] = useState<string | null>(null);
  const burnUpSprint = sprints.find((s) => String(s.id) === burnUpId) ?? sprints.at(-1);
  const labels = sprints.map(sprintLabel);
  return (
    <Stack gap="xl">
      {burnUpSprint && (
        <Stack gap={6}>
          <Select
            label="Burn-up of"
            data={sprints.map((s) => ({
              value: String(s.id),
              label: `${sprintLabel(s)} (${day(s.started)})`,
            }))}
            value={String(burnUpSprint.id)}
            onChange={setBurnUpId}
            allowDeselect={false}
            maw={260}
            className="dd-report-controls"
          />
          <ChartFrame
            title={`Burn-up: ${sprintLabel(burnUpSprint)}`}
            summary={`${num(burnUpSprint.acceptedHours, ' h')} of ${num(burnUpSprint.totalHours, ' h')} estimated accepted (${burnUpSprint.acceptedTasks} ${burnUpSprint.acceptedTasks === 1 ? 'task' : 'tasks'}).`}
            table={
              <SimpleTable
                head={['When', 'Accepted hours']}
                rows={burnUpSprint.burnUp.map((p, i) => [
                  `${new Date(p.at).toLocaleString('en-US')}${i === 0 ? ' (start)' : ''}`,
                  p.hours,
                ])}
              />
            }
          >
            {(width) => <BurnUp sprint={burnUpSprint} width={width} />}
          </ChartFrame>
        </Stack>
      )}
      {finished.length === 0 ? (
        <Text size="sm">No sprint has finished yet, so there is no velocity to show.</Text>
      ) : (
        <ChartFrame
          title="Velocity per finished sprint"
          summary={`Accepted estimate hours per finished sprint: ${finished.map((s) => `${sprintLabel(s)} ${num(s.acceptedHours, ' h')}`).join(', ')}.`}
          table={
            <SimpleTable
              head={['Sprint', 'Accepted hours', 'Accepted tasks']}
              rows={finished.map((s) => [sprintLabel(s), s.acceptedHours, s.acceptedTasks])}
            />
          }
        >
          {(width) => (
            <BarChart
              width={width}
              unit=" h"
              labels={finished.map(sprintLabel)}
              series={[{ name: 'Accepted hours', values: finished.map((s) => s.acceptedHours) }]}
            />
          )}
        </ChartFrame>
      )}
      {sprints.length === 0 && <Text size="sm">No sprint ran in this period.</Text>}
      {sprints.length > 0 && (
        <>
          <CycleTimeChart
            title="Cycle time: Start → Delivered"
            counted="Deliveries"
            sprints={sprints}
            labels={labels}
            times={(s) => s.startToDelivered}
          />
          <CycleTimeChart
            title="Cycle time: Delivered → your decision"
            counted="Decisions"
            sprints={sprints}
            labels={labels}
            times={(s) => s.deliveredToDecision}
          />
          <ChartFrame
            title="Rejection rate per sprint"
            summary={`${sprints
              .map(
                (s) =>
                  `${sprintLabel(s)}: ${s.rejectionRate === null ? 'no decisions' : `${Math.round(s.rejectionRate * 100)}%`}`,
              )
              .join('; ')}.`}
            table={
              <SimpleTable
                head={['Sprint', 'Rejections', 'Rejection rate']}
                rows={sprints.map((s) => [
                  sprintLabel(s),
                  s.rejections,
                  s.rejectionRate === null ? '—' : `${Math.round(s.rejectionRate * 100)}%`,
                ])}
              />
            }
          >
            {(width) => (
              <BarChart
                width={width}
                unit="%"
                labels={labels}
                series={[
                  {
                    name: 'Rejected',
                    values: sprints.map((s) =>
                      s.rejectionRate === null ? null : Math.round(s.rejectionRate * 100),
                    ),
                  },
                ]}
              />
            )}
          </ChartFrame>
        </>
      )}
      <ChartFrame
        title="Updates posted per week"
        summary={`${report.updatesPerWeek.reduce((n, w) => n + w.count, 0)} updates in ${report.updatesPerWeek.length} weeks.`}
        table={
          <SimpleTable
            head={['Week of', 'Updates']}
            rows={report.updatesPerWeek.map((w) => [w.week, w.count])}
          />
        }
      >
        {(width) => (
          <BarChart
            width={width}
            unit=""
            labels={report.updatesPerWeek.map((w) => day(`${w.week}T00:00:00Z`))}
            series={[{ name: 'Updates', values: report.updatesPerWeek.map((w) => w.count) }]}
          />
        )}
      </ChartFrame>
    </Stack>
  );
}
