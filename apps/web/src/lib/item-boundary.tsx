import { Component, type ReactNode } from 'react';

export const ITEM_FAILED_TEXT = 'This item could not be shown';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * One list item (a chat message, an update card, a delivery) that fails to render shows a small note in
 * its place, and the rest of the page goes on working (docs/product.md §C9). Without it one message the
 * renderer could not take blanked the chat page for everyone. The fallback is an `li`, as every item
 * wrapped is one.
 */
export class ItemBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A list item could not be shown', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <li
        role="note"
        style={{ color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-sm)' }}
      >
        {ITEM_FAILED_TEXT}
      </li>
    );
  }
}
