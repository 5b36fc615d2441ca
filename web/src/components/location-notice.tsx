import { Alert } from '@mantine/core';
import { useLocation } from 'react-router';

/** What a page may hand the next one through navigation state: a confirmation to show there. */
export interface NoticeState {
  notice: string;
}

export const withNotice = (notice: string): { state: NoticeState } => ({ state: { notice } });

/**
 * A confirmation carried over from the previous page (e.g. "Password changed" on the profile after the
 * change-password page), shown in green at the top until the next navigation.
 */
export function LocationNotice() {
  const { state } = useLocation();
  const notice = typeof state === 'object' && state !== null && 'notice' in state ? state.notice : undefined;
  if (typeof notice !== 'string' || !notice) return null;
  return (
    <Alert color="teal" variant="light" mb="md" role="status">
      {notice}
    </Alert>
  );
}
