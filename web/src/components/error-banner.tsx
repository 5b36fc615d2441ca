import { Alert } from '@mantine/core';
import { clearError, useError } from '../lib/app-state';
import classes from './error-banner.module.css';

/** The single error string of the shared state: a server-supplied message, in red at the top of the page. */
export function ErrorBanner() {
  const error = useError();
  if (!error) return null;
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      withCloseButton
      closeButtonLabel="Dismiss error"
      onClose={clearError}
      classNames={{ message: classes.message }}
    >
      {error}
    </Alert>
  );
}
