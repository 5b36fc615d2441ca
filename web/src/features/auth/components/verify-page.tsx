import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { clearError, setError } from '../../../lib/app-state';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { resendVerificationCode, verifyAccount } from '../api/verify';
import { verifyError } from '../errors';
import { canResendCode, canVerify, type VerifyValues } from '../form-rules';
import { authNotices } from '../notices';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';

/** Verify (spec §2): username and the mailed code, or a new code; once verified, on to sign-in. */
export default function VerifyPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const form = useForm<VerifyValues>({
    mode: 'controlled',
    initialValues: { username: params.get('username') ?? '', code: '' },
  });
  const [pending, setPending] = useState<'verify' | 'resend' | null>(null);

  const submit = form.onSubmit(async (values) => {
    if (pending || !canVerify(values)) return;
    setPending('verify');
    clearError();
    try {
      await verifyAccount(values.username, values.code);
      navigate('/signin', withNotice(authNotices.verified));
    } catch (error) {
      setError(verifyError(error));
      setPending(null);
    }
  });

  const resend = async () => {
    const { username } = form.getValues();
    if (pending || !canResendCode({ username })) return;
    setPending('resend');
    clearError();
    try {
      await resendVerificationCode(username);
      // The confirmation replaces the one the previous page left.
      navigate({ search: location.search }, { replace: true, ...withNotice(authNotices.codeResent) });
    } catch (error) {
      setError(verifyError(error));
    }
    setPending(null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <PageTitle>Verify account</PageTitle>
      <Stack gap="sm">
        <UsernameInput
          withAsterisk
          autoFocus={!form.values.username}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          withAsterisk
          autoFocus={!!form.values.username}
          {...form.getInputProps('code')}
        />
        <Group grow mt="xs">
          <Button type="submit" loading={pending === 'verify'} disabled={!canVerify(form.values) || pending === 'resend'}>
            Verify
          </Button>
          <Button
            variant="default"
            loading={pending === 'resend'}
            disabled={!canResendCode(form.values) || pending === 'verify'}
            onClick={() => void resend()}
          >
            Resend code
          </Button>
        </Group>
        <AuthLinks links={[['/signin', 'Sign in'], ['/register', 'Create account']]} mailbox />
      </Stack>
    </form>
  );
}
