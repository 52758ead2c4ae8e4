// @vitest-environment jsdom
import type { AvailableDay } from '@dd/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { availableSlotsQueryKey } from '../../project-page/api/get-available-slots.ts';
import { dayLabel, firstMoveDay } from './call-format.ts';
import { MoveCallModal } from './move-call-modal.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // What Mantine asks of the browser and jsdom lacks.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const slot = (date: string, time: string) => ({
  scheduled: `${date} ${time}:00`,
  readableTime: time,
  start: `${date}T${time}:00.000Z`,
});
// Free days as the server lists them for the viewer's zone, today (Dec 4) first.
const DAYS: AvailableDay[] = ['2026-12-04', '2026-12-07', '2026-12-08', '2026-12-09'].map((date) => ({
  date,
  slots: [slot(date, '15:00'), slot(date, '15:30')],
}));

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function openMove(scheduled: string, zone: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(availableSlotsQueryKey(zone), DAYS);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MoveCallModal callId={7} current={scheduled} zone={zone} note="Now" onClose={() => {}} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
  return document.body.querySelector<HTMLInputElement>('input[aria-haspopup="listbox"]')!;
}

describe('the move dialog of a call (docs/product.md §F1)', () => {
  it("opens on the call's own day, named with its weekday, not on today", async () => {
    const day = await openMove('2026-12-08T16:00:00.000Z', 'America/New_York');
    expect(day.value).toBe('Tue, Dec 8');
  });

  it("takes the call's day in the viewer's zone: late Monday in Los Angeles is Tuesday in UTC", async () => {
    const day = await openMove('2026-12-08T04:00:00.000Z', 'America/Los_Angeles');
    expect(day.value).toBe('Mon, Dec 7');
  });

  it('names every day with its weekday, and opens on the next free day when the call’s own is full', () => {
    expect(DAYS.map((d) => dayLabel(d.date))).toEqual([
      'Fri, Dec 4',
      'Mon, Dec 7',
      'Tue, Dec 8',
      'Wed, Dec 9',
    ]);
    expect(firstMoveDay(DAYS, '2026-12-05T15:00:00Z', 'UTC')).toBe('2026-12-07');
    expect(firstMoveDay(DAYS, '2026-12-31T15:00:00Z', 'UTC')).toBe('2026-12-04');
  });
});
