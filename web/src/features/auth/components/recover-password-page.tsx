import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { clearError, setError } from '../../../lib/app-state';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { resetPassword } from '../api/recover-password';
import { recoverPasswordError } from '../errors';
import { canRecoverPassword, recoverPasswordErrors } from '../form-rules';
import { authNotices } from '../notices';
import { useAccountForm } from '../use-account-form';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';

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
        <UsernameInput
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
        <AuthLinks links={[['/signin', 'Sign in'], ['/forgotpassword', 'Send a new code']]} mailbox />
      </Stack>
    </form>
  );
}
