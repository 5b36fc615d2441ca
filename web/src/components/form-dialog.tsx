import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { MOBILE_BREAKPOINT } from '../lib/breakpoints';
import { DialogScope } from '../lib/forms/result-place';

interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The form: mounted only while the dialog is open, so each opening starts from the stored values. */
  children: ReactNode;
  /** Room for a conversation: wide on a wide screen, the whole screen on a phone. */
  wide?: boolean;
}

/**
 * A dialog holding one form (Edit, Move, Add new license), named by its title, with a named close button;
 * a failure inside it shows in it (DialogScope).
 */
export function FormDialog({ opened, onClose, title, children, wide = false }: FormDialogProps) {
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT})`) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      {...(wide ? { size: 'min(60rem, 90vw)', fullScreen: phone } : {})}
    >
      {opened && <DialogScope>{children}</DialogScope>}
    </Modal>
  );
}
