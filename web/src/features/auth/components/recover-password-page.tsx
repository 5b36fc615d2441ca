import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { recoverPasswordSchema } from '../../../../../shared/forms/account';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths } from '../../../lib/routing/paths';
import { resetPassword } from '../api/recover-password';
import { recoverPasswordError } from '../errors';
import { authNotices } from '../notices';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';

/** Recover password: username, new password, confirmation and the mailed code; then sign in. */
export default function RecoverPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialUsername = params.get('username') ?? '';
  const form = useSchemaForm(
    recoverPasswordSchema,
    { username: initialUsername, password: '', confirmPassword: '', code: '' },
    { quiet: ['username', 'code'] },
  );
  const recover = useSubmit(resetPassword, {
    failure: recoverPasswordError,
    onSuccess: () => navigate(paths.signIn, withNotice(authNotices.passwordReset)),
  });

  return (
    <form onSubmit={form.onSubmit(recover.run)} noValidate>
      <PageTitle />
      <Stack gap="sm">
        <UsernameInput withAsterisk autoFocus={!initialUsername} {...form.getInputProps('username')} />
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
        <Button type="submit" loading={recover.pending} disabled={!form.isValid()} mt="xs">
          Set new password
        </Button>
        <AuthLinks links={[[paths.signIn, 'Sign in'], [paths.forgotPassword, 'Send a new code']]} mailbox />
      </Stack>
    </form>
  );
}
