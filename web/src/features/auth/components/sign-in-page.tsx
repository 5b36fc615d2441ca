import { Button, PasswordInput, Stack } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { clearError, setError } from '../../../lib/app-state';
import { PageTitle } from '../../../components/page-title';
import { preloadCognito } from '../../../session/session';
import { signInUser } from '../api/sign-in';
import { signInError } from '../errors';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';

/**
 * Sign in (spec §2): username and password, links to create an account, verify one and recover a password.
 * Once signed in, the signed-in routes take over /signin and go on to `redirect` or /profile.
 */
export function SignInPage() {
  // Two fields and no rules (spec §5 has none for sign-in): plain state keeps @mantine/form off this route.
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  // The identity provider module (AWS SDK) loads while the user types, not before the form shows.
  useEffect(preloadCognito, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !username.trim() || !password) return;
    setPending(true);
    clearError();
    try {
      await signInUser(username, password);
    } catch (error) {
      setError(signInError(error));
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <PageTitle>Sign in</PageTitle>
      <Stack gap="sm">
        <UsernameInput
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" loading={pending} disabled={!username.trim() || !password} mt="xs">
          Sign in
        </Button>
        <AuthLinks links={[['/register', 'Create account'], ['/verify', 'Verify account'], ['/forgotpassword', 'Forgot password?']]} />
      </Stack>
    </form>
  );
}
