import { TOAST_AUTO_CLOSE_MS } from '@dd/domain';
import { notifications } from '@mantine/notifications';

/** Toasts sit bottom-left and close after 3 s (set once on <Notifications> in the providers). */
const shownErrors = new Set<string>();

/**
 * One toast per failure (docs/product.md §F5): a message already on screen is not shown again, so a query's
 * retry or two parts of a page failing on the same outage do not stack identical toasts.
 */
export function notifyError(message: string): void {
  if (shownErrors.has(message)) return;
  shownErrors.add(message);
  notifications.show({
    color: 'red',
    title: undefined,
    message,
    withBorder: true,
    onClose: () => shownErrors.delete(message),
  });
  // A toast cleared without its onClose (or still queued behind others) frees its message anyway.
  setTimeout(() => shownErrors.delete(message), TOAST_AUTO_CLOSE_MS * 3);
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, withBorder: true });
}
