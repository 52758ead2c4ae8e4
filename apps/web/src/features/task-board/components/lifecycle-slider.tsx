import { formatDateTime } from '@dd/domain';
import { Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BoardTask } from '../api/get-tasks.ts';

/** The modal's lifecycle points (docs/product.md §A2), each read from the task's real transition times. */
export function lifecyclePoints(task: BoardTask) {
  return [
    { label: 'Updated', at: task.updated },
    { label: 'Setup', at: task.created },
    { label: 'Start', at: task.started },
    { label: 'Delivered', at: task.delivered },
    { label: 'Accepted', at: task.accepted },
  ];
}

/** A slider over Updated, Setup, Start, Delivered and Accepted; the chosen point's date shows below. */
export function LifecycleSlider({ task }: { task: BoardTask }) {
  const points = lifecyclePoints(task);
  const reached = points.reduce((last, p, i) => (p.at ? i : last), 0);
  const [value, setValue] = useState(reached);
  const point = points[value] ?? points[0]!;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Lifecycle
      </Text>
      <Slider
        min={0}
        max={points.length - 1}
        step={1}
        value={value}
        onChange={setValue}
        label={(v) => points[v]?.label}
        marks={points.map((p, i) => ({ value: i, label: p.label }))}
        // Mantine's thumb takes its name and value text from these props only (thumbProps never reach it).
        thumbLabel="Lifecycle"
        thumbValueText={(v) => points[v]?.label ?? ''}
        mb="lg"
        mx={32}
      />
      <Text size="sm" mt="xs" aria-live="polite">
        {point.label}: {point.at ? formatDateTime(point.at) : 'not yet'}
      </Text>
    </Stack>
  );
}
