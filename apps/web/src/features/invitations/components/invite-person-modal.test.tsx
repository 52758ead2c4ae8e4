// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InvitePersonModal } from './invite-person-modal.tsx';

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

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('Send invitation (docs/product.md §F13)', () => {
  it('sends one invitation for a double click and stays disabled while it is on its way', async () => {
    // The server's answer is held back, as on a slow line: the second click comes while the first is out.
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root!.render(
        <MantineProvider>
          <QueryClientProvider client={new QueryClient()}>
            <InvitePersonModal project={{ id: 3, title: 'Shop app' }} opened onClose={() => {}} />
          </QueryClientProvider>
        </MantineProvider>,
      ),
    );
    const email = document.body.querySelector<HTMLInputElement>('input[type="email"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
        email,
        'ivy@example.com',
      );
      email.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const send = [...document.body.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Send invitation'),
    )!;
    await act(async () => {
      send.click();
      send.click();
    });
    await act(async () => {
      send.click();
    });
    const invitations = fetch.mock.calls.filter(([url]) => String(url).includes('/api/invitation/create'));
    expect(invitations).toHaveLength(1);
    expect(send.disabled).toBe(true);
  });
});
