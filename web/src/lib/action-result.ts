import { notifications } from '@mantine/notifications';
import { notifySuccess } from './notify';

/**
 * The result of the user's last action, as a notification (lib/notify.ts): at most one at a time, so a
 * new action's result replaces the last one, and starting the next action clears it (useSubmit does).
 * A failure is not repeated here: it shows once, in red at the top of the page or dialog.
 */
let shown: string | null = null;

export function clearActionResult(): void {
  if (shown !== null) notifications.hide(shown);
  shown = null;
}

/** What the action did ("License 12 moved to user 34"), in green. */
export function showActionResult(message: string): void {
  clearActionResult();
  shown = notifySuccess(message);
}
