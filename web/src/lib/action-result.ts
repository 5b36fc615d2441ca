import { notifications } from '@mantine/notifications';
import { notifyError, notifySuccess } from './notify';

/**
 * The result of the user's last action, as a notification (lib/notify.ts): at most one at a time, so a
 * new action's result replaces the last one, and starting the next action clears it (useSubmit does).
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

/** Why it failed, in red; it stays until closed or the next action. */
export function showActionFailure(message: string): void {
  clearActionResult();
  shown = notifyError(message);
}
