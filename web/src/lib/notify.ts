import { notifications } from '@mantine/notifications';

/**
 * The result of what the user just did, shown where they are: a notification stays in view however far
 * the page is scrolled. Errors the server sends keep their red banner at the top of the page as well
 * (app-state's error); this is the note next to the action. Each returns the notification's id.
 *
 * Both are polite statuses (role="status"), read out without interrupting: a server's error is already
 * announced once by the red banner at the top (role="alert"), and the notification repeats it where the
 * user is looking. An error stays until closed. No title: Mantine dims a titled notification's text below
 * AA contrast.
 */
const closeButtonProps = { 'aria-label': 'Dismiss' };

/** How long a success stays: long enough to read a sentence after looking up from the action. */
const SUCCESS_MS = 8_000;

export function notifySuccess(message: string, title?: string): string {
  return notifications.show({ message, title, color: 'green', withBorder: true, role: 'status', autoClose: SUCCESS_MS, closeButtonProps });
}

export function notifyError(message: string, title?: string): string {
  return notifications.show({ message, title, color: 'red', withBorder: true, role: 'status', autoClose: false, closeButtonProps });
}
