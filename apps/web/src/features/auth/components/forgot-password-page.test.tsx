// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Mantine reads the colour scheme through matchMedia, which jsdom does not have.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  }) as MediaQueryList;

let root: Root | undefined;
afterEach(() => act(() => root?.unmount()));

/** Types into the e-mail field as a person does: React sees each value through an input event. */
async function typeInto(input: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function renderPage() {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/login/forgot-password']}>
            <ForgotPasswordPage />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
  return container.querySelector<HTMLInputElement>('input[type="email"]')!;
}

describe('the forgot-password field', () => {
  it.each([
    ['anna+dd@client.test', 'anna+dd@client.test'],
    ["o'brien@client.ie", "o'brien@client.ie"],
    ['priya_shah@client.test', 'priya_shah@client.test'],
    ['info@müller.de', 'info@müller.de'],
    // What no address holds is still dropped as it is typed.
    ['ann lee@example.com;', 'annlee@example.com'],
  ])('keeps %s as %s', async (typed, kept) => {
    const field = await renderPage();
    await typeInto(field, typed);
    expect(field.value).toBe(kept);
  });
});
