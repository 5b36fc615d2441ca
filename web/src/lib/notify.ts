import { notifications } from '@mantine/notifications';

/**
 * The result of what the user just did, shown where they are: a notification stays in view however far
 * the page is scrolled. Errors the server sends keep their red banner at the top of the page as well
 * (app-state's error); this is the note next to the action.
 */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: 'green', withBorder: true });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ message, title, color: 'red', withBorder: true, autoClose: false });
}
