import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '../../auth/api/get-session.ts';
import { scheduleCallCallerQueryOptions } from '../../project-page/api/schedule-call-caller.ts';
import { callActionQueryOptions } from '../api/signed-call-action.ts';
import { CallActionPage } from './call-action-page.tsx';

const TOKEN = 'signed-token';

/** The Approve page of a signed-in account manager whose profile zone is Tokyo. */
function renderApprovePage() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(sessionQueryKey, {
    id: 5,
    name: 'Amy Manager',
    login: 'amy',
    email: 'amy@example.com',
    avatar: null,
    role: 'accountManager',
    lastProjectId: null,
    newestProjectId: null,
  });
  client.setQueryData(scheduleCallCallerQueryOptions(5).queryKey, {
    timezone: 'Asia/Tokyo',
    isPhonePrefixInBlacklist: false,
  });
  client.setQueryData(callActionQueryOptions(TOKEN).queryKey, {
    action: 'approve',
    call: {
      id: 9,
      project_title: 'Shop app',
      client_name: 'Pablo Pending',
      status: 'pending_approval',
      scheduled: '2026-12-08T15:00:00.000Z',
      timezone: 'Europe/Berlin',
    },
  } as never);
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/call-action?token=${TOKEN}`]}>
          <CallActionPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Approve page (docs/product.md §F1)', () => {
  it('shows the time in the viewer’s profile zone, as the Calls screen does, and the client’s beside it', () => {
    const html = renderApprovePage();
    // 15:00 UTC is midnight in Tokyo, 16:00 in Berlin; the test machine's own zone plays no part.
    expect(html).toContain('Wed, Dec 9, 2026, 12:00 AM (Asia/Tokyo)');
    expect(html).toContain('Tue, Dec 8, 2026, 4:00 PM');
    expect(html).toMatch(/for the client \((<!-- -->)?Europe\/Berlin/);
  });
});
