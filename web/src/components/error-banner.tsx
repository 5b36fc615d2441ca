import { Alert } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { clearError, useError } from '../lib/app-state';
import classes from './error-banner.module.css';

/**
 * The single error string of the shared state (a server-supplied message) in red, shown in one place:
 * at the top of the page (PageErrorBanner), or, while a dialog is open that shows it (ErrorBanner in
 * the dialog), there alone, where the user is looking.
 */

/** The dialogs showing the error now: while there is one, the page's banner leaves the error to it. */
let dialogBanners = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const changeDialogBanners = (by: number) => {
  dialogBanners += by;
  listeners.forEach((listener) => listener());
};

function Banner({ error }: { error: string }) {
  return (
    <Alert color="red" variant="light" withCloseButton closeButtonLabel="Dismiss error" onClose={clearError} classNames={{ message: classes.message }}>
      {error}
    </Alert>
  );
}

/**
 * The error at the top of the page: it stays in sight under the header however far the page is scrolled
 * (the action that failed may be far down), over the page rather than pushing what the user reads.
 */
export function PageErrorBanner() {
  const error = useError();
  const inDialog = useSyncExternalStore(subscribe, () => dialogBanners > 0);
  if (!error || inDialog) return null;
  return (
    <div className={classes.page}>
      <Banner error={error} />
    </div>
  );
}

/**
 * The error inside an open dialog, at its top: the page's banner shows nothing meanwhile. A dialog starts
 * without the page's last error, and its own goes when it closes (it was about what the dialog did).
 */
export function ErrorBanner() {
  const error = useError();
  useEffect(() => {
    clearError();
    changeDialogBanners(1);
    return () => {
      changeDialogBanners(-1);
      clearError();
    };
  }, []);
  if (!error) return null;
  return (
    <div className={classes.dialog}>
      <Banner error={error} />
    </div>
  );
}
