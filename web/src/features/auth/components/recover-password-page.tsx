import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { clearError, setError } from '../../../app/app-state';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { resetPassword } from '../api/recover-password';
import { recoverPasswordError } from '../errors';
import { canRecoverPassword, recoverPasswordErrors } from '../form-rules';
import { authNotices } from '../notices';
import { useAccountForm } from '../use-account-form';
import { LocalMailboxLink } from './local-mailbox-link';

/** Recover password (spec §2): username, new password, confirmation and the mailed code; then sign in. */
export default function RecoverPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialUsername = params.get('username') ?? '';
  const form = useAccountForm(
    { username: initialUsername, password: '', confirmPassword: '', code: '' },
    recoverPasswordErrors,
  );
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async (values) => {
    if (pending || !canRecoverPassword(values)) return;
    setPending(true);
    clearError();
    try {
      await resetPassword(values.username, values.code, values.password);
      navigate('/signin', withNotice(authNotices.passwordReset));
    } catch (error) {
      setError(recoverPasswordError(error));
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <PageTitle>Recover password</PageTitle>
      <Stack gap="sm">
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          autoFocus={!initialUsername}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          withAsterisk
          autoFocus={!!initialUsername}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirmPassword')}
        />
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          withAsterisk
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={pending} disabled={!canRecoverPassword(form.values)} mt="xs">
          Set new password
        </Button>
        <Group justify="space-between" gap="xs" mt="xs">
          <Anchor component={Link} to="/signin" size="sm">
            Sign in
          </Anchor>
          <Anchor component={Link} to="/forgotpassword" size="sm">
            Send a new code
          </Anchor>
          <LocalMailboxLink />
        </Group>
      </Stack>
    </form>
  );
}
