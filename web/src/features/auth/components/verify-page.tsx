import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { usernameOnlySchema, verifySchema } from '../../../../../shared/forms/account';
import { useNotice, withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths } from '../../../lib/routing/paths';
import { resendVerificationCode, verifyAccount } from '../api/verify';
import { verifyError } from '../errors';
import { authNotices } from '../notices';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';

/** Verify: username and the mailed code, or a new code; once verified, on to sign-in. */
export default function VerifyPage() {
  const navigate = useNavigate();
  const notice = useNotice();
  const [params] = useSearchParams();
  const form = useSchemaForm(
    verifySchema,
    { username: params.get('username') ?? '', code: '' },
    { quiet: ['username', 'code'] },
  );
  const verify = useSubmit(verifyAccount, {
    failure: verifyError,
    onSuccess: () => navigate(paths.signIn, withNotice(authNotices.verified)),
  });
  // The confirmation replaces the one the previous page left.
  const resend = useSubmit(resendVerificationCode, {
    failure: verifyError,
    onSuccess: () => notice.show(authNotices.codeResent),
  });

  return (
    <form onSubmit={form.onSubmit(verify.run)} noValidate>
      <PageTitle />
      <Stack gap="sm">
        <UsernameInput withAsterisk autoFocus={!form.values.username} {...form.getInputProps('username')} />
        <TextInput
          label="Verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          withAsterisk
          autoFocus={!!form.values.username}
          {...form.getInputProps('code')}
        />
        <Group grow mt="xs">
          <Button type="submit" loading={verify.pending} disabled={!form.isValid() || resend.pending}>
            Verify
          </Button>
          <Button
            variant="default"
            loading={resend.pending}
            disabled={!form.isValid('username') || verify.pending}
            onClick={() => void resend.run(usernameOnlySchema.parse({ username: form.values.username }))}
          >
            Resend code
          </Button>
        </Group>
        <AuthLinks links={[[paths.signIn, 'Sign in'], [paths.register, 'Create account']]} mailbox />
      </Stack>
    </form>
  );
}
