import { MESSAGES } from '@dd/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client.ts';
import { callChangeError } from '../../../calls/components/move-call-modal.tsx';
import { isChangeableCall, OpenCallActions } from './open-call-actions.tsx';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
    </MantineProvider>,
  );

const NOW = Date.parse('2026-11-23T15:00:00Z');
const call = {
  id: 7,
  scheduled: '2026-11-24T17:00:00.000Z',
  timezone: 'America/New_York',
  status: 'booked' as const,
  bookedBy: null,
};

describe("the client's open-call card (docs/product.md §C9)", () => {
  it('offers Move and Cancel only for a call that is not cancelled and has not started', () => {
    expect(isChangeableCall(call, NOW)).toBe(true);
    expect(isChangeableCall({ ...call, status: 'pending_approval' }, NOW)).toBe(true);
    expect(isChangeableCall({ ...call, status: 'cancelled' }, NOW)).toBe(false);
    expect(isChangeableCall(call, Date.parse(call.scheduled))).toBe(false);
    expect(isChangeableCall({ ...call, scheduled: '2026-11-23T14:45:00Z' }, NOW)).toBe(false);
  });

  it('renders two keyboard-reachable buttons naming the call in the client’s zone, no dialog until asked', () => {
    const html = render(<OpenCallActions call={call} timezone="America/New_York" />);
    const when = 'Tuesday, November 24, 2026 at 12:00 PM (America/New_York)';
    expect(html).toContain(`aria-label="Move the call on ${when}"`);
    expect(html).toContain(`aria-label="Cancel the call on ${when}"`);
    expect(html.match(/<button/g)).toHaveLength(2);
    expect(html).not.toContain('tabindex="-1"');
    expect(html).not.toContain('Cancel your discovery call?');
    expect(html).not.toContain('Move the call</');
  });

  it('shows the server’s reason for a refused change, and the generic message when offline', () => {
    expect(callChangeError(new ApiError(409, [{ status: '409', title: MESSAGES.slotTaken }]))).toBe(
      MESSAGES.slotTaken,
    );
    expect(
      callChangeError(new ApiError(409, [{ status: '409', title: 'This call has already started' }])),
    ).toBe('This call has already started');
    expect(callChangeError(new ApiError(0, []))).toBe(MESSAGES.genericError);
    expect(callChangeError(new Error('boom'))).toBe(MESSAGES.genericError);
  });
});
