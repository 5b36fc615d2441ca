import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { authenticatorMessages } from '../../../../../shared/authenticator';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useHasAuthenticator } from '../api/authenticator';
import { AuthenticatorSetup } from './authenticator-setup';

/**
 * An admin page for an administrator without an authenticator shows the set-up instead: the API grants
 * no admin rights until one is on. Once it is, the page itself shows.
 */
export function AdminAuthenticatorGate({ children }: { children: ReactNode }) {
  const status = useHasAuthenticator();
  if (status.isPending) return <PageLoader />;
  // If the check itself failed, the page shows: the API refuses what it must.
  if (status.data !== false) return children;
  return (
    <>
      <PageTitle>Two-factor sign-in</PageTitle>
      <Stack gap="md" maw={560}>
        <Alert color="yellow" variant="light">
          {authenticatorMessages.adminRequired}
        </Alert>
        <AuthenticatorSetup />
      </Stack>
    </>
  );
}
