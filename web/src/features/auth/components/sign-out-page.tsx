import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { signOutEverywhere } from '../../../session/sign-out-everywhere';

/** /signout: ends the sign-in at the API and the identity provider, clears the session and reloads at /signin. */
export function SignOutPage() {
  useEffect(() => {
    void signOutEverywhere('/signin');
  }, []);
  return <Text c="dimmed">Signing out…</Text>;
}
