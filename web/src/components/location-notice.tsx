import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/** What a page may hand the next one through navigation state: a confirmation to show there. */
export interface NoticeState {
  notice: string;
}

export const withNotice = (notice: string): { state: NoticeState } => ({ state: { notice } });

const noticeOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : undefined;

/**
 * A confirmation on the page the user stays on: `show` puts it at the top (it replaces the current
 * history entry's notice), `clear` removes the one shown. Moving to another page shows its own instead.
 */
export function useNotice() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = { pathname: location.pathname, search: location.search, hash: location.hash };
  return {
    show: (notice: string) => void navigate(here, { replace: true, ...withNotice(notice) }),
    clear: () => {
      if (noticeOf(location.state) !== undefined) void navigate(here, { replace: true, state: null });
    },
  };
}

/**
 * A confirmation carried over from the previous page (e.g. "Password changed" on the profile after the
 * change-password page), shown in green at the top until the next navigation or action, or until closed.
 */
export function LocationNotice() {
  const notice = noticeOf(useLocation().state);
  const { clear } = useNotice();
  if (!notice) return null;
  return (
    <Alert color="teal" variant="light" mb="md" role="status" withCloseButton closeButtonLabel="Dismiss notice" onClose={clear}>
      {notice}
    </Alert>
  );
}
