import { scaleTime } from '@visx/scale';
import { describe, expect, it } from 'vitest';
import { burnUpTicks } from './report-charts.tsx';

const ticksOf = (from: string, to: string, count: number) => {
  const x = scaleTime({ domain: [new Date(from), new Date(to)], range: [0, 800] });
  return burnUpTicks(x.ticks(count), new Date(to).getTime() - new Date(from).getTime()).map((t) => t.label);
};

describe('the burn-up time axis', () => {
  it('marks a sprint of a few hours by the hour, not with the same date at every tick', () => {
    const labels = ticksOf('2026-12-03T09:00:00Z', '2026-12-03T19:00:00Z', 11);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.length).toBeGreaterThan(3);
    expect(labels[0]).toMatch(/^Dec 3 \d\d:\d\d$/);
    expect(labels[1]).toMatch(/^\d\d:\d\d$/);
  });

  it('marks a sprint of weeks by the day, each day once', () => {
    const labels = ticksOf('2026-11-01T00:00:00Z', '2026-11-29T00:00:00Z', 10);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.every((l) => /^[A-Z][a-z]{2} \d{1,2}$/.test(l))).toBe(true);
  });
});
