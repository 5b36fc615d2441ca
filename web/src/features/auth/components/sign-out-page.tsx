import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { signOut } from '../../../session/session';

/** /signout: clears the session (revoking the refresh token) and reloads at the sign-in page. */
export function SignOutPage() {
  useEffect(() => {
    void signOut({ revoke: true, to: '/signin' });
  }, []);
  return <Text c="dimmed">Signing out…</Text>;
}
