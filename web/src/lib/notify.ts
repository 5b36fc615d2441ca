import { notifications } from '@mantine/notifications';

/**
 * What the user just did, shown where they are: a notification stays in view however far the page is
 * scrolled. It returns the notification's id. A polite status (role="status"), read out without
 * interrupting. No title: Mantine dims a titled notification's text below AA contrast. (A failure is the
 * red banner's alone: components/error-banner.)
 */
const closeButtonProps = { 'aria-label': 'Dismiss' };

/** How long a success stays: long enough to read a sentence after looking up from the action. */
const SUCCESS_MS = 8_000;

export function notifySuccess(message: string, title?: string): string {
  return notifications.show({ message, title, color: 'green', withBorder: true, role: 'status', autoClose: SUCCESS_MS, closeButtonProps });
}
