import { Button, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { clearError, setError } from '../../../lib/app-state';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { requestPasswordReset } from '../api/recover-password';
import { recoverPasswordError } from '../errors';
import { canRequestReset } from '../form-rules';
import { authNotices } from '../notices';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';

/** Forgot password: the username gets a reset code by mail; then on to /recoverpassword. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !canRequestReset({ username })) return;
    setPending(true);
    clearError();
    try {
      await requestPasswordReset(username);
      navigate(`/recoverpassword?username=${encodeURIComponent(username.trim())}`, withNotice(authNotices.resetCodeSent));
    } catch (error) {
      setError(recoverPasswordError(error));
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <PageTitle>Forgot password</PageTitle>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Enter your username and we will email you a code to set a new password.
        </Text>
        <UsernameInput
          withAsterisk
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <Button type="submit" loading={pending} disabled={!canRequestReset({ username })} mt="xs">
          Send code
        </Button>
        <AuthLinks links={[['/signin', 'Sign in'], ['/recoverpassword', 'I have a code']]} mailbox />
      </Stack>
    </form>
  );
}
