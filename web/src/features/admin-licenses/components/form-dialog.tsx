import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogScope } from '../../../lib/forms/result-place';

interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The form: mounted only while the dialog is open, so each opening starts from the stored values. */
  children: ReactNode;
}

/**
 * A dialog holding one form (Edit, Move, Add new license), named by its title, with a named close button;
 * a failure inside it shows in it (DialogScope).
 */
export function FormDialog({ opened, onClose, title, children }: FormDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <DialogScope>{children}</DialogScope>}
    </Modal>
  );
}
