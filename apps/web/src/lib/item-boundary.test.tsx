// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ITEM_FAILED_TEXT, ItemBoundary } from './item-boundary.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Item({ text }: { text: string }) {
  // As a renderer overflowing its stack on `>` × 3,000 did (issue 41).
  if (text.startsWith('>>>')) throw new RangeError('Maximum call stack size exceeded');
  return <li>{text}</li>;
}

afterEach(() => vi.restoreAllMocks());

describe('ItemBoundary', () => {
  it('shows one failing item as a small note and every other item as usual', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <ul>
          {['Hello', '>'.repeat(3_000), 'Bye'].map((text) => (
            <ItemBoundary key={text}>
              <Item text={text} />
            </ItemBoundary>
          ))}
        </ul>,
      ),
    );
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Hello',
      ITEM_FAILED_TEXT,
      'Bye',
    ]);
    await act(async () => root.unmount());
  });
});
