import { Button, Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clearError, setError } from '../../../lib/app-state';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { registerUser } from '../api/register';
import { signUpError } from '../errors';
import { canRegister, emptyRegisterValues, registerErrors } from '../form-rules';
import { authNotices } from '../notices';
import { useAccountForm } from '../use-account-form';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';

/**
 * Register (spec §2): username, password, confirmation, email, names, company, terms and newsletter.
 * Enabled once the rules of spec §5 hold and the terms are accepted; then on to /verify with the username.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const form = useAccountForm(emptyRegisterValues, registerErrors);
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async (values) => {
    if (pending || !canRegister(values)) return;
    setPending(true);
    clearError();
    try {
      const { confirmed } = await registerUser(values);
      if (confirmed) navigate('/signin', withNotice(authNotices.registeredConfirmed));
      else navigate(`/verify?username=${encodeURIComponent(values.username)}`, withNotice(authNotices.registered));
    } catch (error) {
      setError(signUpError(error));
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <PageTitle>Create account</PageTitle>
      <Stack gap="sm">
        <UsernameInput
          withAsterisk
          autoFocus
          {...form.getInputProps('username')}
        />
        <PasswordInput label="Password" autoComplete="new-password" withAsterisk {...form.getInputProps('password')} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirmPassword')}
        />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
        <Checkbox mt="xs" label="I accept the terms and conditions" {...form.getInputProps('terms', { type: 'checkbox' })} />
        <Checkbox label="Subscribe to the newsletter" {...form.getInputProps('newsletter', { type: 'checkbox' })} />
        <Button type="submit" loading={pending} disabled={!canRegister(form.values)} mt="xs">
          Create account
        </Button>
        <AuthLinks links={[['/signin', 'Sign in'], ['/verify', 'Verify account']]} mailbox />
      </Stack>
    </form>
  );
}
