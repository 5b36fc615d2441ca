import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { paths } from '../../../lib/routing/paths';
import { signOutEverywhere } from '../../../session/sign-out-everywhere';

/** /signout: ends the sign-in at the API and the identity provider, clears the session and reloads at /signin. */
export default function SignOutPage() {
  useEffect(() => {
    void signOutEverywhere(paths.signIn);
  }, []);
  return <Text c="dimmed">Signing out…</Text>;
}
