import { notifications } from '@mantine/notifications';

/** Toasts sit bottom-left and close after 3 s (set once on <Notifications> in the providers). */
export function notifyError(message: string): void {
  notifications.show({ color: 'red', title: undefined, message, withBorder: true });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, withBorder: true });
}
