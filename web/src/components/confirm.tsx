import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmOptions {
  /** What is about to happen, as a question ("Move license 12 to user 34?"). */
  title: string;
  /** What it means for the user: what goes away, and whether it can be undone. */
  message: string;
  /** The confirming button names the action ("Move license"), never a bare "OK". */
  confirmLabel: string;
  /** A destructive action is red. */
  danger?: boolean;
}

/**
 * Asks before an action that cannot be taken back; resolves true only when the user confirms (Cancel,
 * Escape and closing the dialog resolve false).
 */
export function confirmAction({ title, message, confirmLabel, danger = true }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: danger ? 'red' : undefined },
      // The dialog's own close button needs a name (axe button-name); it answers like Cancel.
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
