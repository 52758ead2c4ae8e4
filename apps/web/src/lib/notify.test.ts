import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from './notify.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('notifyError: one toast per failure (docs/product.md §F5)', () => {
  beforeEach(() => {
    vi.mocked(notifications.show).mockClear();
    vi.useFakeTimers();
  });

  it('shows a message once while it is on screen, and again after it closed', () => {
    notifyError('Something failed');
    notifyError('Something failed');
    expect(notifications.show).toHaveBeenCalledTimes(1);
    notifyError('Another failure');
    expect(notifications.show).toHaveBeenCalledTimes(2);

    const first = vi.mocked(notifications.show).mock.calls[0]![0];
    first.onClose?.(first as never);
    notifyError('Something failed');
    expect(notifications.show).toHaveBeenCalledTimes(3);
  });

  it('frees a message whose toast never reported closing', () => {
    notifyError('Lost toast');
    vi.advanceTimersByTime(60_000);
    notifyError('Lost toast');
    expect(notifications.show).toHaveBeenCalledTimes(2);
  });
});
