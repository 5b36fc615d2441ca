import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { usernameOnlySchema } from '../../../../../shared/forms/account';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths, withQuery } from '../../../lib/routing/paths';
import { requestPasswordReset } from '../api/recover-password';
import { recoverPasswordError } from '../errors';
import { authNotices } from '../notices';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';

/** Forgot password: the username gets a reset code by mail; then on to /recoverpassword. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useSchemaForm(usernameOnlySchema, { username: '' }, { quiet: ['username'] });
  const request = useSubmit(requestPasswordReset, {
    failure: recoverPasswordError,
    onSuccess: (_, { username }) =>
      navigate(withQuery(paths.recoverPassword, { username }), withNotice(authNotices.resetCodeSent)),
  });

  return (
    <form onSubmit={form.onSubmit(request.run)} noValidate>
      <PageTitle />
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Enter your username and we will email you a code to set a new password.
        </Text>
        <UsernameInput withAsterisk autoFocus {...form.getInputProps('username')} />
        <Button type="submit" loading={request.pending} disabled={!form.isValid()} mt="xs">
          Send code
        </Button>
        <AuthLinks links={[[paths.signIn, 'Sign in'], [paths.recoverPassword, 'I have a code']]} mailbox />
      </Stack>
    </form>
  );
}
