import { Button, Group, Stack, Text } from '@mantine/core';
import { authenticatorMessages } from '../../../../../shared/authenticator';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { showActionResult } from '../../../lib/action-result';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useSession } from '../../../session/session';
import { useHasAuthenticator, useTurnOffAuthenticator } from '../api/authenticator';
import { authenticatorError } from '../errors';
import { AuthenticatorSetup } from './authenticator-setup';

/**
 * Two-factor sign-in: any user may add an authenticator app, so that a sign-in needs its code as well as
 * the password; administrators must, and cannot turn it off.
 */
export default function AuthenticatorPage() {
  const session = useSession();
  const status = useHasAuthenticator();
  const turnOff = useTurnOffAuthenticator();
  const off = useSubmit(() => turnOff.mutateAsync(), {
    success: () => authenticatorMessages.turnedOff,
    failure: authenticatorError,
  });

  return (
    <>
      <PageTitle />
      {status.isPending ? (
        <PageLoader />
      ) : (
        <Stack gap="md" maw={560}>
          {status.data ? (
            <>
              <Text>You sign in with your password and a code from your authenticator app.</Text>
              {session?.isAdmin ? (
                <Text size="sm" c="dimmed">
                  {authenticatorMessages.adminKeepsIt}
                </Text>
              ) : (
                <Group>
                  <Button variant="default" onClick={() => void off.run()} loading={off.pending}>
                    Turn off
                  </Button>
                </Group>
              )}
            </>
          ) : (
            <>
              <Text>Make your account safer: sign in with a code from an authenticator app on your phone as well as your password.</Text>
              <AuthenticatorSetup onDone={() => showActionResult(authenticatorMessages.turnedOn)} />
            </>
          )}
        </Stack>
      )}
    </>
  );
}
